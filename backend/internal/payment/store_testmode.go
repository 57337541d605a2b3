package payment

import (
	"context"
	"errors"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/money"
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

// testPayment is what a refund needs of a test payment.
type testPayment struct {
	amount   money.Money
	status   Status
	refunded int64
}

// lockTestPayment reads a payment's amount, status and what has been refunded of it, locking its
// row so refunds of one payment are counted one at a time; pgx.ErrNoRows when there is none.
func lockTestPayment(ctx context.Context, tx pgx.Tx, ref string) (testPayment, error) {
	var p testPayment
	var status string
	err := tx.QueryRow(ctx, `SELECT amount_minor, currency_code, status, refunded_minor FROM test_payment_intents
		WHERE ref = $1 FOR UPDATE`, ref).Scan(&p.amount.Minor, &p.amount.Currency, &status, &p.refunded)
	p.status = Status(status)
	return p, err
}

// testRefund is a refund the test provider made, as test_payment_refunds keeps it.
type testRefund struct {
	key, ref, paymentRef, orderID, refundID string
	amount                                  money.Money
	status                                  RefundStatus
}

// sameRequest reports whether req asks for exactly the refund r was made for, as Stripe compares
// a repeated idempotency key's parameters with the first request's.
func (r testRefund) sameRequest(req RefundRequest) bool {
	return r.paymentRef == req.Ref && r.amount.Minor == req.Amount.Minor &&
		strings.EqualFold(r.amount.Currency, req.Amount.Currency) && r.orderID == req.OrderID && r.refundID == req.RefundID
}

// findTestRefund returns the refund made under key, if any.
func findTestRefund(ctx context.Context, tx pgx.Tx, key string) (testRefund, bool, error) {
	return scanTestRefund(tx.QueryRow(ctx, testRefundColumns+` WHERE idempotency_key = $1`, key))
}

// testRefundByRef returns the refund the provider calls ref, if any.
func testRefundByRef(ctx context.Context, q querier, ref string) (testRefund, bool, error) {
	return scanTestRefund(q.QueryRow(ctx, testRefundColumns+` WHERE refund_ref = $1`, ref))
}

const testRefundColumns = `SELECT idempotency_key, refund_ref, payment_ref, order_id, refund_id, amount_minor, currency_code,
	status FROM test_payment_refunds`

func scanTestRefund(row pgx.Row) (r testRefund, found bool, err error) {
	var status string
	err = row.Scan(&r.key, &r.ref, &r.paymentRef, &r.orderID, &r.refundID, &r.amount.Minor, &r.amount.Currency, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return testRefund{}, false, nil
	}
	r.status = RefundStatus(status)
	return r, err == nil, err
}

// insertTestRefund stores a new refund and counts it against its payment, which becomes
// refunded once nothing is left of it. The caller holds the payment's lock and has checked the
// amount (the column's CHECK is the last line of defence).
func insertTestRefund(ctx context.Context, tx pgx.Tx, r testRefund) error {
	if _, err := tx.Exec(ctx, `INSERT INTO test_payment_refunds (idempotency_key, refund_ref, payment_ref, order_id,
		refund_id, amount_minor, currency_code, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		r.key, r.ref, r.paymentRef, r.orderID, r.refundID, r.amount.Minor, r.amount.Currency, string(r.status)); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE test_payment_intents SET refunded_minor = refunded_minor + $2,
		status = CASE WHEN refunded_minor + $2 >= amount_minor THEN 'refunded' ELSE status END, updated_at = now()
		WHERE ref = $1`, r.paymentRef, r.amount.Minor)
	return err
}

func setTestIntentStatus(ctx context.Context, tx pgx.Tx, ref string, status Status, failure string) error {
	_, err := tx.Exec(ctx, `UPDATE test_payment_intents SET status = $2, failure_message = $3, updated_at = now() WHERE ref = $1`,
		ref, string(status), failure)
	return err
}
