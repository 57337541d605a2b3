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
	"RATE_LIMIT_PER_CLIENT":                 "0",
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

// The public forms are throttled per client and per address (the contact form's reply address,
// a sign-up's address): 429 with Retry-After. An address counts however it is written.
func TestRESTFormThrottles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, perIP, perEmail, path, message string
		body                                 func(email string) string
		sameAddress                          string // jane@example.com as a second request writes it
	}{
		{
			name: "contact", perIP: "CONTACT_MESSAGES_PER_IP_PER_HOUR", perEmail: "CONTACT_MESSAGES_PER_EMAIL_PER_HOUR",
			path: "/api/v1/contact-messages", message: "Too many messages. Please try again in 60 minutes.",
			body: func(email string) string {
				return `{"name": "Jane", "email": "` + email + `", "subject": "Hello", "message": "A question."}`
			},
			sameAddress: "Jane@Example.com",
		},
		{
			name: "newsletter", perIP: "NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR", perEmail: "NEWSLETTER_SIGNUPS_PER_EMAIL_PER_HOUR",
			path: "/api/v1/newsletter/subscriptions", message: "Too many sign-ups. Please try again in 60 minutes.",
			body:        func(email string) string { return `{"email": "` + email + `"}` },
			sameAddress: "jane@example.com",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := startAuthShop(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1", tc.perIP: "3", tc.perEmail: "2"})
			send := func(email, client string) answer {
				return s.call(t, http.MethodPost, tc.path, tc.body(email), "", "X-Forwarded-For", client)
			}
			for i := range 3 {
				send("sender"+strconv.Itoa(i)+"@example.com", "198.51.100.1").require(t, 200)
			}
			requireThrottled(t, send("another@example.com", "198.51.100.1"), "too_many_requests", 3500, 3600)
			send("jane@example.com", "198.51.100.2").require(t, 200)
			send(tc.sameAddress, "198.51.100.3").require(t, 200)
			throttled := send("jane@example.com", "198.51.100.4")
			requireThrottled(t, throttled, "too_many_requests", 3500, 3600)
			require.Equal(t, tc.message, throttled.body["message"])
		})
	}
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
