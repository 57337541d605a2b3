package order

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
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
	// Now is the clock (time.Now when nil); tests set the dashboard's "today" with it.
	Now func() time.Time
	// TrackingURL builds a carrier's tracking page for a parcel (shipping.TrackingURL: shipping
	// is handed in as a function, like the country names, so order imports no other context for
	// it); "" for a carrier it does not know. Nil: shipped orders have no tracking link.
	TrackingURL func(carrier, number string) string
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
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg, now: cfg.Now}
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
	orderID, ok := db.CanonicalID(orderID)
	if !ok {
		return Order{}, errOrderNotFound()
	}
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

// Read returns an order with its refunds for the shop's own work (e-mails, jobs), with no access
// check.
func (s *Service) Read(ctx context.Context, orderID string) (Order, error) {
	o, found, err := load(ctx, s.cfg.Pool, orderID)
	if err == nil && found {
		o.Refunds, err = refundsOf(ctx, s.cfg.Pool, o.ID)
	}
	if err != nil {
		return Order{}, fmt.Errorf("order.Read: %w", err)
	}
	if !found {
		return Order{}, errOrderNotFound()
	}
	return o, nil
}

// describeProducts fills in the lines' picture from the catalogue, and their slug while the
// product is still in the shop: a product archived since keeps its picture on past orders, but
// no link to a page that is gone.
func (s *Service) describeProducts(ctx context.Context, orders []Order) error {
	var ids []string
	for _, o := range orders {
		for _, l := range o.Lines {
			ids = append(ids, l.ProductID)
		}
	}
	var products map[string]catalog.Listed
	if err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) (err error) {
		products, err = catalog.ProductsForLines(ctx, tx, ids)
		return err
	}); err != nil {
		return err
	}
	for i := range orders {
		for j := range orders[i].Lines {
			l := &orders[i].Lines[j] //nolint:gosec // G602: i and j come from ranging over these slices
			p, ok := products[l.ProductID]
			if !ok {
				continue
			}
			if p.Visible {
				l.Slug = p.Slug
			}
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
		if err != nil || json.Unmarshal(raw, &after) != nil {
			return Page{}, apperr.Invalid("page_token", "invalid_page_token", "page token is not valid")
		}
		if _, ok := db.CanonicalID(after.ID); !ok {
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
		raw, _ := json.Marshal(cursor{At: last.CreatedAt, ID: last.ID}) //nolint:errchkjson // a time and a string always encode
		page.NextPageToken = base64.RawURLEncoding.EncodeToString(raw)
	}
	return page, nil
}

// ApplyEvent applies a verified payment event, in one transaction that first claims the event's
// id: a repeated or concurrent delivery of the same event changes nothing, and events for one
// payment may arrive in any order. Only here does an order become paid.
//
// A signature proves who sent an event, not that it fits the order: its amount, currency, order
// id and mode are compared with the order first (see Anomalies). An event that does not fit is
// recorded as a payment anomaly, logged at ERROR, and changes nothing else.
func (s *Service) ApplyEvent(ctx context.Context, ev payment.Event) error {
	if ev.Outcome == payment.OutcomeIgnored {
		return nil
	}
	var stockChanged bool
	var flagged []payment.Anomaly
	err := db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		stockChanged, flagged = false, nil
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
		if ev.Outcome == payment.OutcomeRefundSucceeded || ev.Outcome == payment.OutcomeRefundFailed {
			// About one refund, not the payment: checked against the refund it names.
			stockChanged, flagged, err = s.settleRefund(ctx, tx, o, ev)
			return err
		}
		// The order keeps the status it had: an event that does not fit proves nothing about the
		// real payment, which may still come (and be applied) or lapse at the deadline, when
		// expiry asks the provider itself. Failing or cancelling the order would let whoever can
		// sign events end other people's orders; paying it is what must never happen. Money the
		// provider really took for a mismatched payment is for an admin to settle (refund, or
		// accept), so the anomaly stays open for review.
		if flagged = Anomalies(o, ev.ID, string(ev.Outcome), ev.Ref, ev.Amount, ev.OrderID, ev.Live, s.live()); len(flagged) > 0 {
			for _, a := range flagged {
				if err := payment.RecordAnomaly(ctx, tx, a); err != nil {
					return err
				}
			}
			return nil
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
		return fmt.Errorf("order.ApplyEvent: %s: %w", ev.ID, err)
	}
	for _, a := range flagged {
		s.log().ErrorContext(ctx, "payment anomaly: the event does not match its order; the order is not paid and awaits review",
			"order_id", a.OrderID, "event_id", a.EventID, "ref", a.Ref, "kind", a.Kind, "outcome", a.Outcome,
			"expected", a.Expected, "observed", a.Observed)
	}
	if stockChanged {
		s.cfg.StockChanged()
	}
	return nil
}

// Anomalies compares what a provider says about a payment (an event, or its answer to a
// look-up, cancel or create) with the order it belongs to: the amount and currency must be the
// order's total, the order id in the payment's metadata must be this order's, and the payment's
// mode (live or test) must be the shop's. It returns one anomaly per mismatch, none when the
// payment fits.
func Anomalies(o Order, eventID, outcome, ref string, amount money.Money, orderID string, live, shopLive bool) []payment.Anomaly {
	var out []payment.Anomaly
	add := func(kind, expected, observed string) {
		out = append(out, payment.Anomaly{EventID: eventID, Kind: kind, OrderID: o.ID, Ref: ref, Outcome: outcome,
			Expected: expected, Observed: observed})
	}
	if amount.Minor != o.Total.Minor {
		add(payment.AnomalyAmount, strconv.FormatInt(o.Total.Minor, 10), strconv.FormatInt(amount.Minor, 10))
	}
	if !strings.EqualFold(amount.Currency, o.Total.Currency) {
		add(payment.AnomalyCurrency, o.Total.Currency, strings.ToUpper(amount.Currency))
	}
	if !strings.EqualFold(orderID, o.ID) {
		add(payment.AnomalyOrder, o.ID, orderID)
	}
	if live != shopLive {
		add(payment.AnomalyMode, modeName(shopLive), modeName(live))
	}
	return out
}

func modeName(live bool) string {
	if live {
		return "live"
	}
	return "test"
}

// live is the shop's payment mode.
func (s *Service) live() bool { return s.cfg.Provider != nil && s.cfg.Provider.Live() }

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
		why := " (stock no longer available)"
		if o.SupersededBy != "" {
			// The shopper checked out again from the same cart and the newer order stands for this
			// one: honouring this payment too would sell the cart twice.
			why = " (superseded by order " + o.SupersededBy + ")"
		} else {
			// The stock went back when the order failed or lapsed; the shopper paid after all.
			ok, err := reserveAgain(ctx, tx, o)
			if err != nil {
				return false, err
			}
			if ok {
				return true, s.markPaid(ctx, tx, o, reason)
			}
		}
		moved, err := move(ctx, tx, o.ID, StatusRefunded, reason+why, o.Status)
		if err != nil || !moved {
			return false, err
		}
		if _, err = db.Emit(ctx, tx, TopicRefundRequired, map[string]string{"order_id": o.ID}); err != nil {
			return false, err
		}
		// The whole late payment goes back: announced now, as the order is refunded from here on.
		return false, emitEvent(ctx, tx, o.ID, event.OrderRefunded, nil)
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
			if err := s.ApplyEvent(ctx, syntheticEvent(in, rec.Ref, payment.OutcomeSucceeded)); err != nil {
				return false, err
			}
			// Applied, the order is paid (or refunded) and this changes nothing. A payment that
			// does not match its order was recorded as an anomaly instead: the money was taken,
			// so the order keeps its stock for the admin who settles it, looked at again only
			// after another grace period.
			return false, s.extend(ctx, id)
		case in.Status == payment.StatusProcessing:
			return false, s.extend(ctx, id)
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

// extend gives an unpaid order another grace period before expiry looks at it again.
func (s *Service) extend(ctx context.Context, id string) error {
	return db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		return extendUnpaid(ctx, tx, id, processingGrace)
	})
}

// StopEarlierPayments is checkout's first step when a cart is checked out again: the payments of
// the cart's orders still awaiting payment (other attempts than keepKey) are cancelled at the
// provider, so none can succeed while the new order is placed. One that turns out to have
// succeeded already is applied — the order is paid, not superseded, and the cart's paid lines
// leave it; one still processing refuses the new checkout, as its money is on its way. The
// orders themselves are ended by SupersedeUnpaid, in the transaction that places the new order;
// it returns the ids whose payments it cancelled.
func (s *Service) StopEarlierPayments(ctx context.Context, cartID, keepKey string) ([]string, error) {
	ids, err := unpaidOfCart(ctx, s.cfg.Pool, cartID, keepKey)
	if err != nil {
		return nil, fmt.Errorf("order.StopEarlierPayments: %w", err)
	}
	var stopped []string
	for _, id := range ids {
		in, found, err := s.cancelPayment(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("order.StopEarlierPayments: %s: %w", id, err)
		}
		held := found && in.Status == payment.StatusProcessing
		if found && in.Status == payment.StatusSucceeded {
			// Applied above; still unpaid only when the payment did not match the order (an
			// anomaly): the money was taken, so the order is not superseded behind the admin's back.
			o, err := s.Read(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("order.StopEarlierPayments: %w", err)
			}
			held = o.Status == StatusPendingPayment
		}
		if held {
			return nil, apperr.FailedPrecondition("payment_processing",
				"Your payment for an earlier checkout of this cart is still being processed. Please wait a few minutes.")
		}
		if found {
			// Without a payment yet, one may still be made for it: CancelPayments must look again.
			stopped = append(stopped, id)
		}
	}
	return stopped, nil
}

// CancelPayments cancels at the provider the payments of orders a checkout superseded (after its
// transaction committed; ids whose payment StopEarlierPayments already cancelled are skipped).
// A payment that succeeded after all is applied: the order being superseded, it is refunded. A
// provider that cannot be reached is logged: the order is cancelled here already, and a payment
// that still succeeds is refunded when its event comes.
func (s *Service) CancelPayments(ctx context.Context, ids, skip []string) {
	for _, id := range ids {
		if slices.Contains(skip, id) {
			continue
		}
		if _, _, err := s.cancelPayment(ctx, id); err != nil {
			s.log().WarnContext(ctx, "could not cancel a superseded order's payment", "order_id", id, "error", err.Error())
		}
	}
}

// cancelPayment cancels the order's payment at the provider, applying a success it reports.
func (s *Service) cancelPayment(ctx context.Context, id string) (payment.Intent, bool, error) {
	rec, found, err := s.paymentOf(ctx, id)
	if err != nil || !found {
		return payment.Intent{}, false, err
	}
	in, err := s.cfg.Provider.Cancel(ctx, rec.Ref)
	if ae := apperr.As(err); err != nil && ae != nil && ae.Kind == apperr.KindNotFound {
		return payment.Intent{}, false, nil // made with other keys: it can never succeed
	}
	if err != nil {
		return payment.Intent{}, false, err
	}
	if in.Status == payment.StatusSucceeded {
		if err := s.ApplyEvent(ctx, syntheticEvent(in, rec.Ref, payment.OutcomeSucceeded)); err != nil {
			return payment.Intent{}, false, err
		}
	}
	return in, true, nil
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
		if err := s.ApplyEvent(ctx, syntheticEvent(in, rec.Ref, outcome)); err != nil {
			s.log().WarnContext(ctx, "could not apply a reconciled payment", "order_id", id, "error", err.Error())
			continue
		}
		n++
	}
	return n, nil
}

// syntheticEvent stands for an event the provider's own answer (in, about the payment ref)
// replaces. Its id is fixed per payment and outcome, so reconciling twice applies it once; the
// real event, should it still come, finds the order already moved. It carries what the provider
// says about the payment, which ApplyEvent checks like any event's.
func syntheticEvent(in payment.Intent, ref string, outcome payment.Outcome) payment.Event {
	return payment.Event{ID: "reconcile:" + ref + ":" + string(outcome), Type: "reconcile." + string(outcome), Ref: ref,
		Outcome: outcome, Amount: in.Amount, OrderID: in.OrderID, Live: in.Live}
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
	_, err = s.cfg.Provider.Refund(ctx, payment.RefundRequest{Ref: rec.Ref, OrderID: orderID, Amount: rec.Amount,
		IdempotencyKey: "atelier-order-" + orderID + "-refund"})
	if err != nil {
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
