package order

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Outbox topics the order context emits (the jobs package routes them).
const (
	// TopicPaid: {"order_id"}, once per order, when it becomes paid: the confirmation e-mail.
	TopicPaid = "order.paid"
	// TopicRefundRequired: {"order_id"}: a payment that succeeded for an order that can no
	// longer be fulfilled must be returned.
	TopicRefundRequired = "order.refund_required"
)

// Config is what the order service is built from.
type Config struct {
	Pool     *pgxpool.Pool
	Provider payment.Provider
	// LinkKey signs guests' order access tokens.
	LinkKey []byte
	// StockChanged is called after a commit that reserved or released stock.
	StockChanged func()
	Logger       *slog.Logger
	// ReconcileAfter is how long a payment may wait for its event before the provider is asked
	// (default 2 minutes).
	ReconcileAfter time.Duration
}

// Service reads orders and moves them through their life.
type Service struct {
	cfg Config
	now func() time.Time
}

// NewService returns the order service.
func NewService(cfg Config) *Service {
	if cfg.StockChanged == nil {
		cfg.StockChanged = func() {}
	}
	if cfg.ReconcileAfter <= 0 {
		cfg.ReconcileAfter = 2 * time.Minute
	}
	return &Service{cfg: cfg, now: time.Now}
}

// AccessToken is the signed token that opens an order without signing in (guests' links). It is
// an HMAC of the order id, so it cannot be forged or moved to another order, and needs no storage.
func (s *Service) AccessToken(orderID string) string {
	m := hmac.New(sha256.New, s.cfg.LinkKey)
	m.Write([]byte("order-access:" + strings.ToLower(orderID)))
	return "oat1." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Get returns an order to its customer, or to a caller holding its access token; to anyone else
// it is not found, exactly as an order that does not exist.
func (s *Service) Get(ctx context.Context, accountID, orderID, token string) (Order, error) {
	if _, err := uuid.Parse(orderID); err != nil || len(orderID) != 36 {
		return Order{}, errOrderNotFound()
	}
	orderID = strings.ToLower(orderID)
	o, found, err := load(ctx, s.cfg.Pool, orderID)
	if err != nil {
		return Order{}, fmt.Errorf("order.Get: %w", err)
	}
	if !found {
		return Order{}, errOrderNotFound()
	}
	owner := accountID != "" && strings.EqualFold(o.AccountID, accountID)
	holder := token != "" && hmac.Equal([]byte(token), []byte(s.AccessToken(orderID)))
	if !owner && !holder {
		return Order{}, errOrderNotFound()
	}
	orders := []Order{o}
	if err := s.describeProducts(ctx, orders); err != nil {
		return Order{}, fmt.Errorf("order.Get: %w", err)
	}
	return orders[0], nil
}

// Read returns an order for the shop's own work (e-mails, jobs), with no access check.
func (s *Service) Read(ctx context.Context, orderID string) (Order, error) {
	o, found, err := load(ctx, s.cfg.Pool, orderID)
	if err != nil {
		return Order{}, fmt.Errorf("order.Read: %w", err)
	}
	if !found {
		return Order{}, errOrderNotFound()
	}
	return o, nil
}

// describeProducts fills in the lines' current slug and picture from the catalogue.
func (s *Service) describeProducts(ctx context.Context, orders []Order) error {
	var ids []string
	for _, o := range orders {
		for _, l := range o.Lines {
			ids = append(ids, l.ProductID)
		}
	}
	var products map[string]catalog.Product
	if err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) (err error) {
		products, err = catalog.VisibleProductsByID(ctx, tx, ids)
		return err
	}); err != nil {
		return err
	}
	for i := range orders {
		for j := range orders[i].Lines {
			l := &orders[i].Lines[j]
			p, ok := products[l.ProductID]
			if !ok {
				continue
			}
			l.Slug = p.Slug
			for k := range p.Images {
				if l.Image == nil || p.Images[k].Primary {
					l.Image = &p.Images[k]
				}
			}
		}
	}
	return nil
}

// Page is one page of a customer's orders.
type Page struct {
	Orders        []Order
	NextPageToken string
}

// DefaultPageSize and MaxPageSize bound List.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

type cursor struct {
	At time.Time `json:"t"`
	ID string    `json:"i"`
}

// List returns the signed-in customer's orders, newest first.
func (s *Service) List(ctx context.Context, accountID string, pageSize int, pageToken string) (Page, error) {
	if accountID == "" {
		return Page{}, apperr.Unauthenticated("unauthenticated", "sign in to continue")
	}
	if pageSize <= 0 {
		pageSize = DefaultPageSize
	}
	pageSize = min(pageSize, MaxPageSize)
	var after cursor
	if pageToken != "" {
		raw, err := base64.RawURLEncoding.DecodeString(pageToken)
		if err != nil || json.Unmarshal(raw, &after) != nil || uuid.Validate(after.ID) != nil {
			return Page{}, apperr.Invalid("page_token", "invalid_page_token", "page token is not valid")
		}
	}
	orders, err := listForAccount(ctx, s.cfg.Pool, accountID, after, pageSize+1)
	if err != nil {
		return Page{}, fmt.Errorf("order.List: %w", err)
	}
	if err := s.describeProducts(ctx, orders); err != nil {
		return Page{}, fmt.Errorf("order.List: %w", err)
	}
	page := Page{Orders: orders}
	if len(orders) > pageSize {
		page.Orders = orders[:pageSize]
		last := page.Orders[pageSize-1]
		raw, _ := json.Marshal(cursor{At: last.CreatedAt, ID: last.ID})
		page.NextPageToken = base64.RawURLEncoding.EncodeToString(raw)
	}
	return page, nil
}

// ApplyEvent applies a verified payment event, in one transaction that first claims the event's
// id: a repeated or concurrent delivery of the same event changes nothing, and events for one
// payment may arrive in any order. Only here does an order become paid.
func (s *Service) ApplyEvent(ctx context.Context, ev payment.Event) error {
	if ev.Outcome == payment.OutcomeIgnored {
		return nil
	}
	var stockChanged bool
	err := db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		stockChanged = false
		fresh, err := payment.Claim(ctx, tx, ev)
		if err != nil || !fresh {
			return err
		}
		rec, found, err := payment.ForRef(ctx, tx, ev.Ref)
		if err != nil {
			return err
		}
		if !found {
			// Another system's payment on the same Stripe account: acknowledged, nothing to do.
			s.log().InfoContext(ctx, "payment event for no order of ours", "event_id", ev.ID, "ref", ev.Ref)
			return nil
		}
		o, found, err := load(ctx, tx, rec.OrderID)
		if err != nil || !found {
			return err
		}
		reason := ev.Type + " " + ev.ID
		switch ev.Outcome {
		case payment.OutcomeSucceeded:
			stockChanged, err = s.succeeded(ctx, tx, o, reason)
		case payment.OutcomeFailed:
			stockChanged, err = s.failed(ctx, tx, o, ev.FailureMessage, reason)
		case payment.OutcomeCanceled:
			stockChanged, err = s.cancel(ctx, tx, o, reason)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("order.ApplyEvent %s: %w", ev.ID, err)
	}
	if stockChanged {
		s.cfg.StockChanged()
	}
	return nil
}

// succeeded records a payment that went through.
func (s *Service) succeeded(ctx context.Context, tx pgx.Tx, o Order, reason string) (stockChanged bool, err error) {
	if err := payment.SetStatus(ctx, tx, o.ID, payment.StatusSucceeded); err != nil {
		return false, err
	}
	switch o.Status {
	case StatusPendingPayment:
		return false, s.markPaid(ctx, tx, o, reason)
	case StatusPaymentFailed, StatusCancelled:
		if o.wasPaid() {
			// Paid once and cancelled since (by the shop): a later success event — a
			// reconciliation's, say — must not bring it back or confirm it twice.
			return false, nil
		}
		// The stock went back when the order failed or lapsed; the shopper paid after all.
		ok, err := reserveAgain(ctx, tx, o)
		if err != nil {
			return false, err
		}
		if ok {
			return true, s.markPaid(ctx, tx, o, reason)
		}
		moved, err := move(ctx, tx, o.ID, StatusRefunded, reason+" (stock no longer available)", o.Status)
		if err != nil || !moved {
			return false, err
		}
		_, err = db.Emit(ctx, tx, TopicRefundRequired, map[string]string{"order_id": o.ID})
		return false, err
	}
	return false, nil // already paid or beyond: a repeat in another event's clothes
}

func (s *Service) markPaid(ctx context.Context, tx pgx.Tx, o Order, reason string) error {
	moved, err := move(ctx, tx, o.ID, StatusPaid, reason, o.Status)
	if err != nil || !moved {
		return err
	}
	if err := setPaymentError(ctx, tx, o.ID, ""); err != nil {
		return err
	}
	if o.CartID != "" {
		ordered := make([]cart.Ordered, len(o.Lines))
		for i, l := range o.Lines {
			ordered[i] = cart.Ordered{ProductID: l.ProductID, Quantity: l.Quantity}
		}
		if err := cart.RemoveOrdered(ctx, tx, o.CartID, ordered); err != nil {
			return err
		}
	}
	_, err = db.Emit(ctx, tx, TopicPaid, map[string]string{"order_id": o.ID})
	return err
}

// failed records a declined or failed payment: the order gives its stock back, and checking out
// again places a new order.
func (s *Service) failed(ctx context.Context, tx pgx.Tx, o Order, message, reason string) (bool, error) {
	if o.Status != StatusPendingPayment {
		return false, nil
	}
	if err := payment.SetStatus(ctx, tx, o.ID, payment.StatusFailed); err != nil {
		return false, err
	}
	moved, err := move(ctx, tx, o.ID, StatusPaymentFailed, reason, StatusPendingPayment)
	if err != nil || !moved {
		return false, err
	}
	if err := setPaymentError(ctx, tx, o.ID, message); err != nil {
		return false, err
	}
	return true, releaseStock(ctx, tx, o)
}

// cancel ends an order that was never paid, giving back its stock if it still holds it.
func (s *Service) cancel(ctx context.Context, tx pgx.Tx, o Order, reason string) (bool, error) {
	if o.Status != StatusPendingPayment && o.Status != StatusPaymentFailed {
		return false, nil
	}
	if err := payment.SetStatus(ctx, tx, o.ID, payment.StatusCanceled); err != nil {
		return false, err
	}
	moved, err := move(ctx, tx, o.ID, StatusCancelled, reason, o.Status)
	if err != nil || !moved {
		return false, err
	}
	if o.Status == StatusPendingPayment {
		return true, releaseStock(ctx, tx, o)
	}
	return false, nil
}

// ExpireDue cancels orders whose payment did not arrive before their reservation lapsed, giving
// their stock back. Each payment is first cancelled at the provider, so it can no longer succeed
// behind the shop's back; one that turns out to have succeeded is applied as paid instead. It
// returns how many orders it ended.
func (s *Service) ExpireDue(ctx context.Context) (int64, error) {
	ids, err := unpaidDue(ctx, s.cfg.Pool, "expires_at", s.now(), 100)
	if err != nil {
		return 0, fmt.Errorf("order.ExpireDue: %w", err)
	}
	var n int64
	for _, id := range ids {
		ended, err := s.expire(ctx, id, "reservation expired")
		if err != nil {
			// The next run tries again; one stuck order must not block the others.
			s.log().WarnContext(ctx, "could not expire order", "order_id", id, "error", err.Error())
			continue
		}
		if ended {
			n++
		}
	}
	return n, nil
}

// expire ends an unpaid order: its payment is cancelled at the provider first, so it can no longer
// succeed behind the shop's back. A payment that turns out to have succeeded is applied as paid; one
// still processing (a bank transfer clearing) keeps the order and its stock for another grace
// period; one the provider does not know (made with other keys) cannot succeed, and the order ends.
func (s *Service) expire(ctx context.Context, id, reason string) (bool, error) {
	rec, found, err := s.paymentOf(ctx, id)
	if err != nil {
		return false, err
	}
	if found {
		in, err := s.cfg.Provider.Cancel(ctx, rec.Ref)
		switch ae := apperr.As(err); {
		case err != nil && ae != nil && ae.Kind == apperr.KindNotFound:
		case err != nil:
			return false, err
		case in.Status == payment.StatusSucceeded:
			return false, s.ApplyEvent(ctx, syntheticEvent(rec.Ref, payment.OutcomeSucceeded))
		case in.Status == payment.StatusProcessing:
			_, err := s.cfg.Pool.Exec(ctx, `UPDATE orders SET expires_at = now() + $2::interval WHERE id = $1 AND status = 'pending_payment'`,
				id, fmt.Sprintf("%d seconds", int64(processingGrace/time.Second)))
			return false, err
		}
	}
	var ended bool
	err = db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		o, found, err := load(ctx, tx, id)
		if err != nil || !found {
			return err
		}
		ended, err = s.cancel(ctx, tx, o, reason)
		return err
	})
	if err != nil {
		return false, err
	}
	if ended {
		s.cfg.StockChanged()
	}
	return ended, nil
}

// processingGrace is how much longer an order waits when its payment is still processing at its
// deadline.
const processingGrace = 30 * time.Minute

// Supersede ends the unpaid orders placed from a cart by other checkout attempts than the one with
// keepKey: a shopper who changed their details, or reloaded the page, checks out again, and the
// earlier attempt must not keep the stock the new one needs. Each is ended as expiry ends it, so a
// payment that went through after all is honoured.
func (s *Service) Supersede(ctx context.Context, cartID, keepKey string) error {
	rows, err := s.cfg.Pool.Query(ctx, `SELECT id::text FROM orders
		WHERE cart_id = $1::uuid AND status = 'pending_payment' AND idempotency_key <> $2`, cartID, keepKey)
	if err != nil {
		return fmt.Errorf("order.Supersede: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("order.Supersede: %w", err)
	}
	for _, id := range ids {
		if _, err := s.expire(ctx, id, "superseded by a new checkout"); err != nil {
			return fmt.Errorf("order.Supersede %s: %w", id, err)
		}
	}
	return nil
}

// Reconcile asks the provider about payments whose event has not come after ReconcileAfter, and
// applies what it says as if the event had arrived: a lost webhook never loses a paid order. It
// returns how many orders it changed.
func (s *Service) Reconcile(ctx context.Context) (int64, error) {
	ids, err := unpaidDue(ctx, s.cfg.Pool, "created_at", s.now().Add(-s.cfg.ReconcileAfter), 100)
	if err != nil {
		return 0, fmt.Errorf("order.Reconcile: %w", err)
	}
	var n int64
	for _, id := range ids {
		rec, found, err := s.paymentOf(ctx, id)
		if err != nil || !found {
			continue
		}
		in, err := s.cfg.Provider.Lookup(ctx, rec.Ref)
		if err != nil {
			s.log().WarnContext(ctx, "could not ask the provider about a payment", "order_id", id, "error", err.Error())
			continue
		}
		var outcome payment.Outcome
		switch in.Status {
		case payment.StatusSucceeded:
			outcome = payment.OutcomeSucceeded
		case payment.StatusCanceled:
			outcome = payment.OutcomeCanceled
		default:
			continue // still waiting for the shopper; the reservation's expiry ends it if need be
		}
		if err := s.ApplyEvent(ctx, syntheticEvent(rec.Ref, outcome)); err != nil {
			s.log().WarnContext(ctx, "could not apply a reconciled payment", "order_id", id, "error", err.Error())
			continue
		}
		n++
	}
	return n, nil
}

// syntheticEvent stands for an event the provider's own answer replaces. Its id is fixed per
// payment and outcome, so reconciling twice applies it once; the real event, should it still
// come, finds the order already moved.
func syntheticEvent(ref string, outcome payment.Outcome) payment.Event {
	return payment.Event{ID: "reconcile:" + ref + ":" + string(outcome), Type: "reconcile." + string(outcome), Ref: ref, Outcome: outcome}
}

func (s *Service) paymentOf(ctx context.Context, orderID string) (rec payment.Record, found bool, err error) {
	err = db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		rec, found, err = payment.ForOrder(ctx, tx, orderID)
		return err
	})
	return rec, found, err
}

// RefundPayment returns the payment of an order that was refunded (TopicRefundRequired's job).
// The provider refunds idempotently per order, so a repeated job refunds once.
func (s *Service) RefundPayment(ctx context.Context, orderID string) error {
	rec, found, err := s.paymentOf(ctx, orderID)
	if err != nil {
		return fmt.Errorf("order.RefundPayment: %w", err)
	}
	if !found {
		return apperr.NotFound("payment_not_found", "order %s has no payment", orderID)
	}
	if err := s.cfg.Provider.Refund(ctx, rec.Ref, orderID); err != nil {
		return fmt.Errorf("order.RefundPayment: %w", err)
	}
	return db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		return payment.SetStatus(ctx, tx, orderID, payment.StatusRefunded)
	})
}

func (s *Service) log() *slog.Logger {
	if s.cfg.Logger == nil {
		return slog.Default()
	}
	return s.cfg.Logger
}
