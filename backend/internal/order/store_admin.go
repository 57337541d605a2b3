package order

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// The admin side's SQL: the order list, the refunds, the idempotency keys and the actor of a step.

// adminFilter is the WHERE clause of the admin's list. Searching matches the number, e-mail and
// name in part, case ignored, and the postcode with spaces ignored too.
const adminFilter = ` FROM orders o WHERE (@any_status OR o.status = ANY(@statuses))
	AND (@search = '' OR o.number ILIKE @like ESCAPE '\' OR o.email ILIKE @like ESCAPE '\'
		OR (coalesce(o.shipping_address->>'first_name', '') || ' ' || coalesce(o.shipping_address->>'last_name', '')) ILIKE @like ESCAPE '\'
		OR replace(upper(coalesce(o.shipping_address->>'postcode', '')), ' ', '') LIKE @postcode ESCAPE '\')
	AND (@from::TIMESTAMPTZ IS NULL OR o.created_at >= @from::TIMESTAMPTZ)
	AND (@before::TIMESTAMPTZ IS NULL OR o.created_at < @before::TIMESTAMPTZ)`

// AdminSorts are the list's orders, by name: the terms each orders by, and how an order's keys
// for them are read (for page tokens). The id comes last, so no two orders share a place.
var AdminSorts = map[string]adminSort{
	"":           newest,
	"newest":     newest,
	"oldest":     {terms: []db.OrderTerm{{Expr: "o.created_at", Type: db.KeyTime}, {Expr: "o.id", Type: db.KeyUUID}}, keys: timeKeys},
	"total_desc": {terms: []db.OrderTerm{{Expr: "o.total_minor", Type: db.KeyInt, Desc: true}, newest.terms[0], newest.terms[1]}, keys: totalKeys},
	"total_asc":  {terms: []db.OrderTerm{{Expr: "o.total_minor", Type: db.KeyInt}, newest.terms[0], newest.terms[1]}, keys: totalKeys},
}

var newest = adminSort{terms: []db.OrderTerm{{Expr: "o.created_at", Type: db.KeyTime, Desc: true}, {Expr: "o.id", Type: db.KeyUUID, Desc: true}},
	keys: timeKeys}

// adminSort is one order of the admin list.
type adminSort struct {
	terms []db.OrderTerm
	keys  func(Order) []*string
}

func timeKeys(o Order) []*string { return []*string{db.TimeKey(o.CreatedAt), new(o.ID)} }

func totalKeys(o Order) []*string {
	return []*string{db.IntKey(o.Total.Minor), db.TimeKey(o.CreatedAt), new(o.ID)}
}

// adminOrders reads one page of the admin's list, and one order more when there is one (so the
// caller knows whether a next page exists), and the count of every match: at an offset for
// numbered pages, after q's cursor for a page token.
func adminOrders(ctx context.Context, tx pgx.Tx, q AdminQuery) ([]Order, int64, error) {
	statuses := make([]string, len(q.Statuses))
	for i, s := range q.Statuses {
		statuses[i] = string(s)
	}
	args := pgx.NamedArgs{"any_status": len(statuses) == 0, "statuses": statuses, "search": q.Search,
		"like": "%" + likeEscape(q.Search) + "%", "postcode": "%" + likeEscape(strings.ToUpper(strings.ReplaceAll(q.Search, " ", ""))) + "%",
		"from": optionalTime(q.PlacedFrom), "before": optionalTime(q.PlacedBefore),
		"limit": q.PageSize + 1, "offset": (q.Page - 1) * q.PageSize}
	var total int64
	if err := tx.QueryRow(ctx, `SELECT count(*)`+adminFilter, args).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("order.adminOrders: count: %w", err)
	}
	// The sort is one of AdminSorts' fixed terms, never input; so is the keyset condition, whose
	// keys travel as parameters.
	terms, after := AdminSorts[q.Sort].terms, ""
	if q.after != nil {
		after = ` AND ` + db.KeysetAfter(terms, q.after.Keys, args)
		args["offset"] = 0
	}
	rows, err := tx.Query(ctx, `SELECT `+orderColumns+adminFilter+after+` ORDER BY `+db.OrderBy(terms)+` LIMIT @limit OFFSET @offset`, args)
	if err != nil {
		return nil, 0, fmt.Errorf("order.adminOrders: %w", err)
	}
	orders, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Order, error) { return scanOrder(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("order.adminOrders: %w", err)
	}
	return orders, total, attachDetails(ctx, tx, orders)
}

// likeEscape makes s match itself in a LIKE pattern.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// lockOrder reads an order with its row locked for the caller's transaction.
func lockOrder(ctx context.Context, tx pgx.Tx, id string) (Order, bool, error) {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM orders WHERE id = $1::uuid FOR UPDATE`, id); err != nil {
		return Order{}, false, fmt.Errorf("order.lockOrder: %w", err)
	}
	return load(ctx, tx, id)
}

// claimRequest records an admin request's idempotency key. It reports true when the same request
// (same order, action and content) claimed the key before; another request with the key is refused.
func claimRequest(ctx context.Context, tx pgx.Tx, key, orderID, action, hash string) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO order_admin_requests (idempotency_key, order_id, action, request_hash)
		VALUES ($1, $2::uuid, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING`, key, orderID, action, hash)
	if err != nil {
		return false, fmt.Errorf("order.claimRequest: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return false, nil
	}
	var was string
	if err := tx.QueryRow(ctx, `SELECT request_hash FROM order_admin_requests WHERE idempotency_key = $1`, key).Scan(&was); err != nil {
		return false, fmt.Errorf("order.claimRequest: %w", err)
	}
	if was != hash {
		return false, apperr.AlreadyExists("idempotency_key_reused",
			"this idempotency key was used for a different request; make a new key for each request")
	}
	return true, nil
}

func setTracking(ctx context.Context, tx pgx.Tx, id string, t Tracking) error {
	if _, err := tx.Exec(ctx, `UPDATE orders SET tracking_carrier = $2, tracking_number = $3, tracking_url = $4 WHERE id = $1::uuid`,
		id, t.Carrier, t.Number, t.URL); err != nil {
		return fmt.Errorf("order.setTracking: %w", err)
	}
	return nil
}

// insertRefund records a pending refund, under the admin request's idempotency key when there is
// one, and returns its id and time.
func insertRefund(ctx context.Context, tx pgx.Tx, orderID, requestKey string, r Refund) (string, time.Time, error) {
	restock, err := json.Marshal(r.Restock)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("order.insertRefund: %w", err)
	}
	if r.Restock == nil {
		restock = []byte("[]")
	}
	var actorID *string
	if r.Actor.AccountID != "" {
		actorID = &r.Actor.AccountID
	}
	var id string
	var at time.Time
	var key *string
	if requestKey != "" {
		key = &requestKey
	}
	err = tx.QueryRow(ctx, `INSERT INTO order_refunds (order_id, amount_minor, currency_code, reason, restock, for_cancellation,
			status, request_key, actor_id, actor_name, actor_email)
		VALUES (@order::uuid, @amount, @currency, @reason, @restock, @cancel, 'pending', @key, @actor::uuid, @name, @email)
		RETURNING id::text, created_at`, pgx.NamedArgs{"order": orderID, "amount": r.Amount.Minor, "currency": r.Amount.Currency,
		"reason": r.Reason, "restock": restock, "cancel": r.ForCancellation, "key": key, "actor": actorID, "name": r.Actor.Name,
		"email": r.Actor.Email}).Scan(&id, &at)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("order.insertRefund: %w", err)
	}
	return id, at, nil
}

const refundColumns = `SELECT id::text, order_id::text, amount_minor, currency_code, reason, restock, for_cancellation, status,
	provider_ref, failure_message, coalesce(actor_id::text, ''), actor_name, actor_email, created_at, settled_at FROM order_refunds`

func scanRefund(row pgx.Row) (Refund, string, error) {
	var r Refund
	var orderID, status string
	var restock []byte
	err := row.Scan(&r.ID, &orderID, &r.Amount.Minor, &r.Amount.Currency, &r.Reason, &restock, &r.ForCancellation, &status,
		&r.ProviderRef, &r.FailureMessage, &r.Actor.AccountID, &r.Actor.Name, &r.Actor.Email, &r.CreatedAt, &r.SettledAt)
	if err != nil {
		return Refund{}, "", err
	}
	r.Status = RefundStatus(status)
	if err := json.Unmarshal(restock, &r.Restock); err != nil {
		return Refund{}, "", fmt.Errorf("order.scanRefund: restock: %w", err)
	}
	return r, orderID, nil
}

// refundsOf lists an order's refunds, oldest first.
func refundsOf(ctx context.Context, q queryer, orderID string) ([]Refund, error) {
	rows, err := q.Query(ctx, refundColumns+` WHERE order_id = $1::uuid ORDER BY created_at, id`, orderID)
	if err != nil {
		return nil, fmt.Errorf("order.refundsOf: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Refund, error) {
		ref, _, err := scanRefund(r)
		return ref, err
	})
	if err != nil {
		return nil, fmt.Errorf("order.refundsOf: %w", err)
	}
	return out, nil
}

// refundsOfOrders reads the refunds of several orders, oldest first, by order id: one query for a
// page of orders.
func refundsOfOrders(ctx context.Context, q queryer, orderIDs []string) (map[string][]Refund, error) {
	rows, err := q.Query(ctx, refundColumns+` WHERE order_id = ANY($1::uuid[]) ORDER BY created_at, id`, orderIDs)
	if err != nil {
		return nil, fmt.Errorf("order.refundsOfOrders: %w", err)
	}
	defer rows.Close()
	out := make(map[string][]Refund, len(orderIDs))
	for rows.Next() {
		ref, orderID, err := scanRefund(rows)
		if err != nil {
			return nil, fmt.Errorf("order.refundsOfOrders: %w", err)
		}
		out[orderID] = append(out[orderID], ref)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("order.refundsOfOrders: %w", err)
	}
	return out, nil
}

// refundIDByRequestKey finds the refund an admin request made, by its idempotency key.
func refundIDByRequestKey(ctx context.Context, q queryer, key string) (string, bool, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT id::text FROM order_refunds WHERE request_key = $1`, key).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("order.refundIDByRequestKey: %w", err)
	}
	return id, true, nil
}

// refundByID reads one refund and its order's id, locking it with lock; found is false when
// there is none.
func refundByID(ctx context.Context, q queryer, id string, lock bool) (Refund, string, bool, error) {
	sql := refundColumns + ` WHERE id = $1::uuid`
	if lock {
		sql += ` FOR UPDATE`
	}
	r, orderID, err := scanRefund(q.QueryRow(ctx, sql, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Refund{}, "", false, nil
	}
	if err != nil {
		return Refund{}, "", false, fmt.Errorf("order.refundByID: %w", err)
	}
	return r, orderID, true, nil
}

// settleRefundRow records the provider's verdict on a pending refund.
func settleRefundRow(ctx context.Context, tx pgx.Tx, id string, status RefundStatus, providerRef, failure string) error {
	if _, err := tx.Exec(ctx, `UPDATE order_refunds SET status = $2, provider_ref = CASE WHEN $3 = '' THEN provider_ref ELSE $3 END,
		failure_message = $4, settled_at = now() WHERE id = $1::uuid AND status = 'pending'`, id, string(status), providerRef, failure); err != nil {
		return fmt.Errorf("order.settleRefundRow: %w", err)
	}
	return nil
}

// setRefundProviderRef records the provider's id for a refund once it answered.
func setRefundProviderRef(ctx context.Context, tx pgx.Tx, id, ref string) error {
	if _, err := tx.Exec(ctx, `UPDATE order_refunds SET provider_ref = $2 WHERE id = $1::uuid AND provider_ref = ''`, id, ref); err != nil {
		return fmt.Errorf("order.setRefundProviderRef: %w", err)
	}
	return nil
}

// addRefunded adds a confirmed refund to the order's refunded amount.
func addRefunded(ctx context.Context, tx pgx.Tx, orderID string, amount int64) error {
	if _, err := tx.Exec(ctx, `UPDATE orders SET refunded_minor = refunded_minor + $2, updated_at = now() WHERE id = $1::uuid`,
		orderID, amount); err != nil {
		return fmt.Errorf("order.addRefunded: %w", err)
	}
	return nil
}

// dueRefund is a pending refund the provider has answered, with what a reconciliation needs.
type dueRefund struct {
	id, orderID, providerRef, paymentRef string
}

// pendingRefundsSentBefore lists pending refunds the provider was asked for, requested before the
// given time, oldest first.
func pendingRefundsSentBefore(ctx context.Context, q queryer, before time.Time, limit int) ([]dueRefund, error) {
	rows, err := q.Query(ctx, `SELECT r.id::text, r.order_id::text, r.provider_ref, p.provider_ref
		FROM order_refunds r JOIN payments p ON p.order_id = r.order_id
		WHERE r.status = 'pending' AND r.provider_ref <> '' AND r.created_at < $1
		ORDER BY r.created_at LIMIT $2`, before, limit)
	if err != nil {
		return nil, fmt.Errorf("order.pendingRefundsSentBefore: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dueRefund, error) {
		var d dueRefund
		err := r.Scan(&d.id, &d.orderID, &d.providerRef, &d.paymentRef)
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("order.pendingRefundsSentBefore: %w", err)
	}
	return out, nil
}
