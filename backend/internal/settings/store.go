package settings

import (
	"context"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// queryer is a pool or a transaction.
type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// readSettings reads the one settings row, or nil when the shop has none yet; with lock, the row
// stays locked until the transaction ends, so concurrent writes queue up. The saver comes from the
// revision that saved the current state (absent for the seed's settings: the system).
func readSettings(ctx context.Context, q queryer, lock bool) (*Store, error) {
	sql := `SELECT s.store_name, s.address_line1, s.address_line2, s.city, s.postcode, s.country,
		s.contact_email, s.phone, s.company_number, s.vat_number, s.currency_code, s.version, s.updated_at,
		COALESCE(r.actor_id::text, ''), COALESCE(r.actor_name, ''), COALESCE(r.actor_email, '')
		FROM store_settings s LEFT JOIN store_settings_revisions r ON r.revision = s.version`
	if lock {
		sql += ` FOR UPDATE OF s`
	}
	rows, err := q.Query(ctx, sql)
	if err != nil {
		return nil, err
	}
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Store, error) {
		var st Store
		err := r.Scan(&st.Name, &st.AddressLine1, &st.AddressLine2, &st.City, &st.Postcode, &st.Country,
			&st.ContactEmail, &st.Phone, &st.CompanyNumber, &st.VATNumber, &st.CurrencyCode, &st.Revision, &st.UpdatedAt,
			&st.UpdatedBy.AccountID, &st.UpdatedBy.Name, &st.UpdatedBy.Email)
		return st, err
	})
	if err != nil || len(all) == 0 {
		return nil, err
	}
	return &all[0], nil
}

func settingsArgs(st Store, now time.Time) pgx.NamedArgs {
	return pgx.NamedArgs{"name": st.Name, "l1": st.AddressLine1, "l2": st.AddressLine2, "city": st.City,
		"postcode": st.Postcode, "country": st.Country, "email": st.ContactEmail, "phone": st.Phone,
		"company": st.CompanyNumber, "vat": st.VATNumber, "currency": st.CurrencyCode, "now": now}
}

// saveSettings writes the one settings row as the system, bumping its version.
func saveSettings(ctx context.Context, tx pgx.Tx, st Store, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO store_settings (id, store_name, address_line1, address_line2, city,
		postcode, country, contact_email, phone, company_number, vat_number, currency_code, updated_at)
		VALUES (true, @name, @l1, @l2, @city, @postcode, @country, @email, @phone, @company, @vat, @currency, @now)
		ON CONFLICT (id) DO UPDATE SET store_name = excluded.store_name, address_line1 = excluded.address_line1,
			address_line2 = excluded.address_line2, city = excluded.city, postcode = excluded.postcode,
			country = excluded.country, contact_email = excluded.contact_email, phone = excluded.phone,
			company_number = excluded.company_number, vat_number = excluded.vat_number,
			currency_code = excluded.currency_code, version = store_settings.version + 1, updated_at = excluded.updated_at`,
		settingsArgs(st, now))
	return err
}

// insertSettings creates the settings at revision 1; false when they exist.
func insertSettings(ctx context.Context, tx pgx.Tx, st Store, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO store_settings (id, store_name, address_line1, address_line2, city,
		postcode, country, contact_email, phone, company_number, vat_number, currency_code, version, updated_at)
		VALUES (true, @name, @l1, @l2, @city, @postcode, @country, @email, @phone, @company, @vat, @currency, 1, @now)
		ON CONFLICT (id) DO NOTHING`, settingsArgs(st, now))
	return tag.RowsAffected() == 1, err
}

// updateSettings writes st's editable fields as the revision after from; false when the settings
// are no longer at from.
func updateSettings(ctx context.Context, tx pgx.Tx, st Store, from int64, now time.Time) (bool, error) {
	args := settingsArgs(st, now)
	args["from"] = from
	tag, err := tx.Exec(ctx, `UPDATE store_settings SET store_name = @name, address_line1 = @l1, address_line2 = @l2,
		city = @city, postcode = @postcode, country = @country, contact_email = @email, phone = @phone,
		company_number = @company, vat_number = @vat, version = version + 1, updated_at = @now
		WHERE id AND version = @from`, args)
	return tag.RowsAffected() == 1, err
}

// settingsRevisions is the settings' history: one row per revision, no key (there is one set).
var settingsRevisions = revision.Table[Snapshot]{Name: "store_settings_revisions"}
