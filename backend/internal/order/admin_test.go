package order_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// admin is the back office's request in these tests, with a fresh idempotency key.
func admin() order.Request {
	return order.Request{Actor: revision.Actor{AccountID: uuid.NewString(), Name: "Ava Sinclair", Email: "ava@example.com"},
		IdempotencyKey: "key-" + uuid.NewString()}
}

// trackingURL stands in for shipping.TrackingURL.
func trackingURL(carrier, number string) string {
	if carrier != "Royal Mail" {
		return ""
	}
	return "https://track.example/" + number
}

// adminSetup is setup with the delivery carrier the orders are placed with and a tracking page.
func adminSetup(t *testing.T) *testBundle {
	t.Helper()
	return setup(t, nil, func(c *order.Config) { c.TrackingURL = trackingURL })
}

// paidOrder places an order and pays it.
func (b *testBundle) paidOrder(t *testing.T) order.Order {
	t.Helper()
	o := b.place(t, placement{})
	states["paid"].reach(t, b, o)
	return o
}

// adminStates bring a paid order to where a transition case starts.
var adminStates = map[order.Status]func(t *testing.T, b *testBundle) order.Order{
	order.StatusPendingPayment: func(t *testing.T, b *testBundle) order.Order { t.Helper(); return b.place(t, placement{}) },
	order.StatusPaymentFailed: func(t *testing.T, b *testBundle) order.Order {
		t.Helper()
		o := b.place(t, placement{})
		states["payment_failed"].reach(t, b, o)
		return o
	},
	order.StatusPaid: func(t *testing.T, b *testBundle) order.Order { t.Helper(); return b.paidOrder(t) },
	order.StatusProcessing: func(t *testing.T, b *testBundle) order.Order {
		t.Helper()
		o := b.paidOrder(t)
		_, err := b.orders.Process(context.Background(), admin(), o.ID)
		require.NoError(t, err)
		return o
	},
	order.StatusShipped: func(t *testing.T, b *testBundle) order.Order {
		t.Helper()
		o := b.paidOrder(t)
		_, err := b.orders.Ship(context.Background(), admin(), o.ID, "RM123456785GB")
		require.NoError(t, err)
		return o
	},
	order.StatusDelivered: func(t *testing.T, b *testBundle) order.Order {
		t.Helper()
		o := b.paidOrder(t)
		_, err := b.orders.Ship(context.Background(), admin(), o.ID, "RM123456785GB")
		require.NoError(t, err)
		_, err = b.orders.Deliver(context.Background(), admin(), o.ID)
		require.NoError(t, err)
		return o
	},
	order.StatusRefunded: func(t *testing.T, b *testBundle) order.Order {
		t.Helper()
		o := b.paidOrder(t)
		_, re := b.refund(t, o, o.Total.Minor, 0)
		b.settle(t, re, payment.OutcomeRefundSucceeded)
		return o
	},
	order.StatusCancelled: func(t *testing.T, b *testBundle) order.Order {
		t.Helper()
		o := b.paidOrder(t)
		_, err := b.orders.Cancel(context.Background(), admin(), o.ID, "Customer changed their mind")
		require.NoError(t, err)
		return o
	},
}

// act runs one admin action on an order.
func act(b *testBundle, a order.Action, id string) (order.AdminOrder, error) {
	ctx := context.Background()
	switch a {
	case order.ActionProcess:
		return b.orders.Process(ctx, admin(), id)
	case order.ActionShip:
		return b.orders.Ship(ctx, admin(), id, "RM123456785GB")
	case order.ActionDeliver:
		return b.orders.Deliver(ctx, admin(), id)
	case order.ActionCancel:
		return b.orders.Cancel(ctx, admin(), id, "")
	}
	o, _, err := b.orders.Refund(ctx, admin(), id, order.RefundInput{Amount: 100})
	return o, err
}

// TestAdminTransitions tries every action from every status an admin meets: allowed moves reach
// their status, and every other is refused with invalid_transition and changes nothing.
func TestAdminTransitions(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	allowed := map[order.Status]map[order.Action]order.Status{
		order.StatusPaid: {order.ActionProcess: order.StatusProcessing, order.ActionShip: order.StatusShipped,
			order.ActionCancel: order.StatusCancelled},
		order.StatusProcessing: {order.ActionShip: order.StatusShipped, order.ActionCancel: order.StatusCancelled},
		order.StatusShipped:    {order.ActionDeliver: order.StatusDelivered},
	}
	for from, reach := range adminStates {
		for _, action := range []order.Action{order.ActionProcess, order.ActionShip, order.ActionDeliver, order.ActionCancel} {
			t.Run(fmt.Sprintf("%s/%s", from, action), func(t *testing.T) {
				t.Parallel()
				b := setup(t, pool, func(c *order.Config) { c.TrackingURL = trackingURL })
				o := reach(t, b)
				before := b.snapshot(t, o.ID)
				got, err := act(b, action, o.ID)
				to, ok := allowed[from][action]
				if !ok {
					ae := apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_transition")
					require.Equal(t, string(from), ae.Metadata["from"])
					require.Equal(t, before, b.snapshot(t, o.ID), "a refused move changes nothing")
					return
				}
				require.NoError(t, err)
				require.Equal(t, to, got.Status)
				last := got.History[len(got.History)-1]
				require.Equal(t, to, last.Status)
				require.Equal(t, "Ava Sinclair", last.Actor.Name, "the timeline says who")
			})
		}
	}
}

func TestShip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("tracking number is required and checked", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		before := b.snapshot(t, o.ID)
		for number, reason := range map[string]string{"": "tracking_number_required", "  ": "tracking_number_required",
			"AB": "invalid_tracking_number", "RM12<script>": "invalid_tracking_number", "A" + string(make([]byte, 45)): "invalid_tracking_number"} {
			_, err := b.orders.Ship(ctx, admin(), o.ID, number)
			apperrtest.RequireKind(t, err, apperr.KindInvalid, reason)
		}
		require.Equal(t, before, b.snapshot(t, o.ID))
	})
	t.Run("carrier and link from the delivery option, notice e-mailed once", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		_, err := b.pool.Exec(ctx, `UPDATE orders SET delivery_carrier = 'Royal Mail' WHERE id = $1`, o.ID)
		require.NoError(t, err)
		req := admin()
		got, err := b.orders.Ship(ctx, req, o.ID, " rm123456785gb ")
		require.NoError(t, err)
		require.Equal(t, order.Tracking{Carrier: "Royal Mail", Number: "RM123456785GB", URL: "https://track.example/RM123456785GB"}, got.Tracking)
		again, err := b.orders.Ship(ctx, req, o.ID, "RM123456785GB")
		require.NoError(t, err, "the same request again with its key does the work once")
		require.Equal(t, order.StatusShipped, again.Status)
		require.ElementsMatch(t, []string{"order.paid", "order.shipped"}, b.snapshot(t, o.ID).Outbox)
		_, err = b.orders.Ship(ctx, req, o.ID, "RM999999999GB")
		apperrtest.RequireKind(t, err, apperr.KindAlreadyExists, "idempotency_key_reused")
		_, err = b.orders.Ship(ctx, admin(), o.ID, "RM123456785GB")
		apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_transition")
		require.Equal(t, "Shipped with Royal Mail, tracking RM123456785GB", got.Timeline[len(got.Timeline)-1].Description)
	})
	t.Run("unknown order", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		for _, id := range []string{uuid.NewString(), "not-a-uuid"} {
			_, err := b.orders.Ship(ctx, admin(), id, "RM123456785GB")
			apperrtest.RequireKind(t, err, apperr.KindNotFound, "order_not_found")
		}
	})
}

func TestCancel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := adminSetup(t)
	o := b.paidOrder(t)
	_, err := b.orders.Cancel(ctx, order.Request{Actor: admin().Actor}, o.ID, "")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "idempotency_key_required")
	require.Equal(t, int32(initialStock-ordered), b.snapshot(t, o.ID).Stock)

	req := admin()
	got, err := b.orders.Cancel(ctx, req, o.ID, "Out of stock at the warehouse")
	require.NoError(t, err)
	require.Equal(t, order.StatusCancelled, got.Status)
	s := b.snapshot(t, o.ID)
	require.Equal(t, int32(initialStock), s.Stock, "the stock goes back at once")
	require.ElementsMatch(t, []string{"order.paid", "order.refund_requested", "order.cancelled"}, s.Outbox)
	require.Len(t, got.Refunds, 1)
	r := got.Refunds[0]
	require.Equal(t, o.Total, r.Amount, "everything captured is refunded")
	require.True(t, r.ForCancellation)
	require.Equal(t, order.RefundPending, r.Status)
	require.Equal(t, o.Total, got.RefundPending)
	require.Zero(t, got.Refundable.Minor, "a pending refund holds its amount back")
	require.Equal(t, "paid", got.PaymentState(), "nothing counts as refunded until the provider confirms")
	require.Empty(t, got.Allowed)

	again, err := b.orders.Cancel(ctx, req, o.ID, "Out of stock at the warehouse")
	require.NoError(t, err, "a repeat with its key is answered, not refused")
	require.Len(t, again.Refunds, 1, "and refunds once")
	require.Equal(t, s, b.snapshot(t, o.ID))
}

func TestRefundRequests(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	total := int64(unitPence * ordered)
	cases := []struct {
		name   string
		before []order.RefundInput // granted first
		in     order.RefundInput
		noKey  bool
		kind   apperr.Kind
		reason string
	}{
		{name: "no key", in: order.RefundInput{Amount: 100}, noKey: true, kind: apperr.KindInvalid, reason: "idempotency_key_required"},
		{name: "zero", in: order.RefundInput{Amount: 0}, kind: apperr.KindInvalid, reason: "invalid_refund_amount"},
		{name: "negative", in: order.RefundInput{Amount: -5}, kind: apperr.KindInvalid, reason: "invalid_refund_amount"},
		{name: "more than captured", in: order.RefundInput{Amount: total + 1}, kind: apperr.KindFailedPrecondition, reason: "refund_exceeds_refundable"},
		{name: "more than left after a pending refund", before: []order.RefundInput{{Amount: total - 100}},
			in: order.RefundInput{Amount: 101}, kind: apperr.KindFailedPrecondition, reason: "refund_exceeds_refundable"},
		{name: "restock a product not ordered", in: order.RefundInput{Amount: 100, Restock: []order.RestockLine{{ProductID: uuid.NewString(), Quantity: 1}}},
			kind: apperr.KindInvalid, reason: "restock_not_in_order"},
		{name: "restock more than ordered", in: order.RefundInput{Amount: 100, Restock: []order.RestockLine{{ProductID: "", Quantity: ordered + 1}}},
			kind: apperr.KindInvalid, reason: "restock_exceeds_ordered"},
		{name: "restock more than earlier refunds left", before: []order.RefundInput{{Amount: 100, Restock: []order.RestockLine{{Quantity: ordered}}}},
			in: order.RefundInput{Amount: 100, Restock: []order.RestockLine{{Quantity: 1}}}, kind: apperr.KindInvalid, reason: "restock_exceeds_ordered"},
		{name: "restock nothing", in: order.RefundInput{Amount: 100, Restock: []order.RestockLine{{Quantity: 0}}},
			kind: apperr.KindInvalid, reason: "invalid_restock_quantity"},
		{name: "the rest exactly", before: []order.RefundInput{{Amount: 1000}}, in: order.RefundInput{Amount: total - 1000}},
		{name: "part, restocking one unit", in: order.RefundInput{Amount: unitPence, Reason: "Damaged in transit",
			Restock: []order.RestockLine{{Quantity: 1}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := adminSetup(t)
			o := b.paidOrder(t)
			fill := func(in order.RefundInput) order.RefundInput {
				for i := range in.Restock {
					if in.Restock[i].ProductID == "" {
						in.Restock[i].ProductID = b.product
					}
				}
				return in
			}
			for _, in := range c.before {
				_, _, err := b.orders.Refund(ctx, admin(), o.ID, fill(in))
				require.NoError(t, err)
			}
			snap := b.snapshot(t, o.ID)
			req := admin()
			if c.noKey {
				req.IdempotencyKey = ""
			}
			got, made, err := b.orders.Refund(ctx, req, o.ID, fill(c.in))
			if c.reason != "" {
				apperrtest.RequireKind(t, err, c.kind, c.reason)
				require.Equal(t, snap, b.snapshot(t, o.ID), "a refused refund changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, order.RefundPending, made.Status)
			require.Equal(t, c.in.Amount, made.Amount.Minor)
			require.Equal(t, c.in.Reason, made.Reason)
			require.Equal(t, snap.Stock, b.snapshot(t, o.ID).Stock, "stock goes back only when the refund succeeds")
			require.Equal(t, order.StatusPaid, got.Status, "the order is not refunded before the provider says so")
			again, same, err := b.orders.Refund(ctx, req, o.ID, fill(c.in))
			require.NoError(t, err)
			require.Equal(t, made.ID, same.ID, "a repeat with its key answers the same refund")
			require.Len(t, again.Refunds, len(c.before)+1)
		})
	}
	t.Run("a repeat answers its own refund, not a twin of the same amount", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		first, second := admin(), admin()
		_, one, err := b.orders.Refund(ctx, first, o.ID, order.RefundInput{Amount: 500})
		require.NoError(t, err)
		_, two, err := b.orders.Refund(ctx, second, o.ID, order.RefundInput{Amount: 500})
		require.NoError(t, err)
		require.NotEqual(t, one.ID, two.ID, "another key is another refund")
		_, again, err := b.orders.Refund(ctx, first, o.ID, order.RefundInput{Amount: 500})
		require.NoError(t, err)
		require.Equal(t, one.ID, again.ID)
		_, _, err = b.orders.Refund(ctx, first, o.ID, order.RefundInput{Amount: 501})
		apperrtest.RequireKind(t, err, apperr.KindAlreadyExists, "idempotency_key_reused")
	})
	t.Run("not before payment", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.place(t, placement{})
		_, _, err := b.orders.Refund(ctx, admin(), o.ID, order.RefundInput{Amount: 100})
		apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_transition")
	})
}

func TestAdminList(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := adminSetup(t)
	var placed []order.Order
	for i := range 5 {
		o := b.place(t, placement{units: int32(i%2 + 1)})
		if i < 3 {
			states["paid"].reach(t, b, o)
		}
		placed = append(placed, o)
	}
	_, err := b.pool.Exec(ctx, `UPDATE orders SET shipping_address = shipping_address || '{"last_name":"Okafor","postcode":"SW1A 1AA"}' WHERE id = $1`, placed[4].ID)
	require.NoError(t, err)

	page, err := b.orders.AdminList(ctx, order.AdminQuery{})
	require.NoError(t, err)
	require.EqualValues(t, 5, page.TotalCount)
	require.Equal(t, placed[4].ID, page.Orders[0].ID, "newest first")
	// Every row carries its own order's money, as the order's page does: read for the whole page
	// at once, no row gets another's payment or refunds.
	for _, row := range page.Orders {
		one, err := b.orders.AdminGet(ctx, row.ID)
		require.NoError(t, err)
		require.Equal(t, one.Payment, row.Payment, "payment of %s", row.Number)
		require.ElementsMatch(t, one.Refunds, row.Refunds, "refunds of %s", row.Number)
		require.Equal(t, one.PaymentState(), row.PaymentState(), "state of %s", row.Number)
		require.Equal(t, one.Refundable, row.Refundable, "refundable of %s", row.Number)
	}

	page, err = b.orders.AdminList(ctx, order.AdminQuery{Statuses: []order.Status{order.StatusPaid}, PageSize: 2, Page: 2})
	require.NoError(t, err)
	require.EqualValues(t, 3, page.TotalCount)
	require.Len(t, page.Orders, 1)
	require.Equal(t, 2, page.TotalPages())

	for _, search := range []string{"okafor", "sw1a1aa", "Sw1A 1a", placed[4].Number[3:], "JANE OKA"} {
		page, err = b.orders.AdminList(ctx, order.AdminQuery{Search: search})
		require.NoError(t, err)
		require.Len(t, page.Orders, 1, search)
		require.Equal(t, placed[4].ID, page.Orders[0].ID, search)
	}
	page, err = b.orders.AdminList(ctx, order.AdminQuery{Search: "100%_"})
	require.NoError(t, err)
	require.Empty(t, page.Orders, "LIKE's wildcards match themselves")

	page, err = b.orders.AdminList(ctx, order.AdminQuery{Sort: "total_asc"})
	require.NoError(t, err)
	for i := 1; i < len(page.Orders); i++ {
		require.LessOrEqual(t, page.Orders[i-1].Total.Minor, page.Orders[i].Total.Minor)
	}
	page, err = b.orders.AdminList(ctx, order.AdminQuery{PlacedFrom: time.Now().Add(time.Hour)})
	require.NoError(t, err)
	require.Zero(t, page.TotalCount)

	for _, q := range []struct {
		q      order.AdminQuery
		reason string
	}{
		{order.AdminQuery{Sort: "price; DROP TABLE orders"}, "invalid_sort"},
		{order.AdminQuery{Statuses: []order.Status{"lost"}}, "invalid_status"},
		{order.AdminQuery{PageSize: 101}, "invalid_page_size"},
		{order.AdminQuery{PlacedFrom: time.Now(), PlacedBefore: time.Now().Add(-time.Hour)}, "invalid_date_range"},
	} {
		_, err := b.orders.AdminList(ctx, q.q)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, q.reason)
	}
}

// TestAdminGet reads an order's payment and timeline.
func TestAdminGet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := adminSetup(t)
	o := b.paidOrder(t)
	_, err := b.orders.Process(ctx, admin(), o.ID)
	require.NoError(t, err)
	got, err := b.orders.AdminGet(ctx, o.ID)
	require.NoError(t, err)
	require.NotNil(t, got.Payment)
	require.Equal(t, payment.StatusSucceeded, got.Payment.Status)
	require.Equal(t, o.Total, got.Captured)
	require.Equal(t, o.Total, got.Refundable)
	require.Equal(t, []order.Action{order.ActionShip, order.ActionCancel, order.ActionRefund}, got.Allowed)
	var kinds []order.Status
	for _, e := range got.Timeline {
		kinds = append(kinds, e.Status)
	}
	require.Equal(t, []order.Status{order.StatusPendingPayment, order.StatusPaid, order.StatusProcessing}, kinds)
	require.Equal(t, "Ava Sinclair", got.Timeline[2].Actor.Name)
	require.Empty(t, got.Timeline[1].Actor.AccountID, "the provider's event is the system's")
	_, err = b.orders.AdminGet(ctx, uuid.NewString())
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "order_not_found")
}
