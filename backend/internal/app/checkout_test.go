package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"mime/quotedprintable"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/stretchr/testify/require"
)

// paymentShop is a shop of its own for the checkout tests: checkouts take stock, which the shared
// demo shop's tests rely on staying as seeded. It runs the background jobs against an SMTP sink,
// in the test payment mode.
type paymentShop struct {
	url  string
	app  *App
	smtp *smtpmock.Server
}

func newPaymentShop(t *testing.T) *paymentShop {
	t.Helper()
	return newPaymentShopWith(t, liftedThrottles)
}

// newPaymentShopWith is newPaymentShop with more environment (limits of its own).
func newPaymentShopWith(t *testing.T, more map[string]string) *paymentShop {
	t.Helper()
	smtp := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true})
	require.NoError(t, smtp.Start())
	t.Cleanup(func() { _ = smtp.Stop() })
	env := map[string]string{"DATABASE_URL": dbtest.URL(t), "API_ADDR": "127.0.0.1:0", "MEDIA_BUCKET_URL": "file://" + t.TempDir(),
		"SMTP_URL": fmt.Sprintf("smtp://127.0.0.1:%d", smtp.PortNumber()), "OUTBOX_POLL_INTERVAL": "50ms",
		"CATALOG_CACHE_TTL": "0", "STOREFRONT_URL": "https://shop.example"}
	maps.Copy(env, more)
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	a, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	a.authn = testTokens{next: a.accounts}
	ctx := context.Background()
	require.NoError(t, a.settings.Save(ctx, settings.Store{Name: "Atelier London", ContactEmail: "shop@atelier.test"}))
	fifty := money.GBP(5000)
	require.NoError(t, a.shipping.Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Carrier: "Royal Mail",
		EstimatedDelivery: "5–7 working days", Price: money.GBP(1735), FreeOver: &fifty, Position: 1, Active: true}))
	require.NoError(t, a.shipping.Save(ctx, shipping.Option{Code: "express", Name: "Express", Carrier: "DPD",
		EstimatedDelivery: "3–4 days", Price: money.GBP(2499), Position: 2, Active: true}))
	require.NoError(t, a.startJobs(ctx))
	runCtx, cancel := context.WithCancel(ctx)
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- a.Serve(runCtx, func(s string) { addr <- s }) }()
	s := &paymentShop{url: "http://" + <-addr, app: a, smtp: smtp}
	t.Cleanup(func() {
		cancel()
		<-done //nolint:errcheck // only waits for the server to stop; TestServeShutsDownGracefully checks how it stops
		a.stopJobs()
		a.Close()
	})
	return s
}

// product adds a visible product with the given price and stock and returns its id.
func (s *paymentShop) product(t *testing.T, name string, pence int64, stock int32) string {
	t.Helper()
	slug := strings.ToLower(strings.ReplaceAll(name, " ", "-")) + "-" + uuid.NewString()[:8]
	id, _, err := s.app.catalog.SaveProduct(context.Background(), catalog.ProductInput{Slug: slug, Name: name,
		Price: &pence, Stock: stock, Active: true, Published: true})
	require.NoError(t, err)
	return id
}

// cart makes a guest cart (or the customer's, with a token) holding the given quantities.
func (s *paymentShop) cart(t *testing.T, token string, lines map[string]int) string {
	t.Helper()
	_, _, created := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/carts", token, "{}", false)
	id := created["cart"].(jsonMap)["id"].(string)
	for product, qty := range lines {
		status, _, body := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/carts/"+id+"/items", token,
			fmt.Sprintf(`{"product_id": %q, "quantity": %d}`, product, qty), false)
		require.Equal(t, 200, status, "%v", body)
	}
	return id
}

const address = `{"first_name": "Jane", "last_name": "Doe", "address_line1": "1 Bond Street", "city": "London",
	"postcode": "w1s 1aa", "country_code": "gb"}`

func checkoutBody(key, email, delivery string) string {
	return fmt.Sprintf(`{"idempotency_key": %q, "email": %q, "shipping_address": %s, "delivery_option_code": %q,
		"requires_signature": true}`, key, email, address, delivery)
}

// checkout posts a checkout and returns the status and body.
func (s *paymentShop) checkout(t *testing.T, token, cartID, body string) (int, jsonMap) {
	t.Helper()
	status, _, out := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/carts/"+cartID+"/checkout", token, body, false)
	return status, out
}

func (s *paymentShop) confirm(t *testing.T, clientSecret, card string) (int, jsonMap) {
	t.Helper()
	status, _, out := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/payments/test/confirm", "",
		fmt.Sprintf(`{"client_secret": %q, "card_number": %q, "exp_month": 12, "exp_year": %d, "cvc": "123"}`,
			clientSecret, card, time.Now().Year()+2), false)
	return status, out
}

func (s *paymentShop) order(t *testing.T, token, id, accessToken string) (int, jsonMap) {
	t.Helper()
	status, _, out := sendAsWithHeader(t, http.MethodGet, s.url+"/api/v1/orders/"+id+"?access_token="+accessToken, token, "", false)
	return status, out
}

func (s *paymentShop) stock(t *testing.T, productID string) int32 {
	t.Helper()
	var n int32
	require.NoError(t, s.app.pool.QueryRow(context.Background(), `SELECT stock_quantity FROM products WHERE id = $1`, productID).Scan(&n))
	return n
}

// mailsTo counts the messages the SMTP sink accepted whose text contains all of want.
func (s *paymentShop) mailsTo(want ...string) int {
	n := 0
next:
	for _, m := range s.smtp.Messages() {
		if !m.IsConsistent() {
			continue
		}
		raw := m.MsgRequest()
		for _, w := range want {
			if !strings.Contains(raw, w) {
				continue next
			}
		}
		n++
	}
	return n
}

// The acceptance path over REST in test mode: cart → checkout → test confirm → paid, with
// exactly one confirmation e-mail; the same request again with its key gives the same order.
func TestRESTCheckoutToPaidOrder(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	serum, cream := s.product(t, "Night Serum", 3200, 5), s.product(t, "Day Cream", 2450, 5)
	cartID := s.cart(t, "", map[string]int{serum: 1, cream: 2})

	key := "checkout-" + uuid.NewString()
	status, placed := s.checkout(t, "", cartID, checkoutBody(key, "jane@example.com", "standard"))
	require.Equal(t, 200, status, "%v", placed)
	o := placed["order"].(jsonMap)
	require.Equal(t, "ORDER_STATUS_PENDING_PAYMENT", o["status"])
	require.Regexp(t, `^AL-[0-9A-HJKMNP-TV-Z]{8}$`, o["number"])
	require.Equal(t, int64(3200+2*2450), minor(t, o["subtotal"]))
	require.Equal(t, int64(0), minor(t, o["delivery"].(jsonMap)["price"]), "Standard is free over £50")
	require.Equal(t, int64(8100), minor(t, o["total"]))
	require.Equal(t, int64(1350), minor(t, o["vat_included"]), "20% VAT included: 8100 × 20/120")
	require.Equal(t, "W1S 1AA", o["shipping_address"].(jsonMap)["postcode"])
	require.Equal(t, "GB", o["shipping_address"].(jsonMap)["country_code"])
	require.Equal(t, int32(4), s.stock(t, serum), "stock is reserved at checkout")
	require.Equal(t, int32(3), s.stock(t, cream))
	pay := placed["payment"].(jsonMap)
	require.Equal(t, "PAYMENT_MODE_TEST", pay["mode"])
	secret := pay["client_secret"].(string)
	token := placed["order_access_token"].(string)
	require.NotEmpty(t, token)

	// The same request again — a retried submit — is the same order, and takes no more stock.
	status, again := s.checkout(t, "", cartID, checkoutBody(key, "jane@example.com", "standard"))
	require.Equal(t, 200, status, "%v", again)
	require.Equal(t, o["id"], again["order"].(jsonMap)["id"])
	require.Equal(t, secret, again["payment"].(jsonMap)["client_secret"])
	require.Equal(t, int32(4), s.stock(t, serum))
	// The same key for another request is refused.
	status, reused := s.checkout(t, "", cartID, checkoutBody(key, "jane@example.com", "express"))
	require.Equal(t, 409, status, "%v", reused)
	reason, _ := errorInfo(t, reused)
	require.Equal(t, "idempotency_key_reused", reason)

	status, confirmed := s.confirm(t, secret, "4242 4242 4242 4242")
	require.Equal(t, 200, status, "%v", confirmed)
	require.Equal(t, o["id"], confirmed["order_id"])
	status, got := s.order(t, "", o["id"].(string), token)
	require.Equal(t, 200, status, "%v", got)
	paid := got["order"].(jsonMap)
	require.Equal(t, "ORDER_STATUS_PAID", paid["status"])
	history := items(paid, "history")
	require.Len(t, history, 2)
	require.Equal(t, "ORDER_STATUS_PENDING_PAYMENT", history[0]["status"])
	require.Equal(t, "ORDER_STATUS_PAID", history[1]["status"])
	cart := getJSON(t, s.url+"/api/v1/carts/"+cartID, 200)["cart"].(jsonMap)
	require.Empty(t, items(cart, "lines"), "the paid lines leave the cart")

	number := o["number"].(string)
	require.Eventually(t, func() bool { return s.mailsTo(number, "To: <jane@example.com>") == 1 }, 20*time.Second, 20*time.Millisecond)
	// Paying again is refused and mails nothing more.
	status, _ = s.confirm(t, secret, "4242424242424242")
	require.Equal(t, 400, status)
	time.Sleep(300 * time.Millisecond) // several relay polls: nothing else may arrive
	require.Equal(t, 1, s.mailsTo(number))
	raw := ""
	for _, m := range s.smtp.Messages() {
		if strings.Contains(m.MsgRequest(), number) {
			decoded, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(m.MsgRequest())))
			require.NoError(t, err)
			raw = string(decoded)
		}
	}
	require.Contains(t, raw, "https://shop.example/orders/"+o["id"].(string)+"?token="+token, "the guest's signed link")
	require.Contains(t, raw, "Night Serum × 1: £32.00")
	require.Contains(t, raw, "Total: £81.00 (including VAT £13.50)")
	status, viaLink := s.order(t, "", o["id"].(string), token)
	require.Equal(t, 200, status)
	require.Equal(t, number, viaLink["order"].(jsonMap)["number"])
}

// The checkout page's amounts come from the server, by the rule checkout charges: each option's
// delivery, total and VAT for this cart, and the order placed with an option has exactly them.
func TestCheckoutQuoteMatchesTheOrder(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	small, big := s.product(t, "Travel Balm", 1200, 9), s.product(t, "Grand Serum", 4900, 9)
	for _, tc := range []struct {
		name          string
		lines         map[string]int
		standardPrice int64
	}{
		{"under £50", map[string]int{small: 1}, 1735},
		{"over £50", map[string]int{small: 1, big: 1}, 0},
	} {
		cartID := s.cart(t, "", tc.lines)
		q := getJSON(t, s.url+"/api/v1/carts/"+cartID+"/checkout-quote", 200)
		quotes := items(q, "delivery_quotes")
		require.Len(t, quotes, 2, tc.name)
		require.Equal(t, "standard", quotes[0]["option"].(jsonMap)["code"])
		require.Equal(t, tc.standardPrice, minor(t, quotes[0]["delivery_price"]), tc.name)
		require.Equal(t, int64(2499), minor(t, quotes[1]["delivery_price"]), "%s: Express is never free", tc.name)
		subtotal := minor(t, q["subtotal"])
		require.Equal(t, (subtotal*20+60)/120, minor(t, q["subtotal_vat_included"]), tc.name)
		for _, quote := range quotes {
			code := quote["option"].(jsonMap)["code"].(string)
			require.Equal(t, subtotal+minor(t, quote["delivery_price"]), minor(t, quote["total"]), tc.name)
			status, placed := s.checkout(t, "", cartID, checkoutBody("q-"+uuid.NewString(), "quote@example.com", code))
			require.Equal(t, 200, status, "%v", placed)
			o := placed["order"].(jsonMap)
			require.Equal(t, minor(t, quote["total"]), minor(t, o["total"]), "%s %s", tc.name, code)
			require.Equal(t, minor(t, quote["vat_included"]), minor(t, o["vat_included"]), "%s %s", tc.name, code)
			require.Equal(t, minor(t, quote["delivery_price"]), minor(t, o["delivery"].(jsonMap)["price"]), "%s %s", tc.name, code)
		}
	}
	status, _, _ := sendAsWithHeader(t, http.MethodGet, s.url+"/api/v1/carts/"+uuid.NewString()+"/checkout-quote", "", "", false)
	require.Equal(t, 404, status, "an unknown cart")
}

// A line whose product left the shop after it was added, over REST: the cart shows it flagged
// unavailable and unpriced, outside the totals; changing its quantity and checking out are
// refused with product_unavailable (400, FAILED_PRECONDITION); removing it works.
func TestRESTCartLineWhoseProductLeftTheShop(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	ctx := context.Background()
	kept, gone := s.product(t, "Rose Serum", 2600, 5), s.product(t, "Iris Oil", 3000, 5)
	cartID := s.cart(t, "", map[string]int{kept: 1})
	status, _, body := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/carts/"+cartID+"/items", "",
		fmt.Sprintf(`{"product_id": %q, "quantity": 2}`, gone), false)
	require.Equal(t, 200, status, "%v", body)
	_, err := s.app.pool.Exec(ctx, `UPDATE products SET archived_at = now() WHERE id = $1`, gone)
	require.NoError(t, err)

	cartURL := s.url + "/api/v1/carts/" + cartID
	c := getJSON(t, cartURL, 200)["cart"].(jsonMap)
	lines := items(c, "lines")
	require.Len(t, lines, 2)
	require.Equal(t, false, lines[0]["unavailable"])
	require.Equal(t, true, lines[1]["unavailable"])
	require.Equal(t, "Iris Oil", lines[1]["product"].(jsonMap)["name"])
	require.Equal(t, int64(0), minor(t, lines[1]["line_total"]))
	require.Equal(t, 1.0, c["item_count"])
	require.Equal(t, int64(2600), minor(t, c["subtotal"]))

	wantRefusal := func(status int, body jsonMap) {
		t.Helper()
		require.Equal(t, http.StatusBadRequest, status, "%v", body)
		require.Equal(t, "Iris Oil is no longer available. Please remove it from your bag to continue.", body["message"])
		reason, meta := errorInfo(t, body)
		require.Equal(t, "product_unavailable", reason)
		require.Equal(t, gone, meta["product_id"])
	}
	status, _, body = sendAsWithHeader(t, http.MethodPatch, cartURL+"/items/"+gone, "", `{"quantity": 1}`, false)
	wantRefusal(status, body)
	wantRefusal(s.checkout(t, "", cartID, checkoutBody(uuid.NewString(), "jane@example.com", "standard")))
	var orders int
	require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT count(*) FROM orders WHERE cart_id = $1`, cartID).Scan(&orders))
	require.Zero(t, orders, "no order")
	require.Equal(t, int32(5), s.stock(t, kept), "nothing reserved")

	c = sendJSON(t, http.MethodDelete, cartURL+"/items/"+gone, "", 200)["cart"].(jsonMap)
	require.Len(t, items(c, "lines"), 1)
	status, body = s.checkout(t, "", cartID, checkoutBody(uuid.NewString(), "jane@example.com", "standard"))
	require.Equal(t, 200, status, "%v", body)
}
