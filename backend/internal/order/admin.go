package order

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// The admin side of orders: the list the shop works from, and the moves after payment —
// processing, shipping with tracking, delivery, cancellation and refunds. Each move locks the
// order, checks it is allowed from where the order is, and writes the change, its timeline entry
// and its follow-up work (outbox) in one transaction.

// Outbox topics of the admin side (the jobs package routes them).
const (
	// TopicShipped: {"order_id"}: the shipping notice with the tracking link.
	TopicShipped = "order.shipped"
	// TopicCancelled: {"order_id"}: the cancellation notice.
	TopicCancelled = "order.cancelled"
	// TopicRefunded: {"order_id","refund_id"}: the refund notice, once the provider confirmed it.
	TopicRefunded = "order.refunded"
	// TopicRefundRequested: {"order_id","refund_id"}: ask the provider for a refund.
	TopicRefundRequested = "order.refund_requested"
)

// Action is something an admin does to an order.
type Action string

// The actions.
const (
	ActionProcess Action = "process"
	ActionShip    Action = "ship"
	ActionDeliver Action = "deliver"
	ActionCancel  Action = "cancel"
	ActionRefund  Action = "refund"
)

// moves are the statuses each status-changing action starts from and leads to.
var moves = map[Action]struct {
	from []Status
	to   Status
}{
	ActionProcess: {[]Status{StatusPaid}, StatusProcessing},
	ActionShip:    {[]Status{StatusPaid, StatusProcessing}, StatusShipped},
	ActionDeliver: {[]Status{StatusShipped}, StatusDelivered},
	ActionCancel:  {[]Status{StatusPaid, StatusProcessing}, StatusCancelled},
}

// Request is who asks for an admin action, and the idempotency key that makes a repeat harmless.
type Request struct {
	Actor          revision.Actor
	IdempotencyKey string
}

// AdminOrder is an order as the back office sees it.
type AdminOrder struct {
	Order
	// Payment is the order's card payment; nil when none was made.
	Payment *payment.Record
	// Captured is what the provider took: the total once the order was paid, else zero.
	Captured money.Money
	// RefundPending is what refunds still awaiting the provider come to.
	RefundPending money.Money
	// Refundable is captured − refunded − pending.
	Refundable money.Money
	Timeline   []TimelineEntry
	Allowed    []Action
}

// PaymentState is where the order's money is, as the shop counts it.
func (a AdminOrder) PaymentState() string {
	switch {
	case a.Captured.Minor == 0:
		return "unpaid"
	case a.Refunded.Minor == 0:
		return "paid"
	case a.Refunded.Minor < a.Captured.Minor:
		return "partially_refunded"
	}
	return "refunded"
}

// TimelineKind says what a timeline entry records.
type TimelineKind string

// The kinds of timeline entries.
const (
	TimelineStatus          TimelineKind = "status_changed"
	TimelineRefundRequested TimelineKind = "refund_requested"
	TimelineRefundSucceeded TimelineKind = "refund_succeeded"
	TimelineRefundFailed    TimelineKind = "refund_failed"
	TimelineEmail           TimelineKind = "email_sent"
)

// TimelineEntry is one thing that happened to an order.
type TimelineEntry struct {
	At          time.Time
	Kind        TimelineKind
	Status      Status // for TimelineStatus
	Actor       revision.Actor
	Description string
	RefundID    string
	EmailKind   string
}

// AdminQuery filters, sorts and pages the admin's order list.
type AdminQuery struct {
	Statuses []Status
	// Search matches the number, e-mail, customer name or postcode, in part.
	Search       string
	PlacedFrom   time.Time // zero: no lower bound
	PlacedBefore time.Time // zero: no upper bound
	Sort         string    // one of AdminSorts; "" is newest first
	Page         int       // 1-based; 0 is 1
	PageSize     int       // 0 is DefaultPageSize
	// PageToken is a previous page's NextPageToken (not with Page): keyset paging for partners.
	PageToken string

	after *adminCursor // PageToken decoded
}

// AdminPage is one page of the admin's order list.
type AdminPage struct {
	Orders     []AdminOrder
	TotalCount int64
	Page       int // 0 for a page named by a token
	PageSize   int
	// NextPageToken names the page after this one (for AdminQuery.PageToken); empty on the last.
	NextPageToken string
}

// TotalPages is how many pages the matching orders fill (at least 1).
func (p AdminPage) TotalPages() int {
	if p.TotalCount == 0 {
		return 1
	}
	return int((p.TotalCount + int64(p.PageSize) - 1) / int64(p.PageSize))
}

// AdminList lists orders for the back office.
func (s *Service) AdminList(ctx context.Context, q AdminQuery) (AdminPage, error) {
	if _, ok := AdminSorts[q.Sort]; !ok {
		return AdminPage{}, apperr.Invalid("sort", "invalid_sort", "unknown sort %q", q.Sort)
	}
	for _, st := range q.Statuses {
		if !slices.Contains(Statuses(), st) {
			return AdminPage{}, apperr.Invalid("statuses", "invalid_status", "unknown status %q", st)
		}
	}
	if !q.PlacedFrom.IsZero() && !q.PlacedBefore.IsZero() && !q.PlacedFrom.Before(q.PlacedBefore) {
		return AdminPage{}, apperr.Invalid("placed_before", "invalid_date_range", "placed_before must be after placed_from")
	}
	switch {
	case q.PageSize == 0:
		q.PageSize = DefaultPageSize
	case q.PageSize < 0 || q.PageSize > MaxPageSize:
		return AdminPage{}, apperr.Invalid("page_size", "invalid_page_size", "page_size must be 1 to %d", MaxPageSize)
	}
	q.Search = strings.TrimSpace(q.Search)
	if q.PageToken != "" {
		if q.Page != 0 {
			return AdminPage{}, pagetoken.WithPage()
		}
		after, err := decodeAdminCursor(q)
		if err != nil {
			return AdminPage{}, err
		}
		q.after = after
	} else if q.Page <= 0 {
		q.Page = 1
	}
	page := AdminPage{Page: q.Page, PageSize: q.PageSize}
	var orders []Order
	var payments []*payment.Record
	err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) (err error) {
		if orders, page.TotalCount, err = adminOrders(ctx, tx, q); err != nil {
			return err
		}
		// adminOrders read one more than a page when there is more.
		if len(orders) > q.PageSize {
			orders = orders[:q.PageSize]
			page.NextPageToken = adminCursorAfter(q, orders[q.PageSize-1])
		}
		// Each row shows where its money is (paid, partly refunded…) and what can still be
		// refunded, which need the order's payment and refunds: one page's worth, two queries.
		ids := make([]string, len(orders))
		for i := range orders {
			ids[i] = orders[i].ID
		}
		refunds, err := refundsOfOrders(ctx, tx, ids)
		if err != nil {
			return err
		}
		records, err := payment.ForOrders(ctx, tx, ids)
		if err != nil {
			return err
		}
		payments = make([]*payment.Record, len(orders))
		for i := range orders {
			orders[i].Refunds = refunds[orders[i].ID]
			if rec, found := records[orders[i].ID]; found {
				payments[i] = &rec
			}
		}
		return nil
	})
	if err != nil {
		return AdminPage{}, fmt.Errorf("order.AdminList: %w", err)
	}
	if err := s.describeProducts(ctx, orders); err != nil {
		return AdminPage{}, fmt.Errorf("order.AdminList: %w", err)
	}
	page.Orders = make([]AdminOrder, len(orders))
	for i, o := range orders {
		page.Orders[i] = adminView(o, payments[i], o.Refunds)
	}
	return page, nil
}

// AdminGet returns an order with its payment, refunds, e-mails and timeline.
func (s *Service) AdminGet(ctx context.Context, orderID string) (AdminOrder, error) {
	id, ok := db.CanonicalID(orderID)
	if !ok {
		return AdminOrder{}, errOrderNotFound()
	}
	var o Order
	var rec *payment.Record
	err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		var found bool
		var err error
		if o, found, err = load(ctx, tx, id); err != nil || !found {
			if err == nil {
				err = errOrderNotFound()
			}
			return err
		}
		if o.Refunds, err = refundsOf(ctx, tx, id); err != nil {
			return err
		}
		if o.Emails, err = emailsOf(ctx, tx, id); err != nil {
			return err
		}
		r, found, err := payment.ForOrder(ctx, tx, id)
		if found {
			rec = &r
		}
		return err
	})
	if err != nil {
		return AdminOrder{}, fmt.Errorf("order.AdminGet: %w", err)
	}
	orders := []Order{o}
	if err := s.describeProducts(ctx, orders); err != nil {
		return AdminOrder{}, fmt.Errorf("order.AdminGet: %w", err)
	}
	return adminView(orders[0], rec, o.Refunds), nil
}

// adminView adds up an order's money and lists what can be done with it, from the order, its
// payment (nil when none was made) and its refunds.
func adminView(o Order, rec *payment.Record, refunds []Refund) AdminOrder {
	a := AdminOrder{Order: o, Payment: rec, Captured: money.Money{Currency: o.Total.Currency},
		RefundPending: money.Money{Currency: o.Total.Currency}}
	if o.wasPaid() {
		a.Captured.Minor = o.Total.Minor
	}
	for _, r := range refunds {
		if r.Status == RefundPending {
			a.RefundPending.Minor += r.Amount.Minor
		}
	}
	a.Refundable = money.Money{Minor: max(0, a.Captured.Minor-o.Refunded.Minor-a.RefundPending.Minor), Currency: o.Total.Currency}
	for _, act := range []Action{ActionProcess, ActionShip, ActionDeliver, ActionCancel} {
		if slices.Contains(moves[act].from, o.Status) {
			a.Allowed = append(a.Allowed, act)
		}
	}
	if a.Refundable.Minor > 0 {
		a.Allowed = append(a.Allowed, ActionRefund)
	}
	a.Timeline = timeline(o)
	return a
}

// Process moves a paid order to processing.
func (s *Service) Process(ctx context.Context, req Request, orderID string) (AdminOrder, error) {
	return s.transition(ctx, req, orderID, ActionProcess, nil, "Processing", nil)
}

// trackingNumber is what carriers' tracking numbers look like: letters, digits, spaces, hyphens.
var trackingNumber = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$`)

// Ship moves a paid or processing order to shipped with the carrier's tracking number. The
// carrier is the order's delivery option's; the customer is e-mailed the tracking link.
func (s *Service) Ship(ctx context.Context, req Request, orderID, number string) (AdminOrder, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	if number == "" {
		return AdminOrder{}, apperr.Invalid("tracking_number", "tracking_number_required", "a shipped order needs the carrier's tracking number")
	}
	if !trackingNumber.MatchString(number) {
		return AdminOrder{}, apperr.Invalid("tracking_number", "invalid_tracking_number",
			"a tracking number is 4 to 40 letters, digits, spaces or hyphens")
	}
	return s.transition(ctx, req, orderID, ActionShip, []string{number}, "", func(ctx context.Context, tx pgx.Tx, o Order) (string, error) {
		t := Tracking{Carrier: o.Delivery.Carrier, Number: number}
		if s.cfg.TrackingURL != nil {
			t.URL = s.cfg.TrackingURL(t.Carrier, number)
		}
		if err := setTracking(ctx, tx, o.ID, t); err != nil {
			return "", err
		}
		if _, err := db.Emit(ctx, tx, TopicShipped, map[string]string{"order_id": o.ID}); err != nil {
			return "", err
		}
		if t.Carrier == "" {
			return "Shipped, tracking " + number, nil
		}
		return "Shipped with " + t.Carrier + ", tracking " + number, nil
	})
}

// Deliver moves a shipped order to delivered.
func (s *Service) Deliver(ctx context.Context, req Request, orderID string) (AdminOrder, error) {
	return s.transition(ctx, req, orderID, ActionDeliver, nil, "Delivered", nil)
}

// Cancel cancels a paid or processing order: its stock goes back at once, everything captured
// and not yet refunded is refunded through the provider, and the customer is e-mailed.
func (s *Service) Cancel(ctx context.Context, req Request, orderID, reason string) (AdminOrder, error) {
	reason = strings.TrimSpace(reason)
	if err := requireKey(req); err != nil {
		return AdminOrder{}, err
	}
	return s.transition(ctx, req, orderID, ActionCancel, []string{reason}, "", func(ctx context.Context, tx pgx.Tx, o Order) (string, error) {
		if err := releaseStock(ctx, tx, o); err != nil {
			return "", err
		}
		refunds, err := refundsOf(ctx, tx, o.ID)
		if err != nil {
			return "", err
		}
		v := adminView(o, nil, refunds)
		if v.Refundable.Minor > 0 {
			if _, err := s.requestRefund(ctx, tx, req, o, Refund{Amount: v.Refundable, Reason: reason, ForCancellation: true}); err != nil {
				return "", err
			}
		}
		if _, err := db.Emit(ctx, tx, TopicCancelled, map[string]string{"order_id": o.ID}); err != nil {
			return "", err
		}
		if reason == "" {
			return "Cancelled", nil
		}
		return "Cancelled: " + reason, nil
	})
}

// RefundInput is a refund an admin asks for.
type RefundInput struct {
	Amount  int64 // pence
	Reason  string
	Restock []RestockLine
}

// Refund asks the provider to return part or all of what the order's payment captured, never
// more than captured − refunded − pending. The refund is pending until the provider's event
// settles it; the chosen lines go back in stock then.
func (s *Service) Refund(ctx context.Context, req Request, orderID string, in RefundInput) (AdminOrder, Refund, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if err := requireKey(req); err != nil {
		return AdminOrder{}, Refund{}, err
	}
	if in.Amount <= 0 {
		return AdminOrder{}, Refund{}, apperr.Invalid("amount_minor_units", "invalid_refund_amount", "a refund is at least 1p")
	}
	key := []string{strconv.FormatInt(in.Amount, 10), in.Reason}
	for _, l := range in.Restock {
		key = append(key, l.ProductID, strconv.FormatInt(int64(l.Quantity), 10))
	}
	var made Refund
	id, err := s.locked(ctx, req, orderID, ActionRefund, key, func(ctx context.Context, tx pgx.Tx, o Order, repeated bool) error {
		if repeated {
			// The refund the first request made, whatever has happened to it since.
			id, found, err := refundIDByRequestKey(ctx, tx, req.IdempotencyKey)
			made.ID = id
			if err == nil && !found {
				err = fmt.Errorf("order.Refund: no refund under the repeated key %q", req.IdempotencyKey)
			}
			return err
		}
		if !o.wasPaid() || o.Status == StatusPendingPayment || o.Status == StatusPaymentFailed {
			return invalidTransition(o.Status, ActionRefund)
		}
		refunds, err := refundsOf(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		v := adminView(o, nil, refunds)
		if in.Amount > v.Refundable.Minor {
			return apperr.FailedPrecondition("refund_exceeds_refundable",
				"%s can be refunded at most: %s was captured, %s refunded and %s pending", v.Refundable, v.Captured, o.Refunded, v.RefundPending).
				With("refundable_minor_units", strconv.FormatInt(v.Refundable.Minor, 10))
		}
		restock, err := checkRestock(o, refunds, in.Restock)
		if err != nil {
			return err
		}
		made, err = s.requestRefund(ctx, tx, req, o, Refund{Amount: money.Money{Minor: in.Amount, Currency: o.Total.Currency},
			Reason: in.Reason, Restock: restock})
		return err
	})
	if err != nil {
		return AdminOrder{}, Refund{}, fmt.Errorf("order.Refund: %w", err)
	}
	a, err := s.AdminGet(ctx, id)
	if err != nil {
		return AdminOrder{}, Refund{}, err
	}
	for _, r := range a.Refunds {
		if r.ID == made.ID {
			made = r
		}
	}
	return a, made, nil
}

// checkRestock checks the lines to restock against what was ordered, less what earlier refunds
// (not failed) restock; a cancelled order's stock went back when it was cancelled.
func checkRestock(o Order, refunds []Refund, lines []RestockLine) ([]RestockLine, error) {
	if len(lines) == 0 {
		return nil, nil
	}
	if o.Status == StatusCancelled {
		return nil, apperr.Invalid("restock", "already_restocked", "a cancelled order's stock went back when it was cancelled")
	}
	left := map[string]int32{}
	for _, l := range o.Lines {
		left[strings.ToLower(l.ProductID)] += l.Quantity
	}
	for _, r := range refunds {
		if r.Status == RefundFailed {
			continue
		}
		for _, l := range r.Restock {
			left[strings.ToLower(l.ProductID)] -= l.Quantity
		}
	}
	out := make([]RestockLine, 0, len(lines))
	for _, l := range lines {
		id := strings.ToLower(l.ProductID)
		have, ok := left[id]
		switch {
		case !ok:
			return nil, apperr.Invalid("restock", "restock_not_in_order", "product %s is not in this order", l.ProductID)
		case l.Quantity <= 0:
			return nil, apperr.Invalid("restock", "invalid_restock_quantity", "restock at least one unit of each line named")
		case l.Quantity > have:
			return nil, apperr.Invalid("restock", "restock_exceeds_ordered",
				"at most %d of product %s can go back in stock", max(have, 0), l.ProductID)
		}
		left[id] -= l.Quantity
		out = append(out, RestockLine{ProductID: id, Quantity: l.Quantity})
	}
	return out, nil
}

// requestRefund records a pending refund and the job that asks the provider for it. A refund of a
// cancellation is not filed under the request's key: the key names the cancellation.
func (s *Service) requestRefund(ctx context.Context, tx pgx.Tx, req Request, o Order, r Refund) (Refund, error) {
	_, found, err := payment.ForOrder(ctx, tx, o.ID)
	if err != nil {
		return Refund{}, err
	}
	if !found {
		return Refund{}, apperr.FailedPrecondition("payment_not_found", "this order has no payment to refund")
	}
	r.Actor, r.Status = req.Actor, RefundPending
	key := req.IdempotencyKey
	if r.ForCancellation {
		key = ""
	}
	if r.ID, r.CreatedAt, err = insertRefund(ctx, tx, o.ID, key, r); err != nil {
		return Refund{}, err
	}
	if _, err := db.Emit(ctx, tx, TopicRefundRequested, map[string]string{"order_id": o.ID, "refund_id": r.ID}); err != nil {
		return Refund{}, err
	}
	return r, nil
}

// transitionEdit does an action's own work inside its transaction, before the status moves, and
// returns the timeline's words for the step ("" keeps the default).
type transitionEdit func(ctx context.Context, tx pgx.Tx, o Order) (string, error)

// transition moves an order by action: locked, checked against where it is, edited, moved with
// the actor on its timeline. words is the timeline's text unless edit gives its own.
func (s *Service) transition(ctx context.Context, req Request, orderID string, action Action, key []string, words string, edit transitionEdit) (AdminOrder, error) {
	m := moves[action]
	id, err := s.locked(ctx, req, orderID, action, key, func(ctx context.Context, tx pgx.Tx, o Order, repeated bool) error {
		if repeated {
			return nil
		}
		if !slices.Contains(m.from, o.Status) {
			return invalidTransition(o.Status, action)
		}
		if edit != nil {
			w, err := edit(ctx, tx, o)
			if err != nil {
				return err
			}
			if w != "" {
				words = w
			}
		}
		moved, err := moveBy(ctx, tx, o.ID, m.to, words, req.Actor, o.Status)
		if err != nil {
			return err
		}
		if !moved {
			return invalidTransition(o.Status, action)
		}
		return nil
	})
	if err != nil {
		return AdminOrder{}, fmt.Errorf("order.%s: %w", action, err)
	}
	if action == ActionCancel {
		s.cfg.StockChanged()
	}
	return s.AdminGet(ctx, id)
}

// locked runs fn in a transaction holding the order's row, after claiming the request's
// idempotency key: repeated is true when the same request came before with that key (fn must
// then change nothing). It returns the order's canonical id.
func (s *Service) locked(ctx context.Context, req Request, orderID string, action Action, key []string,
	fn func(ctx context.Context, tx pgx.Tx, o Order, repeated bool) error,
) (string, error) {
	id, ok := db.CanonicalID(orderID)
	if !ok {
		return "", errOrderNotFound()
	}
	hash := requestHash(action, id, key)
	err := db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		o, found, err := lockOrder(ctx, tx, id)
		if err != nil {
			return err
		}
		if !found {
			return errOrderNotFound()
		}
		repeated := false
		if req.IdempotencyKey != "" {
			if repeated, err = claimRequest(ctx, tx, req.IdempotencyKey, id, string(action), hash); err != nil {
				return err
			}
		}
		return fn(ctx, tx, o, repeated)
	})
	return id, err
}

func requestHash(action Action, id string, key []string) string {
	h := sha256.New()
	for _, part := range append([]string{string(action), id}, key...) {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// requireKey refuses a money-moving request without an idempotency key: a retried request that
// lost its answer must not refund twice.
func requireKey(req Request) error {
	if req.IdempotencyKey == "" {
		return apperr.Invalid("idempotency_key", "idempotency_key_required",
			"a cancellation or refund needs an idempotency_key, made once per request and repeated on retries")
	}
	return nil
}

// invalidTransition refuses an action the order's status does not allow.
func invalidTransition(from Status, action Action) error {
	return apperr.FailedPrecondition("invalid_transition", "an order that is %s cannot be %s",
		strings.ReplaceAll(string(from), "_", " "), actionWords[action]).
		With("from", string(from)).With("action", string(action))
}

var actionWords = map[Action]string{
	ActionProcess: "moved to processing",
	ActionShip:    "shipped",
	ActionDeliver: "marked delivered",
	ActionCancel:  "cancelled",
	ActionRefund:  "refunded",
}

// statusWords is each status's timeline text when its step gives none of its own.
var statusWords = map[Status]string{
	StatusPendingPayment: "Order placed, awaiting payment",
	StatusPaid:           "Payment received",
	StatusProcessing:     "Processing",
	StatusShipped:        "Shipped",
	StatusDelivered:      "Delivered",
	StatusCancelled:      "Cancelled",
	StatusRefunded:       "Refunded in full",
	StatusPaymentFailed:  "Payment failed",
}

// emailWords is how the timeline names each e-mail kind.
var emailWords = map[string]string{
	"email.order_confirmation": "Order confirmation e-mailed",
	"email.order_shipped":      "Shipping notice e-mailed",
	"email.order_cancelled":    "Cancellation notice e-mailed",
	"email.order_refunded":     "Refund notice e-mailed",
}

// timeline merges an order's status changes, refunds and e-mails, oldest first.
func timeline(o Order) []TimelineEntry {
	var out []TimelineEntry
	for _, c := range o.History {
		words := statusWords[c.Status]
		if c.Actor.AccountID != "" && c.Reason != "" {
			words = c.Reason // an admin's step says what it did ("Shipped with Royal Mail, …")
		} else if c.Reason != "" {
			words += " (" + c.Reason + ")"
		}
		out = append(out, TimelineEntry{At: c.At, Kind: TimelineStatus, Status: c.Status, Actor: c.Actor, Description: words})
	}
	for _, r := range o.Refunds {
		what := "Refund of " + r.Amount.String()
		if r.ForCancellation {
			what = "Cancellation refund of " + r.Amount.String()
		}
		req := what + " requested"
		if r.Reason != "" {
			req += ": " + r.Reason
		}
		out = append(out, TimelineEntry{At: r.CreatedAt, Kind: TimelineRefundRequested, Actor: r.Actor, Description: req, RefundID: r.ID})
		if r.SettledAt == nil {
			continue
		}
		switch r.Status {
		case RefundSucceeded:
			out = append(out, TimelineEntry{At: *r.SettledAt, Kind: TimelineRefundSucceeded, Description: what + " confirmed by the payment provider", RefundID: r.ID})
		case RefundFailed:
			out = append(out, TimelineEntry{At: *r.SettledAt, Kind: TimelineRefundFailed, Description: what + " failed: " + r.FailureMessage, RefundID: r.ID})
		}
	}
	for _, e := range o.Emails {
		words, ok := emailWords[e.Kind]
		if !ok {
			words = "E-mail sent (" + e.Kind + ")"
		}
		out = append(out, TimelineEntry{At: e.SentAt, Kind: TimelineEmail, Description: words, EmailKind: e.Kind})
	}
	slices.SortStableFunc(out, func(a, b TimelineEntry) int { return a.At.Compare(b.At) })
	return out
}
