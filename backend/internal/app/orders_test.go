package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
	"github.com/stripe/stripe-go/v85/webhook"
)

// placeOrder checks out a guest cart of one product and returns the order id, the payment's client
// secret and the access token.
func (s *paymentShop) placeOrder(t *testing.T, product string, qty int) (orderID, secret, token string) {
	t.Helper()
	cartID := s.cart(t, "", map[string]int{product: qty})
	status, placed := s.checkout(t, "", cartID, checkoutBody("k-"+uuid.NewString(), "guest@example.com", "standard"))
	require.Equal(t, 200, status, "%v", placed)
	return placed["order"].(jsonMap)["id"].(string), placed["payment"].(jsonMap)["client_secret"].(string),
		placed["order_access_token"].(string)
}

func (s *paymentShop) status(t *testing.T, orderID, token string) string {
	t.Helper()
	status, got := s.order(t, "", orderID, token)
	require.Equal(t, 200, status, "%v", got)
	return got["order"].(jsonMap)["status"].(string)
}

// For a product with stock N, N + 5 concurrent single-unit checkouts give exactly N orders; the
// others get a clean insufficient-stock answer, never a server error, and stock ends at zero.
// Then 50 checkouts race for a last unit.
func TestConcurrentCheckoutsNeverOversell(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	for _, tc := range []struct{ stock, shoppers int }{{3, 8}, {1, 50}} {
		t.Run(fmt.Sprintf("stock %d, %d shoppers", tc.stock, tc.shoppers), func(t *testing.T) {
			product := s.product(t, "Rare Oil", 4500, int32(tc.stock))
			carts := make([]string, tc.shoppers)
			for i := range carts {
				carts[i] = s.cart(t, "", map[string]int{product: 1})
			}
			var wg sync.WaitGroup
			statuses := make([]int, tc.shoppers)
			bodies := make([]jsonMap, tc.shoppers)
			start := make(chan struct{})
			for i := range carts {
				wg.Go(func() {
					<-start
					statuses[i], bodies[i] = s.checkout(t, "", carts[i], checkoutBody("c-"+uuid.NewString(), "race@example.com", "standard"))
				})
			}
			close(start)
			wg.Wait()
			placed := 0
			for i, st := range statuses {
				switch st {
				case 200:
					placed++
				case 400:
					reason, meta := errorInfo(t, bodies[i])
					require.Contains(t, []string{"out_of_stock", "insufficient_stock"}, reason)
					require.Equal(t, "0", meta["available"])
					require.Equal(t, "Rare Oil is out of stock.", bodies[i]["message"])
				default:
					t.Fatalf("checkout %d answered %d: %v", i, st, bodies[i])
				}
			}
			require.Equal(t, tc.stock, placed, "exactly one order per unit")
			require.Equal(t, int32(0), s.stock(t, product))
			got := getJSON(t, s.url+"/api/v1/products/"+product, 200)["product"].(jsonMap)
			require.Equal(t, "STOCK_STATUS_OUT_OF_STOCK", got["stock_status"], "the shop shows Out of Stock at once")
		})
	}
}

// signedEvent is a Stripe-format event for the order's payment, signed as the test provider signs.
func (s *paymentShop) signedEvent(t *testing.T, orderID string, status payment.Status, message string) ([]byte, string) {
	t.Helper()
	var ref string
	require.NoError(t, s.app.pool.QueryRow(context.Background(), `SELECT provider_ref FROM payments WHERE order_id = $1`, orderID).Scan(&ref))
	body, err := s.app.testPayments.EventBody(payment.Intent{Ref: ref, Status: status, FailureMessage: message,
		Amount: paymentAmount(t, s, orderID)}, orderID)
	require.NoError(t, err)
	return body, s.app.testPayments.Sign(body)
}

func paymentAmount(t *testing.T, s *paymentShop, orderID string) (m money.Money) {
	t.Helper()
	require.NoError(t, s.app.pool.QueryRow(context.Background(), `SELECT amount_minor, currency_code FROM payments WHERE order_id = $1`,
		orderID).Scan(&m.Minor, &m.Currency))
	return m
}

func (s *paymentShop) postEvent(t *testing.T, body []byte, signature string) (int, jsonMap) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.url+"/api/v1/webhooks/stripe", strings.NewReader(string(body)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if signature != "" {
		req.Header.Set(payment.SignatureHeader, signature)
	}
	return doJSON(t, req)
}

// A forged, unsigned or stale webhook is refused with 400 and changes nothing.
func TestWebhookRefusesUnverifiedEvents(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Lip Balm", 1800, 5)
	orderID, _, token := s.placeOrder(t, product, 1)
	body, good := s.signedEvent(t, orderID, payment.StatusSucceeded, "")
	stale := fmt.Sprintf("t=%d,v1=%s", time.Now().Add(-10*time.Minute).Unix(), strings.TrimPrefix(strings.Split(good, ",")[1], "v1="))
	for name, tc := range map[string]struct{ sig, reason string }{
		"unsigned":       {"", "signature_missing"},
		"garbage header": {"nonsense", "signature_invalid"},
		"wrong secret":   {fmt.Sprintf("t=%d,v1=%064x", time.Now().Unix(), 42), "signature_invalid"},
		"stale":          {stale, "signature_expired"},
	} {
		status, answer := s.postEvent(t, body, tc.sig)
		require.Equal(t, 400, status, "%s: %v", name, answer)
		require.Equal(t, float64(connect.CodeInvalidArgument), answer["code"], name)
		reason, _ := errorInfo(t, answer)
		require.Equal(t, tc.reason, reason, name)
	}
	tampered := []byte(strings.Replace(string(body), `"amount":`, `"amount":1`, 1))
	status, _ := s.postEvent(t, tampered, good)
	require.Equal(t, 400, status, "a body changed after signing")
	require.Equal(t, "ORDER_STATUS_PENDING_PAYMENT", s.status(t, orderID, token))
	require.Equal(t, int32(4), s.stock(t, product))
	var events int
	require.NoError(t, s.app.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment_events`).Scan(&events))
	require.Zero(t, events, "nothing recorded")

	status, answer := s.postEvent(t, body, good)
	require.Equal(t, 200, status, "%v", answer)
	require.Equal(t, "ORDER_STATUS_PAID", s.status(t, orderID, token))
}

// The same event delivered ten times at once is one transition and one e-mail; a success and a
// failure for one payment end paid whichever comes first.
func TestWebhookEventsAreIdempotentAndOrderFree(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Hand Cream", 2200, 10)

	orderID, _, token := s.placeOrder(t, product, 1)
	body, sig := s.signedEvent(t, orderID, payment.StatusSucceeded, "")
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			status, answer := s.postEvent(t, body, sig)
			require.Equal(t, 200, status, "%v", answer)
		})
	}
	wg.Wait()
	require.Equal(t, "ORDER_STATUS_PAID", s.status(t, orderID, token))

	type delivery struct {
		status  payment.Status
		message string
	}
	succeeded, failed := delivery{payment.StatusSucceeded, ""}, delivery{payment.StatusFailed, "Your card was declined."}
	orders := map[string]string{orderID: token}
	for _, sequence := range [][]delivery{{failed, succeeded}, {succeeded, failed}, {succeeded, failed, succeeded, failed}} {
		id, _, tok := s.placeOrder(t, product, 1)
		orders[id] = tok
		for _, d := range sequence {
			b, sg := s.signedEvent(t, id, d.status, d.message)
			status, answer := s.postEvent(t, b, sg)
			require.Equal(t, 200, status, "%v", answer)
		}
		require.Equal(t, "ORDER_STATUS_PAID", s.status(t, id, tok), "events in any order end paid")
	}
	require.Equal(t, int32(10-4), s.stock(t, product), "each paid order holds its unit, whatever failed between")
	for id := range orders {
		number := orderNumber(t, s, id)
		require.Eventually(t, func() bool { return s.mailsTo(number) == 1 }, 20*time.Second, 20*time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // several relay polls: no second e-mail may follow
	for id := range orders {
		require.Equal(t, 1, s.mailsTo(orderNumber(t, s, id)), "one confirmation per paid order")
	}
}

func orderNumber(t *testing.T, s *paymentShop, orderID string) string {
	t.Helper()
	var n string
	require.NoError(t, s.app.pool.QueryRow(context.Background(), `SELECT number FROM orders WHERE id = $1`, orderID).Scan(&n))
	return n
}

// A declined card fails the order with the provider's words, gives the stock back and keeps the
// cart; checking out again is a new order.
func TestDeclinedCardReleasesStock(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Body Oil", 3900, 2)
	cartID := s.cart(t, "", map[string]int{product: 2})
	status, placed := s.checkout(t, "", cartID, checkoutBody("d-"+uuid.NewString(), "guest@example.com", "express"))
	require.Equal(t, 200, status, "%v", placed)
	require.Equal(t, int64(2*3900+2499), minor(t, placed["order"].(jsonMap)["total"]), "Express is never free")
	require.Equal(t, int32(0), s.stock(t, product))
	orderID, token := placed["order"].(jsonMap)["id"].(string), placed["order_access_token"].(string)

	status, declined := s.confirm(t, placed["payment"].(jsonMap)["client_secret"].(string), "4000 0000 0000 0002")
	require.Equal(t, 400, status)
	require.Equal(t, "Your card was declined.", declined["message"])
	reason, _ := errorInfo(t, declined)
	require.Equal(t, "card_declined", reason)
	_, got := s.order(t, "", orderID, token)
	require.Equal(t, "ORDER_STATUS_PAYMENT_FAILED", got["order"].(jsonMap)["status"])
	require.Equal(t, "Your card was declined.", got["order"].(jsonMap)["payment_error"])
	require.Equal(t, int32(2), s.stock(t, product), "the stock is back")
	cart := getJSON(t, s.url+"/api/v1/carts/"+cartID, 200)["cart"].(jsonMap)
	require.Len(t, items(cart, "lines"), 1, "the cart is kept")

	status, again := s.checkout(t, "", cartID, checkoutBody("d-"+uuid.NewString(), "guest@example.com", "express"))
	require.Equal(t, 200, status, "%v", again)
	require.NotEqual(t, orderID, again["order"].(jsonMap)["id"])
}

// Unpaid orders lapse: the expiry job cancels the payment at the provider, cancels the order and
// gives its stock back; the payment can then no longer be made.
func TestExpiryReleasesStock(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Eye Serum", 4100, 3)
	orderID, secret, token := s.placeOrder(t, product, 2)
	other, _, otherToken := s.placeOrder(t, product, 1)
	require.Equal(t, int32(0), s.stock(t, product))
	ctx := context.Background()
	_, err := s.app.pool.Exec(ctx, `UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1`, orderID)
	require.NoError(t, err)

	n, err := s.app.orders.ExpireDue(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	require.Equal(t, "ORDER_STATUS_CANCELLED", s.status(t, orderID, token))
	require.Equal(t, "ORDER_STATUS_PENDING_PAYMENT", s.status(t, other, otherToken), "an order within its time is kept")
	require.Equal(t, int32(2), s.stock(t, product))
	status, answer := s.confirm(t, secret, "4242424242424242")
	require.Equal(t, 400, status)
	reason, _ := errorInfo(t, answer)
	require.Equal(t, "payment_not_payable", reason)
	n, err = s.app.orders.ExpireDue(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "expiring again changes nothing")
	require.Equal(t, int32(2), s.stock(t, product))
}

// A payment whose event never came is found by reconciliation, which asks the provider: the
// order is paid and confirmed all the same.
func TestReconciliationPaysOrdersWhoseEventWasLost(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Face Mist", 2600, 4)
	orderID, _, token := s.placeOrder(t, product, 1)
	ctx := context.Background()
	// The provider took the money; the event was lost on the way.
	_, err := s.app.pool.Exec(ctx, `UPDATE test_payment_intents SET status = 'succeeded' WHERE order_id = $1`, orderID)
	require.NoError(t, err)
	n, err := s.app.orders.Reconcile(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "a payment is given time for its event first")

	_, err = s.app.pool.Exec(ctx, `UPDATE orders SET created_at = now() - interval '10 minutes' WHERE id = $1`, orderID)
	require.NoError(t, err)
	n, err = s.app.orders.Reconcile(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	require.Equal(t, "ORDER_STATUS_PAID", s.status(t, orderID, token))
	number := orderNumber(t, s, orderID)
	require.Eventually(t, func() bool { return s.mailsTo(number) == 1 }, 20*time.Second, 20*time.Millisecond)

	// The real event arriving late changes nothing more.
	body, sig := s.signedEvent(t, orderID, payment.StatusSucceeded, "")
	status, _ := s.postEvent(t, body, sig)
	require.Equal(t, 200, status)
	n, err = s.app.orders.Reconcile(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
	time.Sleep(300 * time.Millisecond)
	require.Equal(t, 1, s.mailsTo(number))
}

// A payment that succeeds after its order lapsed and its stock was sold to someone else is
// refunded, not kept.
func TestLatePaymentWithoutStockIsRefunded(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Last Candle", 5400, 1)
	orderID, _, token := s.placeOrder(t, product, 1)
	ctx := context.Background()
	// The shopper failed, then someone else bought the unit, then the first payment went through.
	b, sg := s.signedEvent(t, orderID, payment.StatusFailed, "Your card was declined.")
	status, _ := s.postEvent(t, b, sg)
	require.Equal(t, 200, status)
	require.Equal(t, int32(1), s.stock(t, product))
	s.placeOrder(t, product, 1)
	b, sg = s.signedEvent(t, orderID, payment.StatusSucceeded, "")
	_, err := s.app.pool.Exec(ctx, `UPDATE test_payment_intents SET status = 'succeeded' WHERE order_id = $1`, orderID)
	require.NoError(t, err)
	status, _ = s.postEvent(t, b, sg)
	require.Equal(t, 200, status)
	require.Equal(t, "ORDER_STATUS_REFUNDED", s.status(t, orderID, token))
	require.Equal(t, int32(0), s.stock(t, product), "no unit is sold twice")
	require.Eventually(t, func() bool {
		var st string
		require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT status FROM test_payment_intents WHERE order_id = $1`, orderID).Scan(&st))
		return st == "refunded"
	}, 20*time.Second, 20*time.Millisecond, "the refund job returns the money")
}

// An order answers to its customer and to its token's holder; to anyone else it does not exist.
func TestOrdersAnswerOnlyToTheirOwners(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Toner", 1500, 10)
	alice, bob := s.register(t, "alice"), s.register(t, "bob")
	s.cart(t, alice, map[string]int{product: 1})
	_, _, mine := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/carts", alice, "{}", false)
	cartID := mine["cart"].(jsonMap)["id"].(string)
	status, placed := s.checkout(t, alice, cartID, checkoutBody("o-"+uuid.NewString(), "ignored@example.com", "standard"))
	require.Equal(t, 200, status, "%v", placed)
	o := placed["order"].(jsonMap)
	orderID := o["id"].(string)
	require.Empty(t, placed["order_access_token"], "a customer's order opens with their session")
	require.True(t, strings.HasPrefix(o["email"].(string), "alice-"), "a customer's orders use the account's address, not %v", o["email"])

	status, got := s.order(t, alice, orderID, "")
	require.Equal(t, 200, status, "%v", got)
	guestID, _, guestToken := s.placeOrder(t, product, 1)
	for name, c := range map[string]struct{ token, id, access string }{
		"another customer":          {bob, orderID, ""},
		"a guest":                   {"", orderID, ""},
		"a token for another order": {"", orderID, guestToken},
		"a forged token":            {"", guestID, "oat1.AAAA"},
		"an unknown order":          {alice, uuid.NewString(), ""},
	} {
		status, answer := s.order(t, c.token, c.id, c.access)
		require.Equal(t, 404, status, "%s: %v", name, answer)
	}

	status, _ = s.order(t, alice, "nope", "")
	require.Equal(t, 400, status, "an id that is not a UUID is bad input")

	_, _, list := sendAsWithHeader(t, http.MethodGet, s.url+"/api/v1/orders", alice, "", false)
	require.Len(t, items(list, "orders"), 1)
	require.Equal(t, orderID, items(list, "orders")[0]["id"])
	_, _, none := sendAsWithHeader(t, http.MethodGet, s.url+"/api/v1/orders", bob, "", false)
	require.Empty(t, items(none, "orders"))
	status, _, _ = sendAsWithHeader(t, http.MethodGet, s.url+"/api/v1/orders", "", "", false)
	require.Equal(t, 401, status)
}

// Bad checkouts are refused with the field at fault and nothing reserved.
func TestCheckoutValidation(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Cleanser", 2100, 5)
	cartID := s.cart(t, "", map[string]int{product: 1})
	for _, c := range []struct {
		name, body, field, message string
	}{
		{"no email", checkoutBody("v-"+uuid.NewString(), "", "standard"), "email", "Email is required."},
		{"bad email", checkoutBody("v-"+uuid.NewString(), "jane@", "standard"), "email", "Please enter a valid email address, like name@example.com."},
		{"no delivery", checkoutBody("v-"+uuid.NewString(), "jane@example.com", ""), "delivery_option_code", "Please select a delivery option."},
		{"unknown delivery", checkoutBody("v-"+uuid.NewString(), "jane@example.com", "teleport"), "delivery_option_code", "Please select a delivery option."},
		{"US address", strings.Replace(checkoutBody("v-"+uuid.NewString(), "jane@example.com", "standard"), `"gb"`, `"US"`, 1),
			"shipping_address.country_code", "We deliver to the United Kingdom and the European Union only."},
		{"bad postcode", strings.Replace(checkoutBody("v-"+uuid.NewString(), "jane@example.com", "standard"), "w1s 1aa", "12345", 1),
			"shipping_address.postcode", "Please enter a valid UK postcode."},
		{"no city", strings.Replace(checkoutBody("v-"+uuid.NewString(), "jane@example.com", "standard"), `"city": "London"`, `"city": " "`, 1),
			"shipping_address.city", "City is required."},
	} {
		status, answer := s.checkout(t, "", cartID, c.body)
		require.Equal(t, 400, status, "%s: %v", c.name, answer)
		require.Equal(t, c.message, answer["message"], c.name)
		_, meta := errorInfo(t, answer)
		require.Equal(t, c.field, meta["field"], c.name)
	}
	billing := strings.Replace(checkoutBody("v-"+uuid.NewString(), "jane@example.com", "standard"), `"delivery_option_code"`,
		`"billing_address": {"first_name": "Jane", "last_name": "Doe", "address_line1": "2 Rue de Rivoli", "city": "Paris",
		"postcode": "750", "country_code": "FR"}, "delivery_option_code"`, 1)
	status, answer := s.checkout(t, "", cartID, billing)
	require.Equal(t, 400, status, "%v", answer)
	require.Equal(t, "Please enter a valid postcode for France.", answer["message"])
	require.Equal(t, int32(5), s.stock(t, product), "nothing reserved")

	empty := s.cart(t, "", nil)
	status, answer = s.checkout(t, "", empty, checkoutBody("v-"+uuid.NewString(), "jane@example.com", "standard"))
	require.Equal(t, 400, status)
	reason, _ := errorInfo(t, answer)
	require.Equal(t, "cart_empty", reason)
	status, _ = s.checkout(t, "", uuid.NewString(), checkoutBody("v-"+uuid.NewString(), "jane@example.com", "standard"))
	require.Equal(t, 404, status, "an unknown cart")
}

// register signs up a customer and returns their session token.
func (s *paymentShop) register(t *testing.T, name string) string {
	t.Helper()
	out := sendJSON(t, http.MethodPost, s.url+"/api/v1/auth/register", fmt.Sprintf(`{"first_name": %q, "last_name": "Test",
		"email": "%s-%s@example.com", "password": "correct horse battery"}`, name, name, uuid.NewString()[:8]), 200)
	return out["session"].(jsonMap)["token"].(string)
}

// A shopper who checks out again from the same cart (details changed, page reloaded) supersedes
// the earlier unpaid attempt: it gives its stock back, so the last unit is not lost to it.
func TestNewCheckoutSupersedesTheCartsUnpaidAttempt(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Last Perfume", 8800, 1)
	cartID := s.cart(t, "", map[string]int{product: 1})
	status, first := s.checkout(t, "", cartID, checkoutBody("s-"+uuid.NewString(), "first@example.com", "standard"))
	require.Equal(t, 200, status, "%v", first)
	require.Equal(t, int32(0), s.stock(t, product))

	status, second := s.checkout(t, "", cartID, checkoutBody("s-"+uuid.NewString(), "second@example.com", "express"))
	require.Equal(t, 200, status, "the earlier attempt must not hold the last unit: %v", second)
	firstOrder := first["order"].(jsonMap)
	require.Equal(t, "ORDER_STATUS_CANCELLED", s.status(t, firstOrder["id"].(string), first["order_access_token"].(string)))
	require.Equal(t, int32(0), s.stock(t, product), "one unit, held by the new attempt")
	status, answer := s.confirm(t, first["payment"].(jsonMap)["client_secret"].(string), "4242424242424242")
	require.Equal(t, 400, status, "the superseded payment can no longer be made: %v", answer)
}

// The same checkout sent several times at once (a double click, a retry racing the original)
// is one order, and every answer is that order — never "out of stock" because of its twin.
func TestConcurrentRepeatsOfOneCheckoutAreOneOrder(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Single Candle", 3900, 1)
	cartID := s.cart(t, "", map[string]int{product: 1})
	body := checkoutBody("twin-"+uuid.NewString(), "twin@example.com", "standard")
	var wg sync.WaitGroup
	ids := make([]any, 4)
	for i := range ids {
		wg.Go(func() {
			status, placed := s.checkout(t, "", cartID, body)
			require.Equal(t, 200, status, "%v", placed)
			ids[i] = placed["order"].(jsonMap)["id"]
		})
	}
	wg.Wait()
	for _, id := range ids {
		require.Equal(t, ids[0], id)
	}
	require.Equal(t, int32(0), s.stock(t, product))
}

// A product hidden after it was added stops the checkout (the bag shows it as no longer
// available) until the shopper removes it; nothing is reserved meanwhile. The paid order's units
// then leave the cart, and units added after checkout stay.
func TestCheckoutRefusesHiddenProductsAndKeepsLaterUnits(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	kept, hidden := s.product(t, "Velvet Cream", 2000, 10), s.product(t, "Retired Toner", 1500, 10)
	cartID := s.cart(t, "", map[string]int{kept: 2, hidden: 1})
	ctx := context.Background()
	_, err := s.app.pool.Exec(ctx, `UPDATE products SET is_active = false WHERE id = $1`, hidden)
	require.NoError(t, err)
	body := checkoutBody("h-"+uuid.NewString(), "h@example.com", "standard")
	status, refused := s.checkout(t, "", cartID, body)
	require.Equal(t, 400, status, "%v", refused)
	reason, _ := errorInfo(t, refused)
	require.Equal(t, "product_unavailable", reason)
	require.Equal(t, int32(10), s.stock(t, kept), "nothing reserved")

	sendJSON(t, http.MethodDelete, s.url+"/api/v1/carts/"+cartID+"/items/"+hidden, "", 200)
	status, placed := s.checkout(t, "", cartID, checkoutBody("h-"+uuid.NewString(), "h@example.com", "standard"))
	require.Equal(t, 200, status, "%v", placed)
	o := placed["order"].(jsonMap)
	require.Len(t, items(o, "lines"), 1)
	require.Equal(t, kept, items(o, "lines")[0]["product_id"])
	require.Equal(t, int32(10), s.stock(t, hidden))

	// One more unit after checkout, then the payment: the extra unit stays in the cart.
	sendJSON(t, http.MethodPatch, s.url+"/api/v1/carts/"+cartID+"/items/"+kept, `{"quantity": 3}`, 200)
	status, _ = s.confirm(t, placed["payment"].(jsonMap)["client_secret"].(string), "4242424242424242")
	require.Equal(t, 200, status)
	var qty int
	require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT quantity FROM cart_lines WHERE cart_id = $1 AND product_id = $2`, cartID, kept).Scan(&qty))
	require.Equal(t, 1, qty)
}

// serve never takes test cards as payment unless asked to: a production server whose Stripe
// keys went missing refuses to start.
func TestServeRefusesSilentTestMode(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse(func(k string) string { return map[string]string{"DATABASE_URL": "postgres://unused"}[k] })
	require.NoError(t, err)
	err = Serve(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.ErrorContains(t, err, "PAYMENT_TEST_MODE=on")
}

// A correctly signed event whose contents do not fit the order — 1p, dollars, another order's
// id, live mode on this test-mode shop — is acknowledged but never pays it, and the anomaly is
// kept for an admin; a genuinely signed event dated in the future is refused. The genuine event
// then pays the order.
func TestWebhookChecksWhatASignedEventSays(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Amber Oil", 7800, 5)
	orderID, _, token := s.placeOrder(t, product, 1)
	otherID, _, _ := s.placeOrder(t, product, 1)
	body, good := s.signedEvent(t, orderID, payment.StatusSucceeded, "")
	sign := s.app.testPayments.Sign
	for name, edit := range map[string]func(ev, pi map[string]any){
		"amount":      func(_, pi map[string]any) { pi["amount"] = 1 },
		"currency":    func(_, pi map[string]any) { pi["currency"] = "usd" },
		"other order": func(_, pi map[string]any) { pi["metadata"] = map[string]string{"order_id": otherID} },
		"livemode":    func(ev, _ map[string]any) { ev["livemode"] = true },
	} {
		var ev map[string]any
		require.NoError(t, json.Unmarshal(body, &ev))
		ev["id"] = "evt_" + strings.ReplaceAll(name, " ", "_")
		edit(ev, ev["data"].(map[string]any)["object"].(map[string]any))
		changed, err := json.Marshal(ev)
		require.NoError(t, err)
		status, answer := s.postEvent(t, changed, sign(changed))
		require.Equal(t, 200, status, "%s: acknowledged, so the provider does not resend it: %v", name, answer)
		require.Equal(t, "ORDER_STATUS_PENDING_PAYMENT", s.status(t, orderID, token), name)
	}
	future := fmt.Sprintf("t=%d,v1=%x", time.Now().Add(time.Hour).Unix(),
		webhook.ComputeSignature(time.Now().Add(time.Hour), body, s.app.testPayments.WebhookSecret()))
	status, answer := s.postEvent(t, body, future)
	require.Equal(t, 400, status, "%v", answer)
	reason, _ := errorInfo(t, answer)
	require.Equal(t, "signature_from_future", reason)
	require.Equal(t, "ORDER_STATUS_PENDING_PAYMENT", s.status(t, orderID, token))

	rows, err := s.app.pool.Query(context.Background(), `SELECT kind FROM payment_anomalies WHERE order_id = $1 ORDER BY kind`, orderID)
	require.NoError(t, err)
	kinds, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"amount_mismatch", "currency_mismatch", "mode_mismatch", "order_mismatch"}, kinds)

	status, answer = s.postEvent(t, body, good)
	require.Equal(t, 200, status, "%v", answer)
	require.Equal(t, "ORDER_STATUS_PAID", s.status(t, orderID, token))
}

// Five simultaneous submits of one cart with different keys leave one payable order: every
// submit is answered, the others are superseded (cancelled, nothing to pay), stock is held once.
func TestConcurrentCheckoutsOfOneCartLeaveOnePayableOrder(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	product := s.product(t, "Cedar Candle", 7800, 10)
	cartID := s.cart(t, "", map[string]int{product: 1})
	const n = 5
	statuses := make([]int, n)
	bodies := make([]jsonMap, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			statuses[i], bodies[i] = s.checkout(t, "", cartID, checkoutBody("p-"+uuid.NewString(), "para@example.com", "standard"))
		})
	}
	close(start)
	wg.Wait()
	// An answer shows its order as it was when answered (a later submit may supersede it since);
	// whatever each answer holds, only one payment can be made.
	paid := 0
	for i := range n {
		require.Equal(t, 200, statuses[i], "%v", bodies[i])
		secret, _ := bodies[i]["payment"].(jsonMap)["client_secret"].(string)
		if secret == "" {
			require.Equal(t, "ORDER_STATUS_CANCELLED", bodies[i]["order"].(jsonMap)["status"])
			continue
		}
		if status, _ := s.confirm(t, secret, "4242424242424242"); status == 200 {
			paid++
		}
	}
	require.Equal(t, 1, paid, "one payable order")
	var unpaid int
	require.NoError(t, s.app.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM orders WHERE cart_id = $1 AND status = 'pending_payment'`, cartID).Scan(&unpaid))
	require.Zero(t, unpaid, "the one order is paid; the others were superseded")
	require.Equal(t, int32(9), s.stock(t, product), "stock held once")
}

// serve never lets admins work without two-factor authentication: ADMIN_2FA=optional is for the
// dev command only.
func TestServeRefusesOptionalAdmin2FA(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": "postgres://unused", "PAYMENT_TEST_MODE": "on", "ADMIN_2FA": "optional"}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	err = Serve(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.ErrorContains(t, err, "ADMIN_2FA=optional is for development only")
}
