package order

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// Draft is an order checkout is about to place: everything but the id, number and timeline.
type Draft struct {
	Order
	IdempotencyKey string
	RequestHash    string
	// Supersedes are the cart's earlier unpaid orders that SupersedeUnpaid ended in the same
	// transaction; they are marked as replaced by this one.
	Supersedes []string
	// ClientIP is the address the order was placed from (empty if unknown), recorded hashed
	// for checkout's cap on unpaid orders per client.
	ClientIP string
}

// numberAlphabet is Crockford's base 32 without the letters people misread (I, L, O, U).
const numberAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// newNumber makes a public order number: "AL-" and 8 random characters, 40 bits, so numbers
// cannot be guessed or counted.
func newNumber() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = numberAlphabet[b[i]%32]
	}
	return "AL-" + string(b), nil
}

// Insert places a draft, in checkout's transaction, with its lines and the first step of its
// timeline, and returns its id. A draft whose idempotency key is taken fails with a unique
// violation (db.IsUniqueViolation) for the caller to look the existing order up.
func Insert(ctx context.Context, tx pgx.Tx, d Draft) (string, error) {
	shipping, err := json.Marshal(d.Shipping)
	if err != nil {
		return "", fmt.Errorf("order.Insert: %w", err)
	}
	var billing []byte
	if d.Billing != nil {
		if billing, err = json.Marshal(d.Billing); err != nil {
			return "", fmt.Errorf("order.Insert: %w", err)
		}
	}
	var account *string
	if d.AccountID != "" {
		account = &d.AccountID
	}
	var id string
	for id == "" {
		number, err := newNumber()
		if err != nil {
			return "", fmt.Errorf("order.Insert: %w", err)
		}
		err = tx.QueryRow(ctx, `INSERT INTO orders (number, account_id, email, status, cart_id, idempotency_key, request_hash,
			shipping_address, billing_address, requires_signature, delivery_code, delivery_name, delivery_carrier,
			delivery_estimate, delivery_minor, subtotal_minor, vat_minor, total_minor, currency_code, expires_at)
			VALUES (@number, @account::uuid, @email, 'pending_payment', @cart::uuid, @key, @hash, @shipping, @billing,
				@signature, @dcode, @dname, @dcarrier, @destimate, @dminor, @subtotal, @vat, @total, @currency, @expires)
			ON CONFLICT (number) DO NOTHING RETURNING id::text`,
			pgx.NamedArgs{"number": number, "account": account, "email": d.Email, "cart": d.CartID, "key": d.IdempotencyKey,
				"hash": d.RequestHash, "shipping": shipping, "billing": billing, "signature": d.RequiresSignature,
				"dcode": d.Delivery.Code, "dname": d.Delivery.Name, "dcarrier": d.Delivery.Carrier, "destimate": d.Delivery.Estimate,
				"dminor": d.Delivery.Price.Minor, "subtotal": d.Subtotal.Minor, "vat": d.VAT.Minor, "total": d.Total.Minor,
				"currency": d.Total.Currency, "expires": d.ExpiresAt}).Scan(&id)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return "", fmt.Errorf("order.Insert: %w", err)
		}
		// No row: that number was taken (one in a trillion); draw another.
	}
	for i, l := range d.Lines {
		if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, position, product_id, name, sku, quantity, unit_minor, line_minor, vat_minor)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			id, i, l.ProductID, l.Name, l.SKU, l.Quantity, l.UnitPrice.Minor, l.LineTotal.Minor, l.VAT.Minor); err != nil {
			return "", fmt.Errorf("order.Insert: line %d: %w", i, err)
		}
	}
	if err := insertClient(ctx, tx, id, d); err != nil {
		return "", fmt.Errorf("order.Insert: client: %w", err)
	}
	if err := addHistory(ctx, tx, id, StatusPendingPayment, "checkout", revision.Actor{}); err != nil {
		return "", err
	}
	if len(d.Supersedes) > 0 {
		if _, err := tx.Exec(ctx, `UPDATE orders SET superseded_by = $1::uuid WHERE id = ANY($2::uuid[])`, id, d.Supersedes); err != nil {
			return "", fmt.Errorf("order.Insert: superseded: %w", err)
		}
	}
	if err := emitEvent(ctx, tx, id, event.OrderCreated, nil); err != nil {
		return "", err
	}
	return id, nil
}

// SupersedeUnpaid ends, in checkout's transaction, the cart's orders awaiting payment that other
// checkout attempts than keepKey placed: each is cancelled, gives its stock back (before the new
// order reserves its own) and its payment is marked cancelled. It returns their ids, for the
// caller to pass in Draft.Supersedes and, after commit, to Service.CancelPayments so the provider
// stops them too.
//
// The caller must hold the cart's lock (cart.LockForCheckout) so that simultaneous submits from
// one cart run this one after the other: each finds the order the previous one placed. Only
// orders still awaiting payment in this transaction are ended, so one paid in the meantime (its
// event committed first) is never cancelled; an event that commits later conflicts with this
// transaction on the order's row, and the loser is retried.
func SupersedeUnpaid(ctx context.Context, tx pgx.Tx, cartID, keepKey string) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT id::text FROM orders
		WHERE cart_id = $1::uuid AND status = 'pending_payment' AND idempotency_key <> $2`, cartID, keepKey)
	if err != nil {
		return nil, fmt.Errorf("order.SupersedeUnpaid: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("order.SupersedeUnpaid: %w", err)
	}
	for _, id := range ids {
		o, _, err := load(ctx, tx, id)
		if err != nil {
			return nil, fmt.Errorf("order.SupersedeUnpaid: %s: %w", id, err)
		}
		moved, err := move(ctx, tx, id, StatusCancelled, "superseded by a new checkout", StatusPendingPayment)
		if err != nil {
			return nil, fmt.Errorf("order.SupersedeUnpaid: %w", err)
		}
		if !moved {
			continue
		}
		if err := payment.SetStatus(ctx, tx, id, payment.StatusCanceled); err != nil {
			return nil, err
		}
		if err := releaseStock(ctx, tx, o); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// LockForPayment locks the order's row in the caller's transaction and reports whether it still
// awaits payment. Checkout records a newly created payment under this lock, so it cannot slip in
// beside a transaction that supersedes or ends the order: either the payment is recorded first
// (and whoever ends the order cancels it at the provider) or the order is found ended.
func LockForPayment(ctx context.Context, tx pgx.Tx, id string) (Order, bool, error) {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM orders WHERE id = $1::uuid FOR UPDATE`, id); err != nil {
		return Order{}, false, fmt.Errorf("order.LockForPayment: %w", err)
	}
	o, found, err := load(ctx, tx, id)
	if err != nil {
		return Order{}, false, fmt.Errorf("order.LockForPayment: %w", err)
	}
	if !found {
		return Order{}, false, errOrderNotFound()
	}
	return o, o.Status == StatusPendingPayment, nil
}

// ByIdempotencyKey finds the order a checkout key placed, with the hash of its request.
func ByIdempotencyKey(ctx context.Context, tx pgx.Tx, key string) (id, requestHash string, found bool, err error) {
	err = tx.QueryRow(ctx, `SELECT id::text, request_hash FROM orders WHERE idempotency_key = $1`, key).Scan(&id, &requestHash)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, fmt.Errorf("order.ByIdempotencyKey: %w", err)
	}
	return id, requestHash, true, nil
}

type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

const orderColumns = `o.id::text, o.number, coalesce(o.account_id::text, ''), o.email, o.status, coalesce(o.cart_id::text, ''),
	o.shipping_address, o.billing_address, o.requires_signature, o.delivery_code, o.delivery_name, o.delivery_carrier,
	o.delivery_estimate, o.delivery_minor, o.subtotal_minor, o.vat_minor, o.total_minor, o.currency_code,
	o.created_at, o.expires_at, o.payment_error, coalesce(o.superseded_by::text, ''), o.refunded_minor,
	o.tracking_carrier, o.tracking_number, o.tracking_url`

func scanOrder(row pgx.Row) (Order, error) {
	var o Order
	var status, currency string
	var shipping, billing []byte
	err := row.Scan(&o.ID, &o.Number, &o.AccountID, &o.Email, &status, &o.CartID, &shipping, &billing,
		&o.RequiresSignature, &o.Delivery.Code, &o.Delivery.Name, &o.Delivery.Carrier, &o.Delivery.Estimate,
		&o.Delivery.Price.Minor, &o.Subtotal.Minor, &o.VAT.Minor, &o.Total.Minor, &currency, &o.CreatedAt, &o.ExpiresAt, &o.PaymentError, &o.SupersededBy, &o.Refunded.Minor,
		&o.Tracking.Carrier, &o.Tracking.Number, &o.Tracking.URL)
	if err != nil {
		return o, err
	}
	o.Status = Status(status)
	o.Delivery.Price.Currency, o.Subtotal.Currency, o.VAT.Currency, o.Total.Currency = currency, currency, currency, currency
	o.Refunded.Currency = currency
	if err := json.Unmarshal(shipping, &o.Shipping); err != nil {
		return o, fmt.Errorf("order.scanOrder: shipping address: %w", err)
	}
	if billing != nil {
		o.Billing = &Address{}
		if err := json.Unmarshal(billing, o.Billing); err != nil {
			return o, fmt.Errorf("order.scanOrder: billing address: %w", err)
		}
	}
	return o, nil
}

// load reads an order with its lines and timeline; found is false when there is none.
func load(ctx context.Context, q queryer, id string) (o Order, found bool, err error) {
	o, err = scanOrder(q.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.id = $1::uuid`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Order{}, false, nil
	}
	if err != nil {
		return Order{}, false, fmt.Errorf("order.load: read %s: %w", id, err)
	}
	orders := []Order{o}
	if err := attachDetails(ctx, q, orders); err != nil {
		return Order{}, false, err
	}
	return orders[0], true, nil
}

// attachDetails reads the lines and timelines of orders in two queries.
func attachDetails(ctx context.Context, q queryer, orders []Order) error {
	if len(orders) == 0 {
		return nil
	}
	ids := make([]string, len(orders))
	index := make(map[string]int, len(orders))
	for i, o := range orders {
		ids[i], index[o.ID] = o.ID, i
	}
	rows, err := q.Query(ctx, `SELECT order_id::text, product_id::text, name, sku, quantity, unit_minor, line_minor, vat_minor
		FROM order_lines WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, position`, ids)
	if err != nil {
		return fmt.Errorf("order.attachDetails: read lines: %w", err)
	}
	var orderID string
	var l Line
	if _, err := pgx.ForEachRow(rows, []any{&orderID, &l.ProductID, &l.Name, &l.SKU, &l.Quantity, &l.UnitPrice.Minor,
		&l.LineTotal.Minor, &l.VAT.Minor}, func() error {
		o := &orders[index[orderID]]
		cur := o.Total.Currency
		l.UnitPrice.Currency, l.LineTotal.Currency, l.VAT.Currency = cur, cur, cur
		o.Lines = append(o.Lines, l)
		return nil
	}); err != nil {
		return fmt.Errorf("order.attachDetails: read lines: %w", err)
	}
	rows, err = q.Query(ctx, `SELECT order_id::text, status, at, reason, coalesce(actor_id::text, ''), actor_name, actor_email
		FROM order_status_history WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, at, status`, ids)
	if err != nil {
		return fmt.Errorf("order.attachDetails: read history: %w", err)
	}
	var status string
	var c Change
	if _, err := pgx.ForEachRow(rows, []any{&orderID, &status, &c.At, &c.Reason, &c.Actor.AccountID, &c.Actor.Name, &c.Actor.Email}, func() error {
		o := &orders[index[orderID]]
		c.Status = Status(status)
		o.History = append(o.History, c)
		return nil
	}); err != nil {
		return fmt.Errorf("order.attachDetails: read history: %w", err)
	}
	return nil
}

// listForAccount reads a page of an account's orders, newest first, after the cursor (empty for
// the first page).
func listForAccount(ctx context.Context, q queryer, accountID string, after cursor, limit int) ([]Order, error) {
	rows, err := q.Query(ctx, `SELECT `+orderColumns+` FROM orders o
		WHERE o.account_id = @account::uuid AND (@first OR (o.created_at, o.id) < (@at, @id::uuid))
		ORDER BY o.created_at DESC, o.id DESC LIMIT @limit`,
		pgx.NamedArgs{"account": accountID, "first": after.ID == "", "at": after.At, "id": nullUUID(after.ID), "limit": limit})
	if err != nil {
		return nil, fmt.Errorf("order.listForAccount: %w", err)
	}
	orders, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Order, error) { return scanOrder(r) })
	if err != nil {
		return nil, fmt.Errorf("order.listForAccount: %w", err)
	}
	return orders, attachDetails(ctx, q, orders)
}

func nullUUID(id string) *string {
	if id == "" {
		return nil
	}
	return &id
}

// move changes an order's status when it is one of from, and records the step in its timeline.
// It reports whether the order moved.
func move(ctx context.Context, tx pgx.Tx, id string, to Status, reason string, from ...Status) (bool, error) {
	return moveBy(ctx, tx, id, to, reason, revision.Actor{}, from...)
}

// moveBy is move by an admin, who is recorded on the timeline's step.
func moveBy(ctx context.Context, tx pgx.Tx, id string, to Status, reason string, actor revision.Actor, from ...Status) (bool, error) {
	names := make([]string, len(from))
	for i, f := range from {
		if !CanMove(f, to) {
			return false, fmt.Errorf("order: %s → %s is not a transition", f, to)
		}
		names[i] = string(f)
	}
	// Through keepSales: a status change moves a sale to another row of the dashboard's summary,
	// and the paid step (addHistory sets paid_at) makes the order a sale.
	moved := false
	err := keepSales(ctx, tx, id, func() error {
		tag, err := tx.Exec(ctx, `UPDATE orders SET status = $2, updated_at = now(), version = version + 1
			WHERE id = $1::uuid AND status = ANY($3)`, id, string(to), names)
		if err != nil {
			return fmt.Errorf("order.move: %s to %s: %w", id, to, err)
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		moved = true
		return addHistory(ctx, tx, id, to, reason, actor)
	})
	if err != nil {
		return false, err
	}
	if t, ok := statusEvents[to]; ok && moved {
		if err := emitEvent(ctx, tx, id, t, nil); err != nil {
			return false, err
		}
	}
	return moved, nil
}

// addHistory records a step of the order's timeline. The paid step sets paid_at, which makes the
// order a sale on the dashboard: record it through move, whose keepSales counts it.
func addHistory(ctx context.Context, tx pgx.Tx, id string, status Status, reason string, actor revision.Actor) error {
	var actorID *string
	if actor.AccountID != "" {
		actorID = &actor.AccountID
	}
	// A status reached twice (paid, refunded after a late payment… ) keeps its first time and who.
	if _, err := tx.Exec(ctx, `INSERT INTO order_status_history (order_id, status, reason, actor_id, actor_name, actor_email)
		VALUES ($1::uuid, $2, $3, $4::uuid, $5, $6) ON CONFLICT (order_id, status) DO NOTHING`,
		id, string(status), reason, actorID, actor.Name, actor.Email); err != nil {
		return fmt.Errorf("order.addHistory: %w", err)
	}
	if status != StatusPaid {
		return nil
	}
	// The order keeps its paid step's time: the dashboard reads sales by it, from one index.
	if _, err := tx.Exec(ctx, `UPDATE orders SET paid_at = h.at FROM order_status_history h
		WHERE orders.id = $1::uuid AND h.order_id = orders.id AND h.status = 'paid' AND orders.paid_at IS NULL`, id); err != nil {
		return fmt.Errorf("order.addHistory: paid_at: %w", err)
	}
	return nil
}

func setPaymentError(ctx context.Context, tx pgx.Tx, id, message string) error {
	if _, err := tx.Exec(ctx, `UPDATE orders SET payment_error = $2 WHERE id = $1::uuid`, id, message); err != nil {
		return fmt.Errorf("order.setPaymentError: %w", err)
	}
	return nil
}

// releaseStock gives back the stock an order reserved.
func releaseStock(ctx context.Context, tx pgx.Tx, o Order) error {
	for _, l := range o.Lines {
		if err := catalog.ReleaseStock(ctx, tx, l.ProductID, l.Quantity); err != nil {
			return err
		}
	}
	return nil
}

// reserveAgain takes an order's stock again (for a payment that succeeded after its order had
// released it). All or nothing: it reports false, with nothing taken, when any line is short.
func reserveAgain(ctx context.Context, tx pgx.Tx, o Order) (bool, error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return false, err
	}
	for _, l := range o.Lines {
		ok, _, err := catalog.ReserveStock(ctx, sp, l.ProductID, l.Quantity)
		if err != nil || !ok {
			_ = sp.Rollback(ctx)
			return false, err
		}
	}
	return true, sp.Commit(ctx)
}

// unpaidDue lists the ids of unpaid orders whose column (expires_at or created_at) is before the
// given time, oldest first.
func unpaidDue(ctx context.Context, q queryer, column string, before time.Time, limit int) ([]string, error) {
	if column != "expires_at" && column != "created_at" {
		return nil, fmt.Errorf("order.unpaidDue: unknown column %q", column)
	}
	// The status is written into the SQL so the partial indexes on unpaid orders apply.
	rows, err := q.Query(ctx, `SELECT id::text FROM orders WHERE status = 'pending_payment' AND `+column+` < $1
		ORDER BY `+column+` LIMIT $2`, before, limit)
	if err != nil {
		return nil, fmt.Errorf("order.unpaidDue: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("order.unpaidDue: %w", err)
	}
	return ids, nil
}

// extendUnpaid moves an unpaid order's expiry to grace from now; a paid or ended order keeps its own.
func extendUnpaid(ctx context.Context, tx pgx.Tx, id string, grace time.Duration) error {
	_, err := tx.Exec(ctx, `UPDATE orders SET expires_at = now() + $2::interval WHERE id = $1 AND status = 'pending_payment'`,
		id, fmt.Sprintf("%d seconds", int64(grace/time.Second)))
	return err
}

// unpaidOfCart lists the ids of a cart's orders awaiting payment, other than the attempt keepKey.
func unpaidOfCart(ctx context.Context, q queryer, cartID, keepKey string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT id::text FROM orders
		WHERE cart_id = $1::uuid AND status = 'pending_payment' AND idempotency_key <> $2`, cartID, keepKey)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func errOrderNotFound() error { return apperr.NotFound("order_not_found", "order not found") }

func holds(ctx context.Context, tx pgx.Tx, column string, key []byte, now time.Time) ([]Hold, error) {
	// column is one of two names fixed in this file, never input.
	if column != "client_key_hash" && column != "email_key_hash" {
		return nil, fmt.Errorf("order: no holds by %q", column)
	}
	rows, err := tx.Query(ctx, `SELECT o.expires_at,
			(SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id)::BIGINT
		FROM order_clients c JOIN orders o ON o.id = c.order_id
		WHERE c.`+column+` = @key AND o.status = 'pending_payment' AND o.expires_at > @now
		ORDER BY o.expires_at, o.id`, pgx.NamedArgs{"key": key, "now": now})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Hold, error) {
		var h Hold
		err := r.Scan(&h.ExpiresAt, &h.Units)
		return h, err
	})
}

// insertClient records who placed order id, hashed as the throttle keys them.
func insertClient(ctx context.Context, tx pgx.Tx, id string, d Draft) error {
	var client []byte
	if key := throttle.ClientKey(d.ClientIP); key != "" {
		client = throttle.Hash(key)
	}
	_, err := tx.Exec(ctx, `INSERT INTO order_clients (order_id, client_key_hash, email_key_hash) VALUES (@id, @client, @email)`,
		pgx.NamedArgs{"id": id, "client": client, "email": emailKeyHash(d.Email)})
	return err
}
