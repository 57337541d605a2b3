package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Record is an order's payment as stored.
type Record struct {
	OrderID      string
	Mode         Mode
	Ref          string
	ClientSecret string
	Amount       money.Money
	Status       Status
}

// Save stores the order's payment; saving it again (a retried checkout) keeps the first.
func Save(ctx context.Context, tx pgx.Tx, orderID string, mode Mode, in Intent) error {
	_, err := tx.Exec(ctx, `INSERT INTO payments (order_id, provider, provider_ref, client_secret, amount_minor, currency_code, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id) DO NOTHING`,
		orderID, string(mode), in.Ref, in.ClientSecret, in.Amount.Minor, in.Amount.Currency, string(StatusRequiresPayment))
	if err != nil {
		return fmt.Errorf("payment.Save: %w", err)
	}
	return nil
}

// ForOrder returns the order's payment; found is false when none was made yet.
func ForOrder(ctx context.Context, tx pgx.Tx, orderID string) (r Record, found bool, err error) {
	return scanRecord(tx.QueryRow(ctx, `SELECT order_id::text, provider, provider_ref, client_secret, amount_minor,
		currency_code, status FROM payments WHERE order_id = $1`, orderID))
}

// ForOrders returns the payments of several orders, by order id; an order without one is absent.
// One query for a page of orders, where ForOrder would be one per order.
func ForOrders(ctx context.Context, tx pgx.Tx, orderIDs []string) (map[string]Record, error) {
	rows, err := tx.Query(ctx, `SELECT order_id::text, provider, provider_ref, client_secret, amount_minor,
		currency_code, status FROM payments WHERE order_id = ANY($1::uuid[])`, orderIDs)
	if err != nil {
		return nil, fmt.Errorf("payment.ForOrders: %w", err)
	}
	defer rows.Close()
	out := make(map[string]Record, len(orderIDs))
	for rows.Next() {
		r, _, err := scanRecord(rows)
		if err != nil {
			return nil, fmt.Errorf("payment.ForOrders: %w", err)
		}
		out[r.OrderID] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("payment.ForOrders: %w", err)
	}
	return out, nil
}

// ForRef returns the payment the provider calls ref.
func ForRef(ctx context.Context, tx pgx.Tx, ref string) (r Record, found bool, err error) {
	return scanRecord(tx.QueryRow(ctx, `SELECT order_id::text, provider, provider_ref, client_secret, amount_minor,
		currency_code, status FROM payments WHERE provider_ref = $1`, ref))
}

func scanRecord(row pgx.Row) (r Record, found bool, err error) {
	var mode, status string
	err = row.Scan(&r.OrderID, &mode, &r.Ref, &r.ClientSecret, &r.Amount.Minor, &r.Amount.Currency, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, false, nil
	}
	if err != nil {
		return Record{}, false, fmt.Errorf("payment.scanRecord: read payment: %w", err)
	}
	r.Mode, r.Status = Mode(mode), Status(status)
	return r, true, nil
}

// SetStatus records where the order's payment now is.
func SetStatus(ctx context.Context, tx pgx.Tx, orderID string, status Status) error {
	// A refund is final: no late event moves a refunded payment back.
	if _, err := tx.Exec(ctx, `UPDATE payments SET status = $2, updated_at = now() WHERE order_id = $1 AND status <> 'refunded'`,
		orderID, string(status)); err != nil {
		return fmt.Errorf("payment.SetStatus: %w", err)
	}
	return nil
}

// Claim records an event as applied. It is false when the event id was seen before: the caller
// must then change nothing. Claiming inside the transaction that applies the event makes a
// crash between the two impossible; concurrent deliveries of one event conflict on the key, and
// all but one find it claimed.
func Claim(ctx context.Context, tx pgx.Tx, ev Event) (fresh bool, err error) {
	tag, err := tx.Exec(ctx, `INSERT INTO payment_events (event_id, type, provider_ref) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, ev.ID, ev.Type, ev.Ref)
	if err != nil {
		return false, fmt.Errorf("payment.Claim: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// EventRetention is how long an applied event's id is remembered. Stripe redelivers an event for
// up to three days; a month is far beyond any repeat.
const EventRetention = 30 * 24 * time.Hour

// PruneEvents forgets applied events older than EventRetention and reports how many (a periodic
// chore: the table would otherwise grow with every payment forever).
func PruneEvents(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tag, err := pool.Exec(ctx, `DELETE FROM payment_events WHERE received_at < now() - $1::interval`,
		fmt.Sprintf("%d seconds", int64(EventRetention/time.Second)))
	if err != nil {
		return 0, fmt.Errorf("payment.PruneEvents: %w", err)
	}
	return tag.RowsAffected(), nil
}

// Anomaly kinds: what about a payment did not match its order.
const (
	AnomalyAmount   = "amount_mismatch"
	AnomalyCurrency = "currency_mismatch"
	AnomalyOrder    = "order_mismatch"
	AnomalyMode     = "mode_mismatch"
)

// Anomaly is a payment (an event, or the provider's answer) whose contents did not match the
// order it is about. It is kept for an admin: the order was not paid because of it.
type Anomaly struct {
	// EventID is the provider's event id, or "reconcile:…"/"create:…" for the provider's answers.
	EventID  string
	Kind     string
	OrderID  string
	Ref      string
	Outcome  string
	Expected string
	Observed string
	At       time.Time
	Resolved *time.Time
}

// RecordAnomaly stores an anomaly in the caller's transaction; the same one recorded again (a
// replayed event) is kept once.
func RecordAnomaly(ctx context.Context, tx pgx.Tx, a Anomaly) error {
	if _, err := tx.Exec(ctx, `INSERT INTO payment_anomalies (event_id, kind, order_id, provider_ref, outcome, expected, observed)
		VALUES ($1, $2, $3::uuid, $4, $5, $6, $7) ON CONFLICT (event_id, kind) DO NOTHING`,
		a.EventID, a.Kind, a.OrderID, a.Ref, a.Outcome, a.Expected, a.Observed); err != nil {
		return fmt.Errorf("payment.RecordAnomaly: %w", err)
	}
	return nil
}

// Anomalies lists the anomalies not yet resolved, newest first (the admin's review queue), up to
// limit.
func Anomalies(ctx context.Context, tx pgx.Tx, limit int) ([]Anomaly, error) {
	rows, err := tx.Query(ctx, `SELECT event_id, kind, order_id::text, provider_ref, outcome, expected, observed, created_at, resolved_at
		FROM payment_anomalies WHERE resolved_at IS NULL ORDER BY created_at DESC, event_id, kind LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("payment.Anomalies: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (a Anomaly, err error) {
		err = r.Scan(&a.EventID, &a.Kind, &a.OrderID, &a.Ref, &a.Outcome, &a.Expected, &a.Observed, &a.At, &a.Resolved)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("payment.Anomalies: %w", err)
	}
	return out, nil
}
