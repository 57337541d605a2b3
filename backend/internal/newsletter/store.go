package newsletter

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// upsertPending makes sure email has a subscription row and says whether it is confirmed.
func upsertPending(ctx context.Context, tx pgx.Tx, email string) (confirmed bool, err error) {
	if _, err := tx.Exec(ctx, `INSERT INTO newsletter_subscriptions (email) VALUES (@email) ON CONFLICT DO NOTHING`,
		pgx.NamedArgs{"email": email}); err != nil {
		return false, err
	}
	err = tx.QueryRow(ctx, `SELECT confirmed_at IS NOT NULL FROM newsletter_subscriptions WHERE lower(email) = @email`,
		pgx.NamedArgs{"email": email}).Scan(&confirmed)
	return confirmed, err
}

func subscriptionByEmail(ctx context.Context, tx pgx.Tx, email string) (id string, confirmed, found bool, err error) {
	err = tx.QueryRow(ctx, `SELECT id::text, confirmed_at IS NOT NULL FROM newsletter_subscriptions WHERE lower(email) = @email`,
		pgx.NamedArgs{"email": email}).Scan(&id, &confirmed)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, false, nil
	}
	return id, confirmed, err == nil, err
}

// addConfirmToken stores a new confirmation token of subscription id, and forgets the id's
// expired ones, which can never be used.
func addConfirmToken(ctx context.Context, tx pgx.Tx, id string, hash []byte, now, expiresAt time.Time) error {
	if _, err := tx.Exec(ctx, `DELETE FROM newsletter_confirmations WHERE subscription_id = @id AND expires_at <= @now`,
		pgx.NamedArgs{"id": id, "now": now}); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO newsletter_confirmations (token_hash, subscription_id, expires_at)
		VALUES (@hash, @id, @expires)`, pgx.NamedArgs{"id": id, "hash": hash, "expires": expiresAt})
	return err
}

// useConfirmToken confirms the subscription holding an unexpired token with this hash and
// deletes all its tokens; deleting is the check, so a token is used at most once.
func useConfirmToken(ctx context.Context, tx pgx.Tx, hash []byte, now time.Time) (email string, found bool, err error) {
	var id string
	err = tx.QueryRow(ctx, `DELETE FROM newsletter_confirmations WHERE token_hash = @hash AND expires_at > @now
		RETURNING subscription_id::text`, pgx.NamedArgs{"hash": hash, "now": now}).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM newsletter_confirmations WHERE subscription_id = @id`, pgx.NamedArgs{"id": id}); err != nil {
		return "", false, err
	}
	err = tx.QueryRow(ctx, `UPDATE newsletter_subscriptions SET confirmed_at = coalesce(confirmed_at, @now)
		WHERE id = @id RETURNING email`, pgx.NamedArgs{"id": id, "now": now}).Scan(&email)
	return email, err == nil, err
}

func deleteSubscription(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM newsletter_subscriptions WHERE id = @id`, pgx.NamedArgs{"id": id})
	return err
}

type subscriptionRow struct {
	id    string
	email string
}

func confirmedSubscriptions(ctx context.Context, pool *pgxpool.Pool) ([]subscriptionRow, error) {
	rows, err := pool.Query(ctx, `SELECT id::text, email FROM newsletter_subscriptions
		WHERE confirmed_at IS NOT NULL ORDER BY confirmed_at, id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (subscriptionRow, error) {
		var s subscriptionRow
		return s, r.Scan(&s.id, &s.email)
	})
}
