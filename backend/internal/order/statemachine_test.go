package order_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/payment/paymenttest"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// The shop of every state-machine test: one product of which an order takes two units.
const (
	initialStock = 10
	ordered      = 2
	unitPence    = 2600
)

// testBundle is one test's own shop: a product, carts, the order service and the fake provider
// it asks, in a database of the test's own or one its parent shares. Each (sub)test builds its
// own with setup; a shared database is safe because every bundle reads only its own product,
// carts and orders, except expiry and reconciliation, which sweep the whole database and so get
// one of their own.
type testBundle struct {
	pool     *pgxpool.Pool
	orders   *order.Service
	provider *paymenttest.Fake
	carts    *cart.Service
	product  string
	logs     *bytes.Buffer // written only through slog's handler, which serialises writes
}

// setup builds a test's shop in pool (a fresh database when nil); edit changes the order
// service's configuration first.
func setup(t *testing.T, pool *pgxpool.Pool, edit ...func(*order.Config)) *testBundle {
	t.Helper()
	ctx := context.Background()
	if pool == nil {
		pool = dbtest.Pool(t)
	}
	b := &testBundle{pool: pool, provider: paymenttest.New(), carts: cart.NewService(pool, shipping.NewService(pool)),
		logs: &bytes.Buffer{}}
	price := int64(unitPence)
	var err error
	b.product, _, err = catalog.NewService(pool, 0).SaveProduct(ctx, catalog.ProductInput{Slug: "rose-serum-" + uuid.NewString(), Name: "Rose Serum",
		Price: &price, Stock: initialStock, Active: true, Published: true})
	require.NoError(t, err)
	cfg := order.Config{Pool: pool, Provider: b.provider, LinkKey: []byte("link-key"),
		Logger: slog.New(slog.NewTextHandler(b.logs, nil))}
	for _, e := range edit {
		e(&cfg)
	}
	b.orders = order.NewService(cfg)
	return b
}

// cart makes a guest cart holding units of the product.
func (b *testBundle) cart(t *testing.T, units int32) string {
	t.Helper()
	ctx := context.Background()
	c, err := b.carts.Create(ctx, "", "")
	if err == nil {
		_, err = b.carts.Add(ctx, "", c.ID, b.product, units)
	}
	require.NoError(t, err)
	return c.ID
}

// placement is how a test places an order, as checkout would.
type placement struct {
	cartID    string        // a new cart when empty
	units     int32         // ordered when zero
	key       string        // the checkout's idempotency key; a new one when empty
	expiresIn time.Duration // the reservation's lifetime; an hour when zero (negative: due already)
	noPayment bool          // placed, but its payment never made (the provider could not be reached)
	// paid is where the payment then is at the provider, without the shop being told (awaiting
	// the shopper when empty).
	paid payment.Status
}

// place reserves the stock and inserts the order in one transaction, superseding the cart's
// unpaid orders of other keys as checkout does, then makes its payment at the fake provider.
func (b *testBundle) place(t *testing.T, p placement) order.Order {
	t.Helper()
	ctx := context.Background()
	if p.units == 0 {
		p.units = ordered
	}
	if p.cartID == "" {
		p.cartID = b.cart(t, p.units)
	}
	if p.key == "" {
		p.key = uuid.NewString()
	}
	if p.expiresIn == 0 {
		p.expiresIn = time.Hour
	}
	price, vat := money.GBP(unitPence), money.GBP(unitPence/6)
	total := money.GBP(unitPence * int64(p.units))
	var id string
	require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) error {
		superseded, err := order.SupersedeUnpaid(ctx, tx, p.cartID, p.key)
		if err != nil {
			return err
		}
		ok, _, err := catalog.ReserveStock(ctx, tx, b.product, p.units)
		if err != nil || !ok {
			return fmt.Errorf("reserve: %v, %w", ok, err)
		}
		id, err = order.Insert(ctx, tx, order.Draft{IdempotencyKey: p.key, RequestHash: "h", Supersedes: superseded, Order: order.Order{
			Email: "jane@example.com", CartID: p.cartID, Shipping: order.Address{FirstName: "Jane", CountryCode: "GB"},
			Lines: []order.Line{{ProductID: b.product, Name: "Rose Serum", Quantity: p.units, UnitPrice: price,
				LineTotal: total, VAT: money.GBP(vat.Minor * int64(p.units))}},
			Subtotal: total, VAT: money.GBP(vat.Minor * int64(p.units)), Total: total,
			Delivery: order.Delivery{Code: "standard", Name: "Standard", Price: money.GBP(0)}, ExpiresAt: time.Now().Add(p.expiresIn)}})
		return err
	}))
	o, err := b.orders.Read(ctx, id)
	require.NoError(t, err)
	if p.noPayment {
		return o
	}
	in, err := b.provider.Create(ctx, payment.NewIntent{OrderID: o.ID, OrderNumber: o.Number, Email: o.Email, Amount: o.Total})
	require.NoError(t, err)
	require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) error { return payment.Save(ctx, tx, o.ID, payment.ModeTest, in) }))
	if p.paid != "" {
		b.provider.Set(in.Ref, p.paid)
	}
	return o
}

// ref is the order's payment at the fake provider.
func ref(o order.Order) string { return "pi_fake_" + o.ID }

// apply applies an event that fits the order's payment.
func (b *testBundle) apply(t *testing.T, o order.Order, outcome payment.Outcome) payment.Event {
	t.Helper()
	ev := b.provider.Event(ref(o), outcome)
	require.NoError(t, b.orders.ApplyEvent(context.Background(), ev))
	return ev
}

// snapshot is everything a payment event may change about an order and what it holds.
type snapshot struct {
	Status       order.Status
	History      []order.Status
	PaymentError string
	Payment      payment.Status // empty when it has none
	Stock        int32          // the product's stock
	Outbox       []string       // the order's follow-up work, by topic
	CartUnits    int32          // units left in the cart it was placed from
}

func (b *testBundle) snapshot(t *testing.T, orderID string) snapshot {
	t.Helper()
	ctx := context.Background()
	o, err := b.orders.Read(ctx, orderID)
	require.NoError(t, err)
	s := snapshot{Status: o.Status, PaymentError: o.PaymentError, Outbox: []string{}}
	for _, c := range o.History {
		s.History = append(s.History, c.Status)
	}
	require.NoError(t, db.WithReadTx(ctx, b.pool, func(tx pgx.Tx) error {
		rec, _, err := payment.ForOrder(ctx, tx, orderID)
		s.Payment = rec.Status
		return err
	}))
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT stock_quantity FROM products WHERE id = $1`, b.product).Scan(&s.Stock))
	rows, err := b.pool.Query(ctx, `SELECT topic FROM outbox WHERE payload->>'order_id' = $1 ORDER BY id`, orderID)
	require.NoError(t, err)
	topics, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	s.Outbox = append(s.Outbox, topics...)
	c, err := b.carts.Get(ctx, "", o.CartID)
	require.NoError(t, err)
	s.CartUnits = c.ItemCount
	return s
}

// claimed reports whether the event's id is recorded as applied.
func (b *testBundle) claimed(t *testing.T, eventID string) bool {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment_events WHERE event_id = $1`, eventID).Scan(&n))
	return n == 1
}

// Short names for the statuses in the tables below.
const (
	pending   = order.StatusPendingPayment
	paid      = order.StatusPaid
	failed    = order.StatusPaymentFailed
	cancelled = order.StatusCancelled
	refunded  = order.StatusRefunded
)

var outcomes = []payment.Outcome{payment.OutcomeSucceeded, payment.OutcomeFailed, payment.OutcomeCanceled, payment.OutcomeIgnored}

// orderState brings a freshly placed order (two units reserved, its payment awaiting the shopper)
// to the state a table case starts from.
type orderState struct {
	// due places the order with its reservation lapsed already, for expiry to end it; such a
	// case gets a database of its own, as expiry ends every lapsed order it finds.
	due   bool
	reach func(t *testing.T, b *testBundle, o order.Order)
}

// sellRest lets another shopper buy all but one unit of what the order gave back.
func sellRest(t *testing.T, b *testBundle) {
	t.Helper()
	b.place(t, placement{units: initialStock - 1})
}

var states = map[string]orderState{
	"pending_payment": {reach: func(*testing.T, *testBundle, order.Order) {}},
	"paid": {reach: func(t *testing.T, b *testBundle, o order.Order) {
		t.Helper()
		b.provider.Set(ref(o), payment.StatusSucceeded)
		b.apply(t, o, payment.OutcomeSucceeded)
	}},
	"payment_failed": {reach: func(t *testing.T, b *testBundle, o order.Order) {
		t.Helper()
		b.provider.Set(ref(o), payment.StatusFailed)
		b.apply(t, o, payment.OutcomeFailed)
	}},
	"payment_failed, its stock sold since": {reach: func(t *testing.T, b *testBundle, o order.Order) {
		t.Helper()
		b.provider.Set(ref(o), payment.StatusFailed)
		b.apply(t, o, payment.OutcomeFailed)
		sellRest(t, b)
	}},
	"cancelled by expiry": {due: true, reach: func(t *testing.T, b *testBundle, _ order.Order) {
		t.Helper()
		expireNow(t, b)
	}},
	"cancelled by expiry, its stock sold since": {due: true, reach: func(t *testing.T, b *testBundle, _ order.Order) {
		t.Helper()
		expireNow(t, b)
		sellRest(t, b)
	}},
	"cancelled, superseded by a new checkout of its cart": {reach: func(t *testing.T, b *testBundle, o order.Order) {
		t.Helper()
		b.place(t, placement{cartID: o.CartID})
	}},
	"refunded": {reach: func(t *testing.T, b *testBundle, o order.Order) {
		t.Helper()
		b.place(t, placement{cartID: o.CartID})
		b.provider.Set(ref(o), payment.StatusSucceeded)
		b.apply(t, o, payment.OutcomeSucceeded)
	}},
}

// expireNow runs expiry on the test's one (due) order.
func expireNow(t *testing.T, b *testBundle) {
	t.Helper()
	n, err := b.orders.ExpireDue(context.Background())
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
}

// Every payment event on every state an order can be in: a transition the state machine allows
// moves the order, its stock, its payment, its timeline and its follow-up work together; every
// other event is acknowledged and changes nothing. A second delivery of the same event changes
// nothing either.
func TestApplyEventOnEveryState(t *testing.T) {
	t.Parallel()
	held, free, short := int32(initialStock-ordered), int32(initialStock), int32(1)
	const declined = "Your card was declined."
	// want lists, per state, what each outcome leaves; an outcome not listed changes nothing.
	want := map[string]map[payment.Outcome]snapshot{
		"pending_payment": {
			payment.OutcomeSucceeded: {Status: paid, History: []order.Status{pending, paid}, Payment: payment.StatusSucceeded,
				Stock: held, Outbox: []string{order.TopicPaid}, CartUnits: 0},
			payment.OutcomeFailed: {Status: failed, History: []order.Status{pending, failed}, Payment: payment.StatusFailed,
				PaymentError: declined, Stock: free, Outbox: []string{}, CartUnits: ordered},
			payment.OutcomeCanceled: {Status: cancelled, History: []order.Status{pending, cancelled}, Payment: payment.StatusCanceled,
				Stock: free, Outbox: []string{}, CartUnits: ordered},
		},
		"paid": {},
		"payment_failed": {
			payment.OutcomeSucceeded: {Status: paid, History: []order.Status{pending, failed, paid}, Payment: payment.StatusSucceeded,
				Stock: held, Outbox: []string{order.TopicPaid}, CartUnits: 0},
			payment.OutcomeCanceled: {Status: cancelled, History: []order.Status{pending, failed, cancelled}, Payment: payment.StatusCanceled,
				PaymentError: declined, Stock: free, Outbox: []string{}, CartUnits: ordered},
		},
		"payment_failed, its stock sold since": {
			payment.OutcomeSucceeded: {Status: refunded, History: []order.Status{pending, failed, refunded}, Payment: payment.StatusSucceeded,
				PaymentError: declined, Stock: short, Outbox: []string{order.TopicRefundRequired}, CartUnits: ordered},
			payment.OutcomeCanceled: {Status: cancelled, History: []order.Status{pending, failed, cancelled}, Payment: payment.StatusCanceled,
				PaymentError: declined, Stock: short, Outbox: []string{}, CartUnits: ordered},
		},
		"cancelled by expiry": {
			payment.OutcomeSucceeded: {Status: paid, History: []order.Status{pending, cancelled, paid}, Payment: payment.StatusSucceeded,
				Stock: held, Outbox: []string{order.TopicPaid}, CartUnits: 0},
		},
		"cancelled by expiry, its stock sold since": {
			payment.OutcomeSucceeded: {Status: refunded, History: []order.Status{pending, cancelled, refunded}, Payment: payment.StatusSucceeded,
				Stock: short, Outbox: []string{order.TopicRefundRequired}, CartUnits: ordered},
		},
		"cancelled, superseded by a new checkout of its cart": {
			// The newer order holds the cart's stock: honouring this payment too would sell it twice.
			payment.OutcomeSucceeded: {Status: refunded, History: []order.Status{pending, cancelled, refunded}, Payment: payment.StatusSucceeded,
				Stock: held, Outbox: []string{order.TopicRefundRequired}, CartUnits: ordered},
		},
		"refunded": {},
	}
	require.Len(t, want, len(states), "every state has its row")
	shared := dbtest.Pool(t)
	for name, state := range states {
		for _, outcome := range outcomes {
			t.Run(name+"/"+string(outcome), func(t *testing.T) {
				t.Parallel()
				pool, expiresIn := shared, time.Hour
				if state.due {
					pool, expiresIn = nil, -time.Minute
				}
				b := setup(t, pool)
				o := b.place(t, placement{expiresIn: expiresIn})
				state.reach(t, b, o)
				before := b.snapshot(t, o.ID)

				ev := b.apply(t, o, outcome)
				after := b.snapshot(t, o.ID)
				expected, moves := want[name][outcome]
				if !moves {
					expected = before
				}
				require.Equal(t, expected, after)
				require.Equal(t, outcome != payment.OutcomeIgnored, b.claimed(t, ev.ID), "a payment event's id is recorded, moved or not")

				require.NoError(t, b.orders.ApplyEvent(context.Background(), ev))
				require.Equal(t, after, b.snapshot(t, o.ID), "a repeated delivery changes nothing")
			})
		}
	}
}

// Events for one payment may arrive in any order, and under different ids (a reconciliation's
// and then the provider's own): whatever the order, a payment that went through is honoured
// once, and nothing brings an order back to awaiting payment or confirms it twice.
func TestOutOfOrderEvents(t *testing.T) {
	t.Parallel()
	s, f, c := payment.OutcomeSucceeded, payment.OutcomeFailed, payment.OutcomeCanceled
	tests := map[string]struct {
		events  []payment.Outcome
		history []order.Status
		stock   int32
		outbox  []string
	}{
		"failed after succeeded":    {[]payment.Outcome{s, f}, []order.Status{pending, paid}, initialStock - ordered, []string{order.TopicPaid}},
		"cancelled after succeeded": {[]payment.Outcome{s, c}, []order.Status{pending, paid}, initialStock - ordered, []string{order.TopicPaid}},
		"succeeded twice, two ids":  {[]payment.Outcome{s, s}, []order.Status{pending, paid}, initialStock - ordered, []string{order.TopicPaid}},
		"a retried card succeeds":   {[]payment.Outcome{f, f, s}, []order.Status{pending, failed, paid}, initialStock - ordered, []string{order.TopicPaid}},
		"succeeded after cancelled": {[]payment.Outcome{f, c, s}, []order.Status{pending, failed, cancelled, paid}, initialStock - ordered, []string{order.TopicPaid}},
		"cancelled, then failed":    {[]payment.Outcome{c, f}, []order.Status{pending, cancelled}, initialStock, []string{}},
	}
	shared := dbtest.Pool(t)
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, shared)
			o := b.place(t, placement{})
			for _, outcome := range tt.events {
				b.apply(t, o, outcome)
			}
			got := b.snapshot(t, o.ID)
			require.Equal(t, tt.history, got.History)
			require.Equal(t, tt.stock, got.Stock)
			require.Equal(t, tt.outbox, got.Outbox)
		})
	}
}

// Concurrent deliveries of one event (Stripe retries while the first is still being applied)
// apply it once.
func TestConcurrentDeliveriesOfOneEvent(t *testing.T) {
	t.Parallel()
	b := setup(t, nil)
	o := b.place(t, placement{})
	ev := b.provider.Event(ref(o), payment.OutcomeSucceeded)
	for _, err := range apperrtest.Concurrently(8, func(int) error { return b.orders.ApplyEvent(context.Background(), ev) }) {
		require.NoError(t, err)
	}
	got := b.snapshot(t, o.ID)
	require.Equal(t, []order.Status{pending, paid}, got.History)
	require.Equal(t, []string{order.TopicPaid}, got.Outbox, "one confirmation e-mail")
	require.Equal(t, int32(initialStock-ordered), got.Stock)
}

// A payment that succeeds as its reservation lapses: expiry and the success event run at once.
// Whichever commits first, the payment wins — the order ends paid once, holding its stock once —
// and no refund is asked for money the shop keeps.
func TestExpiryRacingPayment(t *testing.T) {
	t.Parallel()
	for i := range 3 {
		t.Run(fmt.Sprint("round ", i), func(t *testing.T) {
			t.Parallel()
			b := setup(t, nil)
			ctx := context.Background()
			o := b.place(t, placement{expiresIn: -time.Minute})
			// Expiry's cancel reaches the provider first, yet the shopper's payment had gone
			// through: its event is on its way.
			ev := b.provider.Event(ref(o), payment.OutcomeSucceeded)
			errs := apperrtest.Concurrently(2, func(i int) error {
				if i == 0 {
					_, err := b.orders.ExpireDue(ctx)
					return err
				}
				return b.orders.ApplyEvent(ctx, ev)
			})
			require.NoError(t, errors.Join(errs...))
			got := b.snapshot(t, o.ID)
			require.Equal(t, paid, got.Status)
			require.Contains(t, [][]order.Status{{pending, paid}, {pending, cancelled, paid}}, got.History)
			require.Equal(t, int32(initialStock-ordered), got.Stock, "the stock is held once")
			require.Equal(t, []string{order.TopicPaid}, got.Outbox)
		})
	}
}

// Expiry asks the provider before it ends an order: a payment that can no longer succeed ends it
// and gives its stock back; one that succeeded behind the shop's back is honoured; one still
// clearing keeps the order for another grace period; a provider that cannot be reached keeps it
// until the next run.
func TestExpireDue(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		placed   placement // due unless it says otherwise
		fail     error     // what the provider's Cancel answers
		ended    int64
		want     order.Status
		stock    int32
		extended bool
	}{
		"awaiting the shopper":    {ended: 1, want: cancelled, stock: initialStock},
		"never paid for":          {placed: placement{noPayment: true}, ended: 1, want: cancelled, stock: initialStock},
		"unknown to the provider": {fail: apperr.NotFound("payment_not_found", "gone"), ended: 1, want: cancelled, stock: initialStock},
		"paid, its event lost":    {placed: placement{paid: payment.StatusSucceeded}, want: paid, stock: initialStock - ordered},
		"still processing": {placed: placement{paid: payment.StatusProcessing}, want: pending, stock: initialStock - ordered,
			extended: true},
		"provider unreachable":   {fail: errors.New("connection refused"), want: pending, stock: initialStock - ordered},
		"reservation still live": {placed: placement{expiresIn: time.Minute}, want: pending, stock: initialStock - ordered},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, nil)
			ctx := context.Background()
			if tt.placed.expiresIn == 0 {
				tt.placed.expiresIn = -time.Minute
			}
			o := b.place(t, tt.placed)
			b.provider.Fail(paymenttest.Cancel, tt.fail)
			n, err := b.orders.ExpireDue(ctx)
			require.NoError(t, err, "one order's trouble does not fail the run")
			require.Equal(t, tt.ended, n)
			got, err := b.orders.Read(ctx, o.ID)
			require.NoError(t, err)
			require.Equal(t, tt.want, got.Status)
			require.Equal(t, tt.stock, b.snapshot(t, o.ID).Stock)
			if tt.extended {
				require.True(t, got.ExpiresAt.After(time.Now().Add(20*time.Minute)), "another grace period")
			}
			if tt.want == cancelled && !tt.placed.noPayment && tt.fail == nil {
				require.Equal(t, payment.StatusCanceled, b.provider.Intent(ref(o)).Status, "stopped at the provider first")
			}
		})
	}
}

// Reconciliation asks the provider about payments whose event has not come and applies the
// answer as the event would have: a lost event never loses a paid order, the real event arriving
// later changes nothing, and a second run finds nothing to do.
func TestReconcileLostEvent(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		paid    payment.Status // at the provider
		fail    error          // what the provider's Lookup answers
		recent  bool           // placed too recently to ask about
		changed int64
		want    order.Status
		stock   int32
	}{
		"paid, its event lost":      {paid: payment.StatusSucceeded, changed: 1, want: paid, stock: initialStock - ordered},
		"cancelled at the provider": {paid: payment.StatusCanceled, changed: 1, want: cancelled, stock: initialStock},
		"awaiting the shopper":      {want: pending, stock: initialStock - ordered},
		"still processing":          {paid: payment.StatusProcessing, want: pending, stock: initialStock - ordered},
		"provider unreachable":      {paid: payment.StatusSucceeded, fail: errors.New("timeout"), want: pending, stock: initialStock - ordered},
		"too recent to ask":         {paid: payment.StatusSucceeded, recent: true, want: pending, stock: initialStock - ordered},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			after := time.Nanosecond
			if tt.recent {
				after = time.Hour
			}
			b := setup(t, nil, func(c *order.Config) { c.ReconcileAfter = after })
			ctx := context.Background()
			o := b.place(t, placement{paid: tt.paid})
			b.provider.Fail(paymenttest.Lookup, tt.fail)
			n, err := b.orders.Reconcile(ctx)
			require.NoError(t, err)
			require.Equal(t, tt.changed, n)
			got := b.snapshot(t, o.ID)
			require.Equal(t, tt.want, got.Status)
			require.Equal(t, tt.stock, got.Stock)

			n, err = b.orders.Reconcile(ctx)
			require.NoError(t, err)
			if tt.changed > 0 {
				require.Zero(t, n, "nothing left to reconcile")
				// The real event, late, finds the order moved already.
				b.apply(t, o, map[order.Status]payment.Outcome{paid: payment.OutcomeSucceeded, cancelled: payment.OutcomeCanceled}[tt.want])
				require.Equal(t, got, b.snapshot(t, o.ID))
			}
		})
	}
}

// A new checkout of a cart supersedes the cart's order awaiting payment in its own transaction:
// that order is cancelled, its stock goes back before the new order takes its own, its payment
// is marked cancelled, and the new order names it. An order of the same checkout (a retry with
// its key) and a paid one are left alone.
func TestSupersedeUnpaid(t *testing.T) {
	t.Parallel()
	b := setup(t, nil)
	ctx := context.Background()
	cartID := b.cart(t, ordered)
	first := b.place(t, placement{cartID: cartID, key: "first"})

	var ids []string
	require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) (err error) {
		ids, err = order.SupersedeUnpaid(ctx, tx, cartID, "first")
		return err
	}))
	require.Empty(t, ids, "a retry of the same checkout supersedes nothing")
	require.Equal(t, pending, b.snapshot(t, first.ID).Status)

	second := b.place(t, placement{cartID: cartID, key: "second"}) // supersedes the first
	got := b.snapshot(t, first.ID)
	require.Equal(t, []order.Status{pending, cancelled}, got.History)
	require.Equal(t, payment.StatusCanceled, got.Payment)
	require.Equal(t, int32(initialStock-ordered), got.Stock, "the stock is held once, by the new order")
	o, err := b.orders.Read(ctx, first.ID)
	require.NoError(t, err)
	require.Equal(t, second.ID, o.SupersededBy)

	b.apply(t, second, payment.OutcomeSucceeded)
	require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) (err error) {
		ids, err = order.SupersedeUnpaid(ctx, tx, cartID, "third")
		return err
	}))
	require.Empty(t, ids, "a paid order is never superseded")
	require.Equal(t, paid, b.snapshot(t, second.ID).Status)
}

// Before a cart is checked out again, the payments of its earlier unpaid orders are stopped at
// the provider. One that already succeeded is honoured (the order is paid, not superseded); one
// still processing refuses the new checkout, its money being on its way, and changes nothing.
func TestStopEarlierPayments(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		placed  placement
		fail    error // what the provider's Cancel answers
		stopped bool
		want    order.Status
		err     *apperrtest.Want
	}{
		"awaiting the shopper":    {stopped: true, want: pending},
		"already succeeded":       {placed: placement{paid: payment.StatusSucceeded}, stopped: true, want: paid},
		"never paid for":          {placed: placement{noPayment: true}, want: pending},
		"unknown to the provider": {fail: apperr.NotFound("payment_not_found", "gone"), want: pending},
		"still processing": {placed: placement{paid: payment.StatusProcessing}, want: pending,
			err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "payment_processing"}},
	}
	shared := dbtest.Pool(t)
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, shared)
			o := b.place(t, tt.placed)
			b.provider.Fail(paymenttest.Cancel, tt.fail)
			before := b.snapshot(t, o.ID)
			stopped, err := b.orders.StopEarlierPayments(context.Background(), o.CartID, "later")
			if tt.err != nil {
				apperrtest.Require(t, err, *tt.err)
				require.Equal(t, before, b.snapshot(t, o.ID), "a refused checkout changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.stopped, len(stopped) == 1, "%v", stopped)
			require.Equal(t, tt.want, b.snapshot(t, o.ID).Status)
			if tt.stopped && tt.want == pending {
				require.Equal(t, payment.StatusCanceled, b.provider.Intent(ref(o)).Status)
			}
		})
	}
}

// After the new order committed, the superseded orders' payments are cancelled at the provider
// (those already stopped are skipped); one that slipped through is refunded, as the newer order
// stands for the cart.
func TestCancelPaymentsOfSupersededOrders(t *testing.T) {
	t.Parallel()
	b := setup(t, nil)
	stopped := b.place(t, placement{})
	slipped := b.place(t, placement{cartID: stopped.CartID})
	b.place(t, placement{cartID: stopped.CartID})
	ctx := context.Background()
	b.provider.Set(ref(slipped), payment.StatusSucceeded)

	b.orders.CancelPayments(ctx, []string{stopped.ID, slipped.ID}, []string{stopped.ID})
	require.Equal(t, 1, b.provider.Calls(paymenttest.Cancel), "only the order not stopped already")
	got := b.snapshot(t, slipped.ID)
	require.Equal(t, refunded, got.Status)
	require.Equal(t, []string{order.TopicRefundRequired}, got.Outbox)

	require.NoError(t, b.orders.RefundPayment(ctx, slipped.ID))
	require.NoError(t, b.orders.RefundPayment(ctx, slipped.ID), "a repeated refund job refunds once")
	require.Equal(t, payment.StatusRefunded, b.provider.Intent(ref(slipped)).Status)
	require.Equal(t, payment.StatusRefunded, b.snapshot(t, slipped.ID).Payment)

	apperrtest.Require(t, b.orders.RefundPayment(ctx, uuid.NewString()),
		apperrtest.Want{Kind: apperr.KindNotFound, Reason: "payment_not_found"})
}
