package app

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// adminOf signs the demo admin in to a payment shop (its jobs, SMTP sink and test payments run),
// for calls checked against the OpenAPI document.
func (s *paymentShop) adminOf(t *testing.T) (authShop, string) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, s.app.seedAccounts(ctx))
	var id string
	require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT id::text FROM accounts WHERE email = 'admin@atelier.test'`).Scan(&id))
	// The served shop requires admins' second factor; testTokens signs the demo admin in without it.
	return authShop{base: s.url, app: s.app, router: documentRouter(t, s.url)}, "admin-" + id
}

// paidOrder checks a guest out with units of product and pays with the test card that succeeds.
func (s *paymentShop) paidOrder(t *testing.T, product string, units int) (orderID, accessToken string) {
	t.Helper()
	id, secret, token := s.placeOrder(t, product, units)
	status, body := s.confirm(t, secret, "4242424242424242")
	require.Equal(t, 200, status, "%v", body)
	require.Equal(t, "ORDER_STATUS_PAID", s.status(t, id, token))
	return id, token
}

func key() string { return "k-" + uuid.NewString() }

// eventually reads the admin's order until check holds (the jobs and the provider's events run in
// the background), and returns it.
func eventually(t *testing.T, api authShop, token, orderID string, check func(o jsonMap) bool, what string) jsonMap {
	t.Helper()
	var o jsonMap
	require.Eventually(t, func() bool {
		o = api.call(t, http.MethodGet, "/api/v1/admin/orders/"+orderID, "", token).require(t, 200)["order"].(jsonMap)
		return check(o)
	}, 20*time.Second, 50*time.Millisecond, what)
	return o
}

// timelineHas reports whether the order's timeline has an entry of kind (with the e-mail kind, for
// e-mails).
func timelineHas(o jsonMap, kind, email string) int {
	n := 0
	for _, e := range o["timeline"].([]any) {
		e := e.(jsonMap)
		if e["kind"] == kind && (email == "" || e["email_kind"] == email) {
			n++
		}
	}
	return n
}

// The shopper's own order page follows the parcel: no shipment while the order is only paid; once
// the shop ships it, the shopper's read (with the order's access token) carries the carrier, the
// number and the carrier's tracking page.
func TestRESTShopperOrderShowsItsShipment(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	serum := s.product(t, "Night Serum", 3200, 5)
	orderID, token := s.paidOrder(t, serum, 1)

	status, got := s.order(t, "", orderID, token)
	require.Equal(t, 200, status, "%v", got)
	require.NotContains(t, got["order"].(jsonMap), "shipment", "a paid order has not shipped")

	_, err := s.app.orders.Ship(context.Background(), order.Request{Actor: revision.Actor{Name: "Test"}}, orderID, "RM123456785GB")
	require.NoError(t, err)
	status, got = s.order(t, "", orderID, token)
	require.Equal(t, 200, status, "%v", got)
	o := got["order"].(jsonMap)
	require.Equal(t, "ORDER_STATUS_SHIPPED", o["status"])
	require.Equal(t, jsonMap{"carrier": "Royal Mail", "tracking_number": "RM123456785GB",
		"tracking_url": "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB"}, o["shipment"])
}

// The README's order walk over REST in test mode: a paid order is processed, shipped with
// tracking (the customer e-mailed the link), partly refunded (confirmed by the test provider's
// signed event through the webhook path, the refunded unit back in stock, the customer e-mailed),
// delivered and refunded in full; another is cancelled, its stock back at once and its money
// refunded. Illegal moves and over-refunds are refused; repeats with their key do the work once.
func TestRESTAdminOrderLifecycle(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	api, token := s.adminOf(t)
	serum := s.product(t, "Night Serum", 3200, 5)
	orderID, _ := s.paidOrder(t, serum, 2)
	base := "/api/v1/admin/orders/" + orderID
	number := orderNumber(t, s, orderID)

	list := api.call(t, http.MethodGet, "/api/v1/admin/orders?statuses=ORDER_STATUS_PAID&search="+number[3:], "", token).require(t, 200)
	require.Equal(t, "1", list["total_count"])
	o := list["orders"].([]any)[0].(jsonMap)
	require.Equal(t, orderID, o["id"])
	require.Equal(t, jsonMap{"currency_code": "GBP", "minor_units": "6400"}, o["refundable"])
	require.Equal(t, "PAYMENT_STATE_PAID", o["payment"].(jsonMap)["state"], "the list says where each order's money is")

	early := api.call(t, http.MethodPost, base+"/deliver", `{}`, token)
	early.require(t, 400)
	require.Equal(t, "invalid_transition", early.reason(t))
	noNumber := api.call(t, http.MethodPost, base+"/ship", `{}`, token)
	noNumber.require(t, 400)
	require.Equal(t, "tracking_number_required", noNumber.reason(t))

	require.Equal(t, "ORDER_STATUS_PROCESSING",
		api.call(t, http.MethodPost, base+"/process", `{}`, token).require(t, 200)["order"].(jsonMap)["status"])
	ship := fmt.Sprintf(`{"tracking_number": "RM123456785GB", "idempotency_key": %q}`, key())
	o = api.call(t, http.MethodPost, base+"/ship", ship, token).require(t, 200)["order"].(jsonMap)
	require.Equal(t, "ORDER_STATUS_SHIPPED", o["status"])
	require.Equal(t, jsonMap{"carrier": "Royal Mail", "tracking_number": "RM123456785GB",
		"tracking_url": "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB"}, o["tracking"])
	api.call(t, http.MethodPost, base+"/ship", ship, token).require(t, 200) // a repeat with its key
	eventually(t, api, token, orderID, func(o jsonMap) bool { return timelineHas(o, "TIMELINE_KIND_EMAIL_SENT", "email.order_shipped") == 1 },
		"the shipping notice is sent, and shows in the timeline")
	require.Equal(t, 1, s.mailsTo("RM123456785GB", "Subject:"), "one shipping notice, with the tracking number")

	over := api.call(t, http.MethodPost, base+"/refunds", fmt.Sprintf(`{"amount_minor_units": "6401", "idempotency_key": %q}`, key()), token)
	over.require(t, 400)
	require.Equal(t, "refund_exceeds_refundable", over.reason(t))

	refund := fmt.Sprintf(`{"amount_minor_units": "3200", "reason": "Arrived damaged", "restock": [{"product_id": %q, "quantity": 1}],
		"idempotency_key": %q}`, serum, key())
	made := api.call(t, http.MethodPost, base+"/refunds", refund, token).require(t, 200)
	require.Equal(t, "REFUND_STATUS_PENDING", made["refund"].(jsonMap)["status"])
	again := api.call(t, http.MethodPost, base+"/refunds", refund, token).require(t, 200)
	require.Equal(t, made["refund"].(jsonMap)["id"], again["refund"].(jsonMap)["id"], "a repeat with its key refunds once")
	o = eventually(t, api, token, orderID, func(o jsonMap) bool {
		return o["payment"].(jsonMap)["state"] == "PAYMENT_STATE_PARTIALLY_REFUNDED"
	}, "the provider's event confirms the refund")
	require.Equal(t, "ORDER_STATUS_SHIPPED", o["status"])
	require.Len(t, o["refunds"], 1)
	require.Equal(t, "REFUND_STATUS_SUCCEEDED", o["refunds"].([]any)[0].(jsonMap)["status"])
	require.Equal(t, jsonMap{"currency_code": "GBP", "minor_units": "3200"}, o["payment"].(jsonMap)["refunded"])
	require.Equal(t, int32(4), s.stock(t, serum), "the returned unit is back in stock")
	listed := api.call(t, http.MethodGet, "/api/v1/admin/orders?search="+number[3:], "", token).require(t, 200)["orders"].([]any)[0].(jsonMap)
	require.Equal(t, "PAYMENT_STATE_PARTIALLY_REFUNDED", listed["payment"].(jsonMap)["state"])
	require.Equal(t, jsonMap{"currency_code": "GBP", "minor_units": "3200"}, listed["refundable"])
	eventually(t, api, token, orderID, func(o jsonMap) bool { return timelineHas(o, "TIMELINE_KIND_EMAIL_SENT", "email.order_refunded") == 1 },
		"the refund notice is sent")

	require.Equal(t, "ORDER_STATUS_DELIVERED",
		api.call(t, http.MethodPost, base+"/deliver", `{}`, token).require(t, 200)["order"].(jsonMap)["status"])
	api.call(t, http.MethodPost, base+"/refunds", fmt.Sprintf(`{"amount_minor_units": "3200", "idempotency_key": %q}`, key()), token).require(t, 200)
	o = eventually(t, api, token, orderID, func(o jsonMap) bool { return o["status"] == "ORDER_STATUS_REFUNDED" },
		"refunded in full once the provider confirms")
	require.Equal(t, "PAYMENT_STATE_REFUNDED", o["payment"].(jsonMap)["state"])
	require.Equal(t, "0", o["refundable"].(jsonMap)["minor_units"])
	require.NotContains(t, o["allowed_actions"], "ORDER_ACTION_REFUND")

	// Another order, cancelled while paid: the stock goes back at once, the money when the provider confirms.
	other, _ := s.paidOrder(t, serum, 3)
	require.Equal(t, int32(1), s.stock(t, serum))
	noKey := api.call(t, http.MethodPost, "/api/v1/admin/orders/"+other+"/cancel", `{"reason": "Customer asked"}`, token)
	noKey.require(t, 400)
	cancelled := api.call(t, http.MethodPost, "/api/v1/admin/orders/"+other+"/cancel",
		fmt.Sprintf(`{"reason": "Customer asked", "idempotency_key": %q}`, key()), token).require(t, 200)["order"].(jsonMap)
	require.Equal(t, "ORDER_STATUS_CANCELLED", cancelled["status"])
	require.Equal(t, int32(4), s.stock(t, serum), "a cancelled order's stock goes back at once")
	o = eventually(t, api, token, other, func(o jsonMap) bool {
		return o["payment"].(jsonMap)["state"] == "PAYMENT_STATE_REFUNDED" &&
			timelineHas(o, "TIMELINE_KIND_EMAIL_SENT", "email.order_cancelled") == 1
	}, "the cancellation is refunded and the customer told")
	require.Equal(t, "ORDER_STATUS_CANCELLED", o["status"], "a cancelled order stays cancelled once refunded")
	require.Equal(t, 1, timelineHas(o, "TIMELINE_KIND_REFUND_SUCCEEDED", ""))

	api.call(t, http.MethodGet, base, "", "").require(t, 401)
	_, customer := register(t, api, "Jane", "jane@example.com", "password1")
	api.call(t, http.MethodGet, "/api/v1/admin/orders", "", customer).require(t, 403)
}
