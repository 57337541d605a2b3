package app

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// liftedThrottles raise the per-client limits for the shops other tests share: all their
// requests come from 127.0.0.1, as one client.
var liftedThrottles = map[string]string{
	"CARTS_PER_IP_PER_HOUR":                 "100000",
	"UNPAID_ORDERS_PER_IP":                  "100000",
	"UNPAID_ORDERS_PER_EMAIL":               "100000",
	"RESERVED_UNITS_PER_IP":                 "100000",
	"RESERVED_UNITS_PER_EMAIL":              "100000",
	"CONTACT_MESSAGES_PER_IP_PER_HOUR":      "100000",
	"CONTACT_MESSAGES_PER_EMAIL_PER_HOUR":   "100000",
	"NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR":    "100000",
	"NEWSLETTER_SIGNUPS_PER_EMAIL_PER_HOUR": "100000",
}

// requireThrottled checks a refusal's REST shape: 429, the reason, and a Retry-After in whole
// seconds that the JSON body repeats, within [min, max].
func requireThrottled(t *testing.T, a answer, reason string, minWait, maxWait int) {
	t.Helper()
	a.require(t, http.StatusTooManyRequests)
	require.Equal(t, reason, a.reason(t))
	retry, err := strconv.Atoi(a.header.Get("Retry-After"))
	require.NoError(t, err, "Retry-After reaches the REST response: %v", a.header)
	require.True(t, retry >= minWait && retry <= maxWait, "Retry-After %d not in [%d, %d]", retry, minWait, maxWait)
	_, meta := errorInfo(t, a.body)
	require.Equal(t, a.header.Get("Retry-After"), meta["retry_after_seconds"])
}

// New guest carts are throttled per client (the storefront's X-Forwarded-For, from a trusted
// proxy): 429 with Retry-After.
func TestRESTCartCreationThrottle(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1", "CARTS_PER_IP_PER_HOUR": "3"})
	create := func(client string) answer {
		return s.call(t, http.MethodPost, "/api/v1/carts", "{}", "", "X-Forwarded-For", client)
	}
	for range 3 {
		create("198.51.100.1").require(t, 200)
	}
	throttled := create("198.51.100.1")
	requireThrottled(t, throttled, "too_many_requests", 3500, 3600)
	require.Equal(t, "Too many new carts from your network. Please try again in 60 minutes.", throttled.body["message"])
	create("198.51.100.2").require(t, 200)
}

// Contact messages are throttled per client and per reply address: 429 with Retry-After.
func TestRESTContactThrottle(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1",
		"CONTACT_MESSAGES_PER_IP_PER_HOUR": "3", "CONTACT_MESSAGES_PER_EMAIL_PER_HOUR": "2"})
	send := func(email, client string) answer {
		return s.call(t, http.MethodPost, "/api/v1/contact-messages",
			`{"name": "Jane", "email": "`+email+`", "subject": "Hello", "message": "A question."}`, "", "X-Forwarded-For", client)
	}
	for i := range 3 {
		send("sender"+strconv.Itoa(i)+"@example.com", "198.51.100.1").require(t, 200)
	}
	requireThrottled(t, send("another@example.com", "198.51.100.1"), "too_many_requests", 3500, 3600)
	send("jane@example.com", "198.51.100.2").require(t, 200)
	send("Jane@Example.com", "198.51.100.3").require(t, 200)
	throttled := send("jane@example.com", "198.51.100.4")
	requireThrottled(t, throttled, "too_many_requests", 3500, 3600)
	require.Equal(t, "Too many messages. Please try again in 60 minutes.", throttled.body["message"])
}

// Newsletter sign-ups are throttled per client and per address: 429 with Retry-After.
func TestRESTNewsletterThrottle(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1",
		"NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR": "3", "NEWSLETTER_SIGNUPS_PER_EMAIL_PER_HOUR": "2"})
	subscribe := func(email, client string) answer {
		return s.call(t, http.MethodPost, "/api/v1/newsletter/subscriptions", `{"email": "`+email+`"}`, "", "X-Forwarded-For", client)
	}
	for i := range 3 {
		subscribe("stranger"+strconv.Itoa(i)+"@example.com", "198.51.100.1").require(t, 200)
	}
	requireThrottled(t, subscribe("stranger9@example.com", "198.51.100.1"), "too_many_requests", 3500, 3600)
	subscribe("jane@example.com", "198.51.100.2").require(t, 200)
	subscribe("jane@example.com", "198.51.100.3").require(t, 200)
	throttled := subscribe("jane@example.com", "198.51.100.4")
	requireThrottled(t, throttled, "too_many_requests", 3500, 3600)
	require.Equal(t, "Too many sign-ups. Please try again in 60 minutes.", throttled.body["message"])
}

// Checkout refuses a client more unpaid orders than its cap, with 429 and a Retry-After of about
// when the oldest reservation lapses (ORDER_RESERVATION_TTL).
func TestRESTCheckoutUnpaidOrdersCap(t *testing.T) {
	t.Parallel()
	s := newPaymentShopWith(t, map[string]string{"UNPAID_ORDERS_PER_IP": "2", "ORDER_RESERVATION_TTL": "20m"})
	serum := s.product(t, "Night Serum", 3200, 50)
	for i := range 2 {
		status, placed := s.checkout(t, "", s.cart(t, "", map[string]int{serum: 1}),
			checkoutBody(uuid.NewString(), "shopper"+strconv.Itoa(i)+"@example.com", "standard"))
		require.Equal(t, 200, status, "%v", placed)
	}
	cartID := s.cart(t, "", map[string]int{serum: 1})
	status, header, body := sendAsWithHeader(t, http.MethodPost, s.url+"/api/v1/carts/"+cartID+"/checkout", "",
		checkoutBody(uuid.NewString(), "third@example.com", "standard"), false)
	requireThrottled(t, answer{status: status, header: header, body: body}, "too_many_unpaid_orders", 1100, 1200)
	require.Equal(t, "You have too many orders awaiting payment. Please pay for one, or try again in 20 minutes.", body["message"])
	require.Equal(t, int32(48), s.stock(t, serum), "the refused checkout reserved nothing")
}
