package payment

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The test provider's own table of payments, test_payment_intents, standing in for Stripe's.

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// insertTestIntent stores a new payment awaiting a card; one with ref already stored is kept.
func insertTestIntent(ctx context.Context, pool *pgxpool.Pool, ref string, in NewIntent) error {
	_, err := pool.Exec(ctx, `INSERT INTO test_payment_intents (ref, order_id, amount_minor, currency_code, status)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (ref) DO NOTHING`,
		ref, in.OrderID, in.Amount.Minor, in.Amount.Currency, string(StatusRequiresPayment))
	return err
}

// readTestIntent reads a payment's order, amount, status and failure message, locking its row
// when lock is set; pgx.ErrNoRows when there is none.
func readTestIntent(ctx context.Context, q querier, ref string, lock bool) (Intent, error) {
	sql := `SELECT order_id::text, amount_minor, currency_code, status, failure_message FROM test_payment_intents WHERE ref = $1`
	if lock {
		sql += " FOR UPDATE"
	}
	var in Intent
	var status string
	err := q.QueryRow(ctx, sql, ref).Scan(&in.OrderID, &in.Amount.Minor, &in.Amount.Currency, &status, &in.FailureMessage)
	in.Status = Status(status)
	return in, err
}

// cancelTestIntent cancels a payment that has not succeeded; any other is left as it is.
func cancelTestIntent(ctx context.Context, pool *pgxpool.Pool, ref string) error {
	_, err := pool.Exec(ctx, `UPDATE test_payment_intents SET status = 'canceled', updated_at = now()
		WHERE ref = $1 AND status IN ('requires_payment', 'failed')`, ref)
	return err
}

func refundTestIntent(ctx context.Context, pool *pgxpool.Pool, ref string) error {
	_, err := pool.Exec(ctx, `UPDATE test_payment_intents SET status = 'refunded', updated_at = now() WHERE ref = $1`, ref)
	return err
}

func setTestIntentStatus(ctx context.Context, tx pgx.Tx, ref string, status Status, failure string) error {
	_, err := tx.Exec(ctx, `UPDATE test_payment_intents SET status = $2, failure_message = $3, updated_at = now() WHERE ref = $1`,
		ref, string(status), failure)
	return err
}
