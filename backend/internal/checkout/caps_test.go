package checkout

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// capShop is one test's own shop: a checkout service with the given caps on a clock the test
// moves, a cart service, and products made on demand.
type capShop struct {
	pool    *pgxpool.Pool
	svc     *Service
	carts   *cart.Service
	catalog *catalog.Service
	now     time.Time
}

const ttl = 30 * time.Minute

func newCapShop(t *testing.T, caps Caps) *capShop {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	ship := shipping.NewService(pool)
	require.NoError(t, ship.Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Price: money.GBP(500), Position: 1, Active: true}))
	key := []byte("a test key of thirty-two bytes!!")
	provider := payment.NewTestProvider(pool, key)
	orders := order.NewService(order.Config{Pool: pool, Provider: provider, LinkKey: key})
	s := &capShop{pool: pool, carts: cart.NewService(pool, ship), catalog: catalog.NewService(pool, 0), now: time.Now()}
	s.svc = NewService(Config{Pool: pool, Shipping: ship, Orders: orders, Provider: provider, ReservationTTL: ttl, Caps: caps})
	s.svc.now = func() time.Time { return s.now }
	return s
}

// product makes a visible product with plenty of stock.
func (s *capShop) product(t *testing.T) string {
	t.Helper()
	price := int64(1000)
	id, _, err := s.catalog.SaveProduct(context.Background(), catalog.ProductInput{Slug: "p-" + uuid.NewString()[:8],
		Name: "Rose Serum", Price: &price, Stock: 100, Active: true, Published: true})
	require.NoError(t, err)
	return id
}

// attempt is one guest checkout: a new cart with units of a new product, for email, from client.
type attempt struct {
	email, client string
	units         int32
}

// request makes the attempt's cart and product and returns its checkout request.
func (s *capShop) request(t *testing.T, a attempt) Request {
	t.Helper()
	ctx := context.Background()
	c, err := s.carts.Create(ctx, "", "")
	require.NoError(t, err)
	_, err = s.carts.Add(ctx, "", c.ID, s.product(t), a.units)
	require.NoError(t, err)
	return Request{CartID: c.ID, IdempotencyKey: uuid.NewString(), Email: a.email,
		Shipping: address(nil), DeliveryCode: "standard", ClientIP: a.client}
}

func (s *capShop) checkout(t *testing.T, a attempt) (Result, error) {
	t.Helper()
	return s.svc.Checkout(context.Background(), "", s.request(t, a))
}

// state is what a refused checkout must leave as it was: orders, payments, stock.
func (s *capShop) state(t *testing.T) [3]int64 {
	t.Helper()
	var st [3]int64
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM orders),
		(SELECT count(*) FROM test_payment_intents), (SELECT COALESCE(SUM(stock_quantity), 0) FROM products)`).Scan(&st[0], &st[1], &st[2]))
	return st
}

// One client address (an IPv6 client by its /64) and one e-mail address (without case) may hold
// only so many unpaid orders and reserved units at once: one more is refused with 429 and a
// Retry-After of when enough of them lapse, and changes nothing; once they lapse there is room.
// A client with nothing unpaid may place one order of any size.
func TestCheckoutCaps(t *testing.T) {
	t.Parallel()
	caps := Caps{OrdersPerClient: 3, UnitsPerClient: 10, OrdersPerEmail: 2, UnitsPerEmail: 6}
	const a, b, c = "198.51.100.1", "198.51.100.2", "198.51.100.3"
	tests := map[string]struct {
		earlier []attempt // placed a minute apart
		then    attempt
		refused bool
		wait    time.Duration // when refused: until which earlier order lapses
	}{
		"orders per client": {earlier: []attempt{{"a@example.com", a, 1}, {"b@example.com", a, 1}, {"c@example.com", a, 1}},
			then: attempt{"d@example.com", a, 1}, refused: true, wait: ttl - 3*time.Minute},
		"units per client": {earlier: []attempt{{"a@example.com", a, 5}, {"b@example.com", a, 4}},
			then: attempt{"c@example.com", a, 2}, refused: true, wait: ttl - 2*time.Minute},
		"units per client, until enough lapse": {earlier: []attempt{{"a@example.com", a, 1}, {"b@example.com", a, 1}, {"c@example.com", a, 1}},
			then: attempt{"d@example.com", a, 9}, refused: true, wait: ttl - 2*time.Minute}, // the first two must lapse
		"orders per e-mail": {earlier: []attempt{{"jane@example.com", a, 1}, {"jane@example.com", b, 1}},
			then: attempt{"jane@example.com", c, 1}, refused: true, wait: ttl - 2*time.Minute},
		"units per e-mail": {earlier: []attempt{{"jane@example.com", a, 6}},
			then: attempt{"jane@example.com", b, 1}, refused: true, wait: ttl - time.Minute},
		"e-mail without case": {earlier: []attempt{{"Jane@Example.com", a, 1}, {" jane@example.COM", b, 1}},
			then: attempt{"jane@example.com", c, 1}, refused: true, wait: ttl - 2*time.Minute},
		"one IPv6 /64": {earlier: []attempt{{"a@example.com", "2001:db8::1", 1}, {"b@example.com", "2001:db8::2", 1}, {"c@example.com", "2001:db8::3", 1}},
			then: attempt{"d@example.com", "2001:db8::ffff:4", 1}, refused: true, wait: ttl - 3*time.Minute},
		"a large first order": {then: attempt{"a@example.com", a, 25}},
		"under every cap": {earlier: []attempt{{"a@example.com", a, 4}, {"b@example.com", a, 5}},
			then: attempt{"c@example.com", a, 1}},
		"another client and e-mail": {earlier: []attempt{{"a@example.com", a, 1}, {"b@example.com", a, 1}, {"c@example.com", a, 8}},
			then: attempt{"d@example.com", b, 5}},
		"an unknown client": {earlier: []attempt{{"a@example.com", "", 1}, {"b@example.com", "", 1}, {"c@example.com", "", 1}},
			then: attempt{"d@example.com", "", 1}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newCapShop(t, caps)
			for _, e := range tt.earlier {
				_, err := s.checkout(t, e)
				require.NoError(t, err)
				s.now = s.now.Add(time.Minute)
			}
			req := s.request(t, tt.then)
			before := s.state(t)
			res, err := s.svc.Checkout(context.Background(), "", req)
			if !tt.refused {
				require.NoError(t, err)
				require.Equal(t, order.StatusPendingPayment, res.Order.Status)
				return
			}
			ae := apperr.As(err)
			require.NotNil(t, ae, "%v", err)
			require.Equal(t, apperr.KindResourceExhausted, ae.Kind)
			require.Equal(t, "too_many_unpaid_orders", ae.Reason)
			require.Equal(t, tt.wait, ae.RetryAfter.Round(time.Millisecond))
			require.Equal(t, fmt.Sprintf("You have too many orders awaiting payment. Please pay for one, or try again in %d minutes.",
				int(tt.wait.Minutes())), ae.Message)
			require.Equal(t, before, s.state(t), "a refused checkout places nothing, pays nothing, reserves nothing")

			s.now = s.now.Add(tt.wait - time.Second)
			_, err = s.svc.Checkout(context.Background(), "", req)
			require.Equal(t, "too_many_unpaid_orders", apperr.As(err).Reason, "not a second early: %v", err)
			s.now = s.now.Add(time.Second)
			_, err = s.svc.Checkout(context.Background(), "", req)
			require.NoError(t, err, "the order that stood in the way has lapsed")
		})
	}
}

// A new attempt from the same cart supersedes the earlier one, which then holds nothing: a
// shopper who goes back and changes their details is never refused for it.
func TestCheckoutCapsIgnoreSupersededAttempts(t *testing.T) {
	t.Parallel()
	s := newCapShop(t, Caps{OrdersPerClient: 1, UnitsPerClient: 1, OrdersPerEmail: 1, UnitsPerEmail: 1})
	ctx := context.Background()
	c, err := s.carts.Create(ctx, "", "")
	require.NoError(t, err)
	_, err = s.carts.Add(ctx, "", c.ID, s.product(t), 1)
	require.NoError(t, err)
	for _, email := range []string{"jane@example.com", "jane.doe@example.com", "jane@example.com"} {
		_, err := s.svc.Checkout(ctx, "", Request{CartID: c.ID, IdempotencyKey: uuid.NewString(), Email: email,
			Shipping: address(nil), DeliveryCode: "standard", ClientIP: "198.51.100.1"})
		require.NoError(t, err, email)
	}
}

// Concurrent checkouts of one client, each for another product and e-mail, cannot together pass
// the cap: the count of its unpaid orders and the new order are one SERIALIZABLE transaction.
func TestCheckoutCapsConcurrent(t *testing.T) {
	t.Parallel()
	s := newCapShop(t, Caps{OrdersPerClient: 3, UnitsPerClient: 100, OrdersPerEmail: 100, UnitsPerEmail: 100})
	ctx := context.Background()
	const n = 8
	reqs := make([]Request, n)
	for i := range reqs {
		reqs[i] = s.request(t, attempt{fmt.Sprintf("shopper%d@example.com", i), "192.0.2.77", 1})
	}
	errs := apperrtest.Concurrently(n, func(i int) error {
		_, err := s.svc.Checkout(ctx, "", reqs[i])
		return err
	})
	require.Equal(t, 3, apperrtest.Passed(t, errs, "too_many_unpaid_orders"))
	require.Equal(t, int64(3), s.state(t)[0], "three orders placed")
}
