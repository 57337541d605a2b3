package shipping

import (
	"context"
	"errors"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// queryer is a pool or a transaction.
type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// activeOptions reads the active options in display order.
func activeOptions(ctx context.Context, pool *pgxpool.Pool) ([]Option, error) {
	rows, err := pool.Query(ctx, `SELECT code, name, carrier, estimated_delivery, price_minor, currency_code,
		free_over_minor, position, active FROM delivery_options WHERE active ORDER BY position, price_minor, code`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Option, error) {
		var o Option
		var price int64
		var freeOver *int64
		err := r.Scan(&o.Code, &o.Name, &o.Carrier, &o.EstimatedDelivery, &price, &o.Price.Currency, &freeOver, &o.Position, &o.Active)
		o.Price.Minor = price
		if freeOver != nil {
			o.FreeOver = &money.Money{Minor: *freeOver, Currency: o.Price.Currency}
		}
		return o, err
	})
}

// saveOption creates or replaces the option with o.Code as the system, bumping its version. An
// option given a free-over amount takes the free-delivery rule from whichever option had it.
func saveOption(ctx context.Context, tx pgx.Tx, o Option, currency string, freeOver *int64) error {
	if freeOver != nil {
		if _, err := tx.Exec(ctx, `UPDATE delivery_options SET free_over_minor = NULL
			WHERE free_over_minor IS NOT NULL AND code <> @code`, pgx.NamedArgs{"code": o.Code}); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `INSERT INTO delivery_options
		(code, name, carrier, estimated_delivery, price_minor, currency_code, free_over_minor, position, active)
		VALUES (@code, @name, @carrier, @eta, @price, @currency, @free_over, @position, @active)
		ON CONFLICT (code) DO UPDATE SET name = excluded.name, carrier = excluded.carrier,
			estimated_delivery = excluded.estimated_delivery, price_minor = excluded.price_minor,
			currency_code = excluded.currency_code, free_over_minor = excluded.free_over_minor,
			position = excluded.position, active = excluded.active,
			version = delivery_options.version + 1, updated_at = now()`,
		pgx.NamedArgs{"code": o.Code, "name": o.Name, "carrier": o.Carrier, "eta": o.EstimatedDelivery,
			"price": o.Price.Minor, "currency": currency, "free_over": freeOver, "position": o.Position, "active": o.Active})
	return err
}

// adminColumns are an AdminOption's columns; the saver comes from the revision that saved the
// current state (absent for the seed's options: the system).
const adminColumns = `SELECT d.id::text, d.code, d.name, d.carrier, d.estimated_delivery, d.price_minor, d.currency_code,
	d.free_over_minor, d.position, d.active, d.version, d.updated_at,
	COALESCE(r.actor_id::text, ''), COALESCE(r.actor_name, ''), COALESCE(r.actor_email, '')
	FROM delivery_options d LEFT JOIN delivery_option_revisions r ON r.option_id = d.id AND r.revision = d.version`

// adminOptions reads the option with code (every option for ""), in display order; with lock, the
// rows stay locked until the transaction ends.
func adminOptions(ctx context.Context, q queryer, code string, lock bool) ([]AdminOption, error) {
	sql := adminColumns + ` WHERE @code = '' OR d.code = @code ORDER BY d.position, d.price_minor, d.code`
	if lock {
		sql += ` FOR UPDATE OF d`
	}
	rows, err := q.Query(ctx, sql, pgx.NamedArgs{"code": code})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AdminOption, error) {
		var o AdminOption
		var freeOver *int64
		err := r.Scan(&o.ID, &o.Code, &o.Name, &o.Carrier, &o.EstimatedDelivery, &o.Price.Minor, &o.Price.Currency,
			&freeOver, &o.Position, &o.Active, &o.Revision, &o.UpdatedAt,
			&o.UpdatedBy.AccountID, &o.UpdatedBy.Name, &o.UpdatedBy.Email)
		if freeOver != nil {
			o.FreeOver = &money.Money{Minor: *freeOver, Currency: o.Price.Currency}
		}
		return o, err
	})
}

// optionByCode reads one option, or nil.
func optionByCode(ctx context.Context, q queryer, code string, lock bool) (*AdminOption, error) {
	if code == "" {
		return nil, errors.New("shipping.optionByCode: no code")
	}
	opts, err := adminOptions(ctx, q, code, lock)
	if err != nil || len(opts) == 0 {
		return nil, err
	}
	return &opts[0], nil
}

// lockOptions locks every option until the transaction ends.
func lockOptions(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `SELECT id FROM delivery_options FOR UPDATE`)
	return err
}

// otherActiveOptions counts the active options other than id.
func otherActiveOptions(ctx context.Context, tx pgx.Tx, id string) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM delivery_options WHERE active AND id <> @id::uuid`,
		pgx.NamedArgs{"id": id}).Scan(&n)
	return n, err
}

// insertOption creates an option at revision 1; false when its code is taken.
func insertOption(ctx context.Context, tx pgx.Tx, o Option, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO delivery_options
		(code, name, carrier, estimated_delivery, price_minor, currency_code, position, active, version, updated_at)
		VALUES (@code, @name, @carrier, @eta, @price, @currency, @position, @active, 1, @now) ON CONFLICT (code) DO NOTHING`,
		pgx.NamedArgs{"code": o.Code, "name": o.Name, "carrier": o.Carrier, "eta": o.EstimatedDelivery,
			"price": o.Price.Minor, "currency": money.GBPCode, "position": o.Position, "active": o.Active, "now": now})
	return tag.RowsAffected() == 1, err
}

// updateOption writes o's editable fields as the revision after from; false when the option is no
// longer at from.
func updateOption(ctx context.Context, tx pgx.Tx, id string, o Option, from int64, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE delivery_options SET name = @name, carrier = @carrier, estimated_delivery = @eta,
		price_minor = @price, position = @position, active = @active, version = version + 1, updated_at = @now
		WHERE id = @id::uuid AND version = @from`,
		pgx.NamedArgs{"id": id, "name": o.Name, "carrier": o.Carrier, "eta": o.EstimatedDelivery, "price": o.Price.Minor,
			"position": o.Position, "active": o.Active, "from": from, "now": now})
	return tag.RowsAffected() == 1, err
}

// optionRevisions is the delivery options' history, keyed by the option's id.
var optionRevisions = revision.Table[Snapshot]{Name: "delivery_option_revisions", Key: "option_id"}

func actorID(a revision.Actor) *string {
	if a.AccountID == "" {
		return nil
	}
	return &a.AccountID
}

// freeOption is the option the free-delivery rule makes free, its threshold and when it was last
// saved; "" when none is. Should the seed have left more than one, the first in display order is
// the rule (the next rule change clears the others).
func freeOption(ctx context.Context, tx pgx.Tx) (code string, threshold int64, updated time.Time, err error) {
	err = tx.QueryRow(ctx, `SELECT code, free_over_minor, updated_at FROM delivery_options
		WHERE free_over_minor IS NOT NULL ORDER BY position, price_minor, code LIMIT 1`).Scan(&code, &threshold, &updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, time.Time{}, nil
	}
	return code, threshold, updated, err
}

// setFreeOver makes the option with code (none for "") the only one with a free-over amount.
func setFreeOver(ctx context.Context, tx pgx.Tx, code string, threshold int64) error {
	_, err := tx.Exec(ctx, `UPDATE delivery_options
		SET free_over_minor = CASE WHEN code = @code THEN @threshold::bigint END
		WHERE free_over_minor IS NOT NULL OR code = @code`, pgx.NamedArgs{"code": code, "threshold": threshold})
	return err
}

// latestRuleRevision is the newest recorded change of the free-delivery rule, or revision 1 by
// the system (with no time) when none is recorded.
func latestRuleRevision(ctx context.Context, tx pgx.Tx) (FreeDeliveryRule, error) {
	var r FreeDeliveryRule
	err := tx.QueryRow(ctx, `SELECT revision, COALESCE(actor_id::text, ''), actor_name, actor_email, created_at
		FROM free_delivery_rule_revisions ORDER BY revision DESC LIMIT 1`).Scan(
		&r.Revision, &r.UpdatedBy.AccountID, &r.UpdatedBy.Name, &r.UpdatedBy.Email, &r.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return FreeDeliveryRule{Revision: 1}, nil
	}
	return r, err
}

func ruleRevisionExists(ctx context.Context, tx pgx.Tx, rev int64) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM free_delivery_rule_revisions WHERE revision = @rev)`,
		pgx.NamedArgs{"rev": rev}).Scan(&ok)
	return ok, err
}

// insertRuleRevision records the rule r as its revision.
func insertRuleRevision(ctx context.Context, tx pgx.Tx, r FreeDeliveryRule) error {
	var threshold *int64
	if r.OptionCode != "" {
		threshold = &r.Threshold.Minor
	}
	_, err := tx.Exec(ctx, `INSERT INTO free_delivery_rule_revisions
		(revision, option_code, threshold_minor, actor_id, actor_name, actor_email, created_at)
		VALUES (@rev, @code, @threshold, @actor::uuid, @name, @email, @at)`, pgx.NamedArgs{
		"rev": r.Revision, "code": r.OptionCode, "threshold": threshold, "actor": actorID(r.UpdatedBy),
		"name": r.UpdatedBy.Name, "email": r.UpdatedBy.Email, "at": r.UpdatedAt,
	})
	return err
}
