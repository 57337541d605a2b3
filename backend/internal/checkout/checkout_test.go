package checkout_test

import (
	"context"
	"errors"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/payment/paymenttest"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// testBundle is one (sub)test's shop for checkout with the fake provider: its own product, cart
// and shopper in a database its parent may share (checkout touches only the cart's own orders).
type testBundle struct {
	pool     *pgxpool.Pool
	catalog  *catalog.Service
	carts    *cart.Service
	checkout *checkout.Service
	provider *paymenttest.Fake
	input    catalog.ProductInput
	product  string
	cartID   string
	email    string
}

const (
	stock      = 10
	units      = 2
	unitPrice  = 2600
	deliveryGB = 395
)

func setup(t *testing.T, pool *pgxpool.Pool) *testBundle {
	t.Helper()
	ctx := context.Background()
	ship := shipping.NewService(pool)
	require.NoError(t, ship.Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Price: money.GBP(deliveryGB), Position: 1, Active: true}))
	b := &testBundle{pool: pool, catalog: catalog.NewService(pool, 0), carts: cart.NewService(pool, ship),
		provider: paymenttest.New(), email: "shopper-" + uuid.NewString()[:8] + "@example.com"}
	orders := order.NewService(order.Config{Pool: pool, Provider: b.provider, LinkKey: []byte("link-key")})
	b.checkout = checkout.NewService(checkout.Config{Pool: pool, Shipping: ship, Orders: orders, Provider: b.provider,
		AccountEmail: func(context.Context, string) (string, error) { return "", nil }})
	price := int64(unitPrice)
	b.input = catalog.ProductInput{Slug: "rose-serum-" + uuid.NewString(), Name: "Rose Serum", Price: &price, Stock: stock,
		Active: true, Published: true}
	var err error
	b.product, _, err = b.catalog.SaveProduct(ctx, b.input)
	require.NoError(t, err)
	c, err := b.carts.Create(ctx, "", "")
	require.NoError(t, err)
	b.cartID = c.ID
	_, err = b.carts.Add(ctx, "", c.ID, b.product, units)
	require.NoError(t, err)
	return b
}

// request is a guest checkout of the bundle's cart under a new key.
func (b *testBundle) request() checkout.Request {
	r := request(b.cartID, uuid.NewString())
	r.Email = b.email
	return r
}

// restock sets what is left of the product.
func (b *testBundle) restock(t *testing.T, n int32) {
	t.Helper()
	b.input.Stock = n
	_, _, err := b.catalog.SaveProduct(context.Background(), b.input)
	require.NoError(t, err)
}

// shopState is what a refused checkout must leave as it was.
type shopState struct {
	Orders   map[string]order.Status // the cart's orders
	Payments int                     // payments recorded for them
	Stock    int32
	Cart     int32 // units in the cart
	Created  int   // payments made at the provider
}

func (b *testBundle) state(t *testing.T) shopState {
	t.Helper()
	ctx := context.Background()
	s := shopState{Orders: map[string]order.Status{}, Created: b.provider.Calls(paymenttest.Create)}
	rows, err := b.pool.Query(ctx, `SELECT id::text, status FROM orders WHERE cart_id = $1`, b.cartID)
	require.NoError(t, err)
	for rows.Next() {
		var id, status string
		require.NoError(t, rows.Scan(&id, &status))
		s.Orders[id] = order.Status(status)
	}
	require.NoError(t, rows.Err())
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM payments p JOIN orders o ON o.id = p.order_id
		WHERE o.cart_id = $1`, b.cartID).Scan(&s.Payments))
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT stock_quantity FROM products WHERE id = $1`, b.product).Scan(&s.Stock))
	c, err := b.carts.Get(ctx, "", b.cartID)
	require.NoError(t, err)
	s.Cart = c.ItemCount
	return s
}

// Checkout places one order per cart, priced on the server, with its stock reserved and its
// payment made at the provider, or refuses with a classified error and changes nothing: no
// order, no payment, no stock taken, the cart as it was.
func TestCheckout(t *testing.T) {
	t.Parallel()
	shared := dbtest.Pool(t)
	tests := map[string]struct {
		// prepare makes the shop and the request (b.request() to begin with) what the case needs.
		prepare func(t *testing.T, b *testBundle, r *checkout.Request)
		err     *apperrtest.Want
	}{
		"a guest's order": {},
		"missing e-mail": {prepare: func(_ *testing.T, _ *testBundle, r *checkout.Request) { r.Email = " " },
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "missing_email"}},
		"invalid e-mail": {prepare: func(_ *testing.T, _ *testBundle, r *checkout.Request) { r.Email = "jane@" },
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_email"}},
		"no delivery option": {prepare: func(_ *testing.T, _ *testBundle, r *checkout.Request) { r.DeliveryCode = "" },
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "missing_delivery_option"}},
		"an unknown delivery option": {prepare: func(_ *testing.T, _ *testBundle, r *checkout.Request) { r.DeliveryCode = "teleport" },
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_delivery_option"}},
		"an unknown cart": {prepare: func(_ *testing.T, _ *testBundle, r *checkout.Request) { r.CartID = uuid.NewString() },
			err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "cart_not_found"}},
		"an empty cart": {prepare: func(t *testing.T, b *testBundle, _ *checkout.Request) {
			t.Helper()
			_, err := b.carts.Clear(context.Background(), "", b.cartID)
			require.NoError(t, err)
		}, err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "cart_empty"}},
		"stock sold since it was added": {prepare: func(t *testing.T, b *testBundle, _ *checkout.Request) { t.Helper(); b.restock(t, 1) },
			err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "insufficient_stock",
				Message: "Only 1 of Rose Serum is in stock."}},
		"sold out since it was added": {prepare: func(t *testing.T, b *testBundle, _ *checkout.Request) { t.Helper(); b.restock(t, 0) },
			err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "out_of_stock"}},
		"a key reused for another request": {prepare: func(t *testing.T, b *testBundle, r *checkout.Request) {
			t.Helper()
			_, err := b.checkout.Checkout(context.Background(), "", *r)
			require.NoError(t, err)
			r.Shipping.City = "Leeds"
		}, err: &apperrtest.Want{Kind: apperr.KindAlreadyExists, Reason: "idempotency_key_reused"}},
		"an earlier payment of the cart still processing": {prepare: func(t *testing.T, b *testBundle, _ *checkout.Request) {
			t.Helper()
			first, err := b.checkout.Checkout(context.Background(), "", b.request())
			require.NoError(t, err)
			b.provider.Set(first.Payment.Ref, payment.StatusProcessing)
		}, err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "payment_processing"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, shared)
			req := b.request()
			if tt.prepare != nil {
				tt.prepare(t, b, &req)
			}
			before := b.state(t)
			res, err := b.checkout.Checkout(context.Background(), "", req)
			if tt.err != nil {
				apperrtest.Require(t, err, *tt.err)
				require.Equal(t, before, b.state(t), "a refused checkout changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, order.StatusPendingPayment, res.Order.Status)
			require.Equal(t, money.GBP(units*unitPrice+deliveryGB), res.Order.Total, "priced on the server")
			require.Equal(t, b.email, res.Order.Email)
			require.NotEmpty(t, res.AccessToken, "a guest opens the order with its token")
			require.Equal(t, payment.StatusRequiresPayment, res.Payment.Status)
			require.Equal(t, res.Order.Total, b.provider.Intent(res.Payment.Ref).Amount)
			require.Equal(t, shopState{Orders: map[string]order.Status{res.Order.ID: order.StatusPendingPayment}, Payments: 1,
				Stock: stock - units, Cart: units, Created: 1}, b.state(t), "the cart stays until the order is paid")
		})
	}
}

// A retried submit (same key, same request) is answered with the order the first one placed:
// nothing is reserved or charged twice, and a submit whose payment could not be made (the
// provider was unreachable) keeps its order and stock, its retry making the payment. Checking a
// cart out again under a new key supersedes its unpaid order: that order is cancelled and names
// the new one, its payment is cancelled at the provider, and the stock is held once. An earlier
// payment that went through after all is honoured instead: the cart's paid lines leave it, and
// there is nothing left to order.
func TestCheckoutAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	scenarios := map[string]func(t *testing.T, b *testBundle){
		"the same key": func(t *testing.T, b *testBundle) {
			t.Helper()
			req := b.request()
			first, err := b.checkout.Checkout(ctx, "", req)
			require.NoError(t, err)
			again, err := b.checkout.Checkout(ctx, "", req)
			require.NoError(t, err)
			require.Equal(t, first.Order.ID, again.Order.ID)
			require.Equal(t, first.Payment.Ref, again.Payment.Ref)
			require.Equal(t, int32(stock-units), b.state(t).Stock)
			require.Equal(t, 1, b.provider.Calls(paymenttest.Create))
		},
		"the same key, after the provider could not be reached": func(t *testing.T, b *testBundle) {
			t.Helper()
			req := b.request()
			b.provider.Fail(paymenttest.Create, errors.New("connection refused"))
			_, err := b.checkout.Checkout(ctx, "", req)
			require.Error(t, err)
			st := b.state(t)
			require.Len(t, st.Orders, 1, "the order is placed")
			require.Zero(t, st.Payments, "without a payment")
			require.Equal(t, int32(stock-units), st.Stock)

			b.provider.Fail(paymenttest.Create, nil)
			res, err := b.checkout.Checkout(ctx, "", req)
			require.NoError(t, err)
			require.Contains(t, st.Orders, res.Order.ID, "the same order")
			require.Equal(t, payment.StatusRequiresPayment, res.Payment.Status)
			require.Equal(t, 1, b.state(t).Payments)
		},
		"a new key, the first order unpaid": func(t *testing.T, b *testBundle) {
			t.Helper()
			first, err := b.checkout.Checkout(ctx, "", b.request())
			require.NoError(t, err)
			second, err := b.checkout.Checkout(ctx, "", b.request())
			require.NoError(t, err)
			require.Equal(t, map[string]order.Status{first.Order.ID: order.StatusCancelled, second.Order.ID: order.StatusPendingPayment},
				b.state(t).Orders)
			require.Equal(t, payment.StatusCanceled, b.provider.Intent(first.Payment.Ref).Status)
			require.Equal(t, int32(stock-units), b.state(t).Stock)
			var by string
			require.NoError(t, b.pool.QueryRow(ctx, `SELECT superseded_by::text FROM orders WHERE id = $1`, first.Order.ID).Scan(&by))
			require.Equal(t, second.Order.ID, by)
		},
		"a new key, the first order paid behind the shop's back": func(t *testing.T, b *testBundle) {
			t.Helper()
			first, err := b.checkout.Checkout(ctx, "", b.request())
			require.NoError(t, err)
			b.provider.Set(first.Payment.Ref, payment.StatusSucceeded)
			_, err = b.checkout.Checkout(ctx, "", b.request())
			apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "cart_empty"})
			st := b.state(t)
			require.Equal(t, map[string]order.Status{first.Order.ID: order.StatusPaid}, st.Orders)
			require.Equal(t, int32(stock-units), st.Stock)
			require.Zero(t, st.Cart)
		},
	}
	shared := dbtest.Pool(t)
	for name, run := range scenarios {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			run(t, setup(t, shared))
		})
	}
}

// A cart holding a product that left the shop since it was added (archived, made inactive,
// unpublished) is refused with the reason the bag shows, naming the product, before anything is
// reserved: no order, no payment, no stock taken, even of the lines that can still be bought.
func TestCheckoutRefusesProductsThatLeftTheShop(t *testing.T) {
	t.Parallel()
	shared := dbtest.Pool(t)
	hiding := map[string]func(in *catalog.ProductInput) string{ // "" or SQL to run on the product
		"archived":      func(*catalog.ProductInput) string { return `UPDATE products SET archived_at = now() WHERE id = $1` },
		"made inactive": func(in *catalog.ProductInput) string { in.Active = false; return "" },
		"unpublished":   func(in *catalog.ProductInput) string { in.Published = false; return "" },
	}
	for how, hide := range hiding {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			b := setup(t, shared) // the bundle's product, still for sale, is the cart's first line
			price := int64(1500)
			gone := catalog.ProductInput{Slug: "moss-balm-" + uuid.NewString(), Name: "Moss Balm", Price: &price, Stock: 5,
				Active: true, Published: true}
			goneID, _, err := b.catalog.SaveProduct(ctx, gone)
			require.NoError(t, err)
			_, err = b.carts.Add(ctx, "", b.cartID, goneID, 1)
			require.NoError(t, err)
			if sql := hide(&gone); sql != "" {
				_, err = b.pool.Exec(ctx, sql, goneID)
			} else {
				_, _, err = b.catalog.SaveProduct(ctx, gone)
			}
			require.NoError(t, err)

			before := b.state(t)
			_, err = b.checkout.Checkout(ctx, "", b.request())
			apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "product_unavailable",
				Message:  "Moss Balm is no longer available. Please remove it from your bag to continue.",
				Metadata: map[string]string{"product_id": goneID}})
			require.Equal(t, before, b.state(t), "a refused checkout changes nothing")
			require.Empty(t, before.Orders)
			var goneStock int32
			require.NoError(t, b.pool.QueryRow(ctx, `SELECT stock_quantity FROM products WHERE id = $1`, goneID).Scan(&goneStock))
			require.Equal(t, int32(5), goneStock)

			// Once the shopper removes the line, the rest checks out.
			_, err = b.carts.Remove(ctx, "", b.cartID, goneID)
			require.NoError(t, err)
			res, err := b.checkout.Checkout(ctx, "", b.request())
			require.NoError(t, err)
			require.Equal(t, money.GBP(units*unitPrice+deliveryGB), res.Order.Total)
		})
	}
}
