package checkout_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/logtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// fixture is one test's own shop: catalogue, carts, the test payment provider delivering its
// events through the verified webhook path, and the order and checkout services.
type fixture struct {
	pool     *pgxpool.Pool
	catalog  *catalog.Service
	carts    *cart.Service
	orders   *order.Service
	checkout *checkout.Service
	payments *payment.TestProvider
	logs     *logtest.Buffer
}

// wrap lets a test stand between the services and the test provider.
func newFixture(t *testing.T, wrap func(payment.Provider) payment.Provider) *fixture {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	f := &fixture{pool: pool, catalog: catalog.NewService(pool, 0), logs: &logtest.Buffer{}}
	ship := shipping.NewService(pool)
	require.NoError(t, ship.Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Price: money.GBP(395), Position: 1, Active: true}))
	f.carts = cart.NewService(pool, ship)
	f.payments = payment.NewTestProvider(pool, bytes.Repeat([]byte{7}, 32))
	var provider payment.Provider = f.payments
	if wrap != nil {
		provider = wrap(provider)
	}
	logger := slog.New(slog.NewTextHandler(f.logs, nil))
	f.orders = order.NewService(order.Config{Pool: pool, Provider: provider, LinkKey: []byte("link-key"), Logger: logger})
	hooks, err := payment.NewWebhooks(f.payments.WebhookSecret())
	require.NoError(t, err)
	f.payments.DeliverTo(func(ctx context.Context, body []byte, signature string) error {
		ev, err := hooks.Parse(body, signature)
		if err != nil {
			return err
		}
		return f.orders.ApplyEvent(ctx, ev)
	})
	f.checkout = checkout.NewService(checkout.Config{Pool: pool, Shipping: ship, Orders: f.orders, Provider: provider,
		Logger: logger, AccountEmail: func(context.Context, string) (string, error) { return "", nil }})
	return f
}

func (f *fixture) product(t *testing.T, pence int64, stock int32) string {
	t.Helper()
	id, _, err := f.catalog.SaveProduct(context.Background(), catalog.ProductInput{Slug: "p-" + uuid.NewString()[:8],
		Name: "Rose Serum", Price: &pence, Stock: stock, Active: true, Published: true})
	require.NoError(t, err)
	return id
}

func (f *fixture) cart(t *testing.T, productID string, qty int32) string {
	t.Helper()
	ctx := context.Background()
	c, err := f.carts.Create(ctx, "", "")
	require.NoError(t, err)
	_, err = f.carts.Add(ctx, "", c.ID, productID, qty)
	require.NoError(t, err)
	return c.ID
}

func request(cartID, key string) checkout.Request {
	return checkout.Request{CartID: cartID, IdempotencyKey: key, Email: "jane@example.com", DeliveryCode: "standard",
		Shipping: order.Address{FirstName: "Jane", LastName: "Doe", Line1: "1 Bond Street", City: "London", Postcode: "W1S 1AA", CountryCode: "GB"}}
}

func (f *fixture) stock(t *testing.T, productID string) int32 {
	t.Helper()
	var n int32
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT stock_quantity FROM products WHERE id = $1`, productID).Scan(&n))
	return n
}

// unpaid counts the cart's orders awaiting payment.
func (f *fixture) unpaid(t *testing.T, cartID string) int {
	t.Helper()
	var n int
	require.NoError(t, f.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM orders WHERE cart_id = $1 AND status = 'pending_payment'`, cartID).Scan(&n))
	return n
}

// oneInCart is a fixture (wrap as for newFixture) with one product, £26.00 and 10 in stock, and
// a cart holding one of it.
func oneInCart(t *testing.T, wrap func(payment.Provider) payment.Provider) (f *fixture, productID, cartID string) {
	t.Helper()
	f = newFixture(t, wrap)
	productID = f.product(t, 2600, 10)
	return f, productID, f.cart(t, productID, 1)
}

// submit checks the cart out as a guest under a fresh idempotency key, as a new submit does.
func (f *fixture) submit(t *testing.T, cartID string) checkout.Result {
	t.Helper()
	res, err := f.checkout.Checkout(context.Background(), "", request(cartID, "k-"+uuid.NewString()))
	require.NoError(t, err)
	return res
}

func (f *fixture) status(t *testing.T, orderID string) order.Status {
	t.Helper()
	o, err := f.orders.Read(context.Background(), orderID)
	require.NoError(t, err)
	return o.Status
}

func card(number string) payment.Card {
	return payment.Card{Number: number, ExpMonth: 12, ExpYear: int32(time.Now().Year() + 2), CVC: "123"}
}

// Simultaneous submits of one cart with different keys (two tabs, a double click that made a new
// key) leave exactly one payable order: the others are superseded — cancelled, naming the order
// that replaced them — and their payments can no longer be made. The stock is held once.
func TestConcurrentCheckoutsOfOneCartLeaveOnePayableOrder(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 6} {
		t.Run(fmt.Sprintf("%d submits", n), func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, nil)
			product := f.product(t, 2600, 10)
			cartID := f.cart(t, product, 2)
			results := make([]checkout.Result, n)
			errs := make([]error, n)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range n {
				wg.Go(func() {
					<-start
					results[i], errs[i] = f.checkout.Checkout(context.Background(), "", request(cartID, "k-"+uuid.NewString()))
				})
			}
			close(start)
			wg.Wait()

			ctx := context.Background()
			require.Equal(t, 1, f.unpaid(t, cartID), "exactly one order awaits payment")
			require.Equal(t, int32(10-2), f.stock(t, product), "the stock is held once")
			var winner string
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT id::text FROM orders WHERE cart_id = $1 AND status = 'pending_payment'`,
				cartID).Scan(&winner))
			rows, err := f.pool.Query(ctx, `SELECT status, coalesce(superseded_by::text, '') FROM orders WHERE cart_id = $1 AND id <> $2`, cartID, winner)
			require.NoError(t, err)
			others := 0
			for rows.Next() {
				var status, by string
				require.NoError(t, rows.Scan(&status, &by))
				require.Equal(t, "cancelled", status)
				require.NotEmpty(t, by, "a superseded order names the one that replaced it")
				others++
			}
			require.NoError(t, rows.Err())
			require.Equal(t, n-1, others, "one order per submit")
			var live int
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM test_payment_intents WHERE status = 'requires_payment'`).Scan(&live))
			require.LessOrEqual(t, live, 1, "no superseded order's payment can still be made")

			// Every submit was answered (superseded or not); only the winner's payment goes through.
			paid := 0
			for i := range n {
				require.NoError(t, errs[i], "submit %d", i)
				secret := results[i].Payment.ClientSecret
				if secret == "" {
					require.Equal(t, order.StatusCancelled, results[i].Order.Status, "submit %d: nothing to pay only when superseded", i)
					continue
				}
				if _, err := f.payments.Confirm(ctx, secret, card(payment.TestCardSucceeds)); err == nil {
					paid++
					require.Equal(t, winner, results[i].Order.ID)
				} else {
					ae := apperr.As(err)
					require.NotNil(t, ae, "%v", err)
					require.Equal(t, "payment_not_payable", ae.Reason)
				}
			}
			require.Equal(t, 1, paid, "one payable order")
			require.Equal(t, order.StatusPaid, f.status(t, winner))
			require.Equal(t, int32(10-2), f.stock(t, product))
		})
	}
}

// A resubmit whose cart's earlier order was paid at the provider — its event not yet arrived —
// honours that payment: the order is paid, not cancelled, and its lines leave the cart, so there
// is nothing left to order.
func TestResubmitHonoursAnEarlierPaymentThatSucceeded(t *testing.T) {
	t.Parallel()
	f, product, cartID := oneInCart(t, nil)
	ctx := context.Background()
	first := f.submit(t, cartID)
	_, err := f.pool.Exec(ctx, `UPDATE test_payment_intents SET status = 'succeeded' WHERE order_id = $1`, first.Order.ID)
	require.NoError(t, err)

	_, err = f.checkout.Checkout(ctx, "", request(cartID, "k-"+uuid.NewString()))
	ae := apperr.As(err)
	require.NotNil(t, ae, "%v", err)
	require.Equal(t, "cart_empty", ae.Reason)
	require.Equal(t, order.StatusPaid, f.status(t, first.Order.ID))
	require.Equal(t, int32(9), f.stock(t, product))
	require.Zero(t, f.unpaid(t, cartID))
}

// A payment that still succeeds for a superseded order (made in the instant before it was
// cancelled at the provider, or while the provider could not be reached) is refunded: the newer
// order stands for the cart, and honouring both would sell it twice.
func TestLatePaymentForASupersededOrderIsRefunded(t *testing.T) {
	t.Parallel()
	f, product, cartID := oneInCart(t, nil)
	ctx := context.Background()
	first := f.submit(t, cartID)
	second := f.submit(t, cartID)
	require.Equal(t, order.StatusCancelled, f.status(t, first.Order.ID))
	require.Equal(t, int32(9), f.stock(t, product))

	// The first payment succeeds after all: its event arrives.
	in, err := f.payments.Lookup(ctx, first.Payment.Ref)
	require.NoError(t, err)
	in.Status = payment.StatusSucceeded
	body, err := f.payments.EventBody(in, first.Order.ID)
	require.NoError(t, err)
	hooks, err := payment.NewWebhooks(f.payments.WebhookSecret())
	require.NoError(t, err)
	ev, err := hooks.Parse(body, f.payments.Sign(body))
	require.NoError(t, err)
	require.NoError(t, f.orders.ApplyEvent(ctx, ev))

	require.Equal(t, order.StatusRefunded, f.status(t, first.Order.ID))
	require.Equal(t, order.StatusPendingPayment, f.status(t, second.Order.ID))
	require.Equal(t, int32(9), f.stock(t, product), "the stock is still held once")
	var refunds int
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE topic = $1 AND payload->>'order_id' = $2`,
		order.TopicRefundRequired, first.Order.ID).Scan(&refunds))
	require.Equal(t, 1, refunds)
}

// hookedProvider hands each payment it creates to after before returning it: after may change
// the answer (a payment unlike the order asked) or act meanwhile (a newer checkout of the same
// cart committing while the first one's payment is being made).
type hookedProvider struct {
	payment.Provider
	after func(*payment.Intent)
}

func (p *hookedProvider) Create(ctx context.Context, in payment.NewIntent) (payment.Intent, error) {
	got, err := p.Provider.Create(ctx, in)
	if err == nil {
		p.after(&got)
	}
	return got, err
}

// An order superseded while its payment was being created never gets a payable payment: the
// payment is recorded, cancelled at the provider, and the submit is answered with the order as it
// now is, with nothing to pay.
func TestOrderSupersededWhilePaymentIsMadeIsNotPayable(t *testing.T) {
	t.Parallel()
	var f *fixture
	var cartID string
	var second checkout.Result
	var secondErr error
	var fired atomic.Bool
	racing := func(*payment.Intent) {
		if fired.CompareAndSwap(false, true) {
			second, secondErr = f.checkout.Checkout(context.Background(), "", request(cartID, "k-"+uuid.NewString()))
		}
	}
	var product string
	f, product, cartID = oneInCart(t, func(p payment.Provider) payment.Provider { return &hookedProvider{Provider: p, after: racing} })
	ctx := context.Background()

	first := f.submit(t, cartID)
	require.NoError(t, secondErr)
	require.Equal(t, order.StatusCancelled, first.Order.Status)
	require.Equal(t, order.StatusPendingPayment, second.Order.Status)
	require.NotEqual(t, first.Order.ID, second.Order.ID)
	var status string
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT status FROM test_payment_intents WHERE order_id = $1`, first.Order.ID).Scan(&status))
	require.Equal(t, "canceled", status, "the superseded order's payment is stopped at the provider")
	require.Equal(t, 1, f.unpaid(t, cartID))
	require.Equal(t, int32(9), f.stock(t, product))
	_, err := f.payments.Confirm(ctx, second.Payment.ClientSecret, card(payment.TestCardSucceeds))
	require.NoError(t, err)
}

// A payment the provider created for another amount, currency, order or mode is never handed to
// the shopper: it is recorded as an anomaly and cancelled, and the order stays awaiting payment.
func TestCheckoutRefusesAPaymentUnlikeTheOrder(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		change func(*payment.Intent)
		kind   string
	}{
		"amount":   {func(in *payment.Intent) { in.Amount.Minor = 1 }, payment.AnomalyAmount},
		"currency": {func(in *payment.Intent) { in.Amount.Currency = "USD" }, payment.AnomalyCurrency},
		"order":    {func(in *payment.Intent) { in.OrderID = uuid.NewString() }, payment.AnomalyOrder},
		"mode":     {func(in *payment.Intent) { in.Live = true }, payment.AnomalyMode},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, _, cartID := oneInCart(t, func(p payment.Provider) payment.Provider { return &hookedProvider{Provider: p, after: tt.change} })
			ctx := context.Background()
			_, err := f.checkout.Checkout(ctx, "", request(cartID, "k-"+uuid.NewString()))
			ae := apperr.As(err)
			require.NotNil(t, ae, "%v", err)
			require.Equal(t, apperr.KindUnavailable, ae.Kind)
			require.Equal(t, "payment_setup_failed", ae.Reason)

			var orderID, status string
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT id::text, status FROM orders WHERE cart_id = $1`, cartID).Scan(&orderID, &status))
			require.Equal(t, "pending_payment", status)
			var saved int
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM payments`).Scan(&saved))
			require.Zero(t, saved, "the payment is not kept for the order")
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT status FROM test_payment_intents WHERE order_id = $1`, orderID).Scan(&status))
			require.Equal(t, "canceled", status)
			var anomalies []payment.Anomaly
			require.NoError(t, db.WithReadTx(ctx, f.pool, func(tx pgx.Tx) (err error) {
				anomalies, err = payment.Anomalies(ctx, tx, 10)
				return err
			}))
			require.Len(t, anomalies, 1)
			require.Equal(t, tt.kind, anomalies[0].Kind)
			require.Equal(t, orderID, anomalies[0].OrderID)
			require.Contains(t, f.logs.String(), "level=ERROR")
			require.Contains(t, f.logs.String(), "order_id="+orderID)
		})
	}
}
