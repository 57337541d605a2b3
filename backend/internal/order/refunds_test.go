package order_test

import (
	"context"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/payment/paymenttest"
	"github.com/stretchr/testify/require"
)

// refund asks for a refund of amount pence (restocking units of the product) and has the job
// send it to the provider; it returns the refund and the provider's id for it.
func (b *testBundle) refund(t *testing.T, o order.Order, amount int64, units int32) (order.Refund, string) {
	t.Helper()
	ctx := context.Background()
	in := order.RefundInput{Amount: amount}
	if units > 0 {
		in.Restock = []order.RestockLine{{ProductID: b.product, Quantity: units}}
	}
	_, r, err := b.orders.Refund(ctx, admin(), o.ID, in)
	require.NoError(t, err)
	return r, b.send(t, o, r.ID)
}

// send runs the refund job and returns the provider's id for the refund.
func (b *testBundle) send(t *testing.T, o order.Order, refundID string) string {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, b.orders.SendRefund(ctx, refundID))
	a, err := b.orders.AdminGet(ctx, o.ID)
	require.NoError(t, err)
	for _, r := range a.Refunds {
		if r.ID == refundID {
			require.NotEmpty(t, r.ProviderRef, "the provider's id is kept once it answered")
			return r.ProviderRef
		}
	}
	t.Fatalf("refund %s not on its order", refundID)
	return ""
}

// settle applies the provider's event that the refund reached outcome.
func (b *testBundle) settle(t *testing.T, providerRef string, outcome payment.Outcome) payment.Event {
	t.Helper()
	ev := b.provider.RefundEvent(providerRef, outcome)
	require.NoError(t, b.orders.ApplyEvent(context.Background(), ev))
	return ev
}

func (b *testBundle) admin(t *testing.T, id string) order.AdminOrder {
	t.Helper()
	a, err := b.orders.AdminGet(context.Background(), id)
	require.NoError(t, err)
	return a
}

// TestRefundSettlement: a refund counts only when the provider's event says it succeeded, once
// however often the event comes, and an event that does not fit its refund changes nothing.
func TestRefundSettlement(t *testing.T) {
	t.Parallel()
	total := int64(unitPence * ordered)
	t.Run("part succeeds: refunded, restocked, e-mailed once", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		r, re := b.refund(t, o, 1000, 1)
		before := b.snapshot(t, o.ID)
		require.Equal(t, int64(1000), b.provider.Refunded(ref(o)))
		ev := b.settle(t, re, payment.OutcomeRefundSucceeded)
		a := b.admin(t, o.ID)
		require.Equal(t, order.StatusPaid, a.Status)
		require.Equal(t, int64(1000), a.Refunded.Minor)
		require.Equal(t, "partially_refunded", a.PaymentState())
		require.Equal(t, total-1000, a.Refundable.Minor)
		require.Equal(t, order.RefundSucceeded, a.Refunds[0].Status)
		require.Equal(t, re, a.Refunds[0].ProviderRef)
		require.NotNil(t, a.Refunds[0].SettledAt)
		after := b.snapshot(t, o.ID)
		require.Equal(t, before.Stock+1, after.Stock, "the unit goes back in stock when the refund succeeds")
		require.ElementsMatch(t, append(before.Outbox, "order.refunded"), after.Outbox)
		require.Equal(t, r.ID, a.Refunds[0].ID)

		require.NoError(t, b.orders.ApplyEvent(context.Background(), ev), "the same event again")
		b.settle(t, re, payment.OutcomeRefundSucceeded) // another event about the same refund
		b.settle(t, re, payment.OutcomeRefundFailed)    // and a late contradiction
		require.Equal(t, after, b.snapshot(t, o.ID), "a refund settles once")
		require.Equal(t, int64(1000), b.admin(t, o.ID).Refunded.Minor)
	})
	t.Run("fails: nothing refunded or restocked, the amount refundable again", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		_, re := b.refund(t, o, 1000, 1)
		before := b.snapshot(t, o.ID)
		b.settle(t, re, payment.OutcomeRefundFailed)
		a := b.admin(t, o.ID)
		require.Equal(t, order.RefundFailed, a.Refunds[0].Status)
		require.Equal(t, "The refund failed.", a.Refunds[0].FailureMessage)
		require.Zero(t, a.Refunded.Minor)
		require.Equal(t, total, a.Refundable.Minor)
		require.Equal(t, before, b.snapshot(t, o.ID))
		require.Equal(t, order.TimelineRefundFailed, a.Timeline[len(a.Timeline)-1].Kind)
	})
	t.Run("the rest of a shipped order: refunded", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := adminStates[order.StatusShipped](t, b)
		_, first := b.refund(t, o, 1000, 0)
		b.settle(t, first, payment.OutcomeRefundSucceeded)
		_, rest := b.refund(t, o, total-1000, 0)
		b.settle(t, rest, payment.OutcomeRefundSucceeded)
		a := b.admin(t, o.ID)
		require.Equal(t, order.StatusRefunded, a.Status)
		require.Equal(t, "refunded", a.PaymentState())
		require.Equal(t, payment.StatusRefunded, a.Payment.Status)
		require.Empty(t, a.Allowed, "nothing is left to do")
		_, _, err := b.orders.Refund(context.Background(), admin(), o.ID, order.RefundInput{Amount: 1})
		apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "refund_exceeds_refundable")
	})
	t.Run("a cancellation's refund: stays cancelled, refunded in full", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := adminStates[order.StatusCancelled](t, b)
		a := b.admin(t, o.ID)
		require.Len(t, a.Refunds, 1)
		re := b.send(t, o, a.Refunds[0].ID)
		b.settle(t, re, payment.OutcomeRefundSucceeded)
		a = b.admin(t, o.ID)
		require.Equal(t, order.StatusCancelled, a.Status)
		require.Equal(t, "refunded", a.PaymentState())
		require.Equal(t, int32(initialStock), b.snapshot(t, o.ID).Stock, "stock went back once, at the cancellation")
	})
	t.Run("an event that does not fit its refund is an anomaly", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		_, re := b.refund(t, o, 1000, 0)
		before := b.snapshot(t, o.ID)
		ev := b.provider.RefundEvent(re, payment.OutcomeRefundSucceeded)
		ev.Amount.Minor = 9999
		require.NoError(t, b.orders.ApplyEvent(context.Background(), ev))
		other := b.provider.RefundEvent(re, payment.OutcomeRefundSucceeded)
		other.RefundID = "5b0c3a44-0a43-4c5e-9d0b-1a6a3f3f3f3f"
		require.NoError(t, b.orders.ApplyEvent(context.Background(), other))
		a := b.admin(t, o.ID)
		require.Equal(t, order.RefundPending, a.Refunds[0].Status, "still waiting for a true answer")
		require.Zero(t, a.Refunded.Minor)
		require.Equal(t, before, b.snapshot(t, o.ID))
		var n int
		require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment_anomalies WHERE order_id = $1`, o.ID).Scan(&n))
		require.Equal(t, 2, n)
	})
	t.Run("the provider refuses for good: failed, and the job told to stop", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		_, r, err := b.orders.Refund(context.Background(), admin(), o.ID, order.RefundInput{Amount: 1000})
		require.NoError(t, err)
		b.provider.Fail(paymenttest.Refund, apperr.FailedPrecondition("payment_not_refundable", "This payment cannot be refunded."))
		err = b.orders.SendRefund(context.Background(), r.ID)
		apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "payment_not_refundable")
		a := b.admin(t, o.ID)
		require.Equal(t, order.RefundFailed, a.Refunds[0].Status)
		require.Equal(t, "This payment cannot be refunded.", a.Refunds[0].FailureMessage)
		require.Equal(t, total, a.Refundable.Minor)
	})
	t.Run("the provider cannot be reached: still pending, for the job to retry", func(t *testing.T) {
		t.Parallel()
		b := adminSetup(t)
		o := b.paidOrder(t)
		_, r, err := b.orders.Refund(context.Background(), admin(), o.ID, order.RefundInput{Amount: 1000})
		require.NoError(t, err)
		b.provider.Fail(paymenttest.Refund, apperr.Unavailable("payment_provider_unavailable", context.DeadlineExceeded))
		require.Error(t, b.orders.SendRefund(context.Background(), r.ID))
		require.Equal(t, order.RefundPending, b.admin(t, o.ID).Refunds[0].Status)
		b.provider.Fail(paymenttest.Refund, nil)
		re := b.send(t, o, r.ID)
		require.NoError(t, b.orders.SendRefund(context.Background(), r.ID), "a repeated job refunds once")
		require.Equal(t, int64(1000), b.provider.Refunded(ref(o)))
		b.settle(t, re, payment.OutcomeRefundSucceeded)
		require.Equal(t, int64(1000), b.admin(t, o.ID).Refunded.Minor)
	})
}

// TestReconcileRefunds: a refund whose event never came is settled from the provider's own
// answer once it is due, once; one still with the provider, or not yet sent, waits.
func TestReconcileRefunds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	later := func(c *order.Config) {
		c.TrackingURL = trackingURL
		c.Now = func() time.Time { return time.Now().Add(time.Hour) } // every refund is due
	}
	t.Run("succeeded at the provider, its event lost", func(t *testing.T) {
		t.Parallel()
		b := setup(t, nil, later)
		o := b.paidOrder(t)
		b.refund(t, o, 1000, 1)
		before := b.snapshot(t, o.ID)
		n, err := b.orders.ReconcileRefunds(ctx)
		require.NoError(t, err)
		require.EqualValues(t, 1, n)
		a := b.admin(t, o.ID)
		require.Equal(t, order.RefundSucceeded, a.Refunds[0].Status)
		require.Equal(t, int64(1000), a.Refunded.Minor)
		require.Equal(t, before.Stock+1, b.snapshot(t, o.ID).Stock)
		n, err = b.orders.ReconcileRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "settled once")
		require.Equal(t, int64(1000), b.admin(t, o.ID).Refunded.Minor)
	})
	t.Run("still pending at the provider, then failed", func(t *testing.T) {
		t.Parallel()
		b := setup(t, nil, later)
		o := b.paidOrder(t)
		b.provider.RefundAnswer(payment.RefundPending)
		_, re := b.refund(t, o, 1000, 0)
		n, err := b.orders.ReconcileRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, n)
		require.Equal(t, order.RefundPending, b.admin(t, o.ID).Refunds[0].Status)
		b.provider.SettleRefund(re, payment.RefundFailed, "The refund failed: the card was closed.")
		n, err = b.orders.ReconcileRefunds(ctx)
		require.NoError(t, err)
		require.EqualValues(t, 1, n)
		a := b.admin(t, o.ID)
		require.Equal(t, order.RefundFailed, a.Refunds[0].Status)
		require.Equal(t, "The refund failed: the card was closed.", a.Refunds[0].FailureMessage)
		require.Zero(t, a.Refunded.Minor)
	})
	t.Run("not sent yet, or not due: left alone", func(t *testing.T) {
		t.Parallel()
		b := setup(t, nil, later)
		o := b.paidOrder(t)
		_, _, err := b.orders.Refund(ctx, admin(), o.ID, order.RefundInput{Amount: 1000})
		require.NoError(t, err)
		n, err := b.orders.ReconcileRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "the job sends it first")
		require.Zero(t, b.provider.Calls(paymenttest.LookupRefund))

		fresh := setup(t, nil, func(c *order.Config) { c.TrackingURL = trackingURL })
		p := fresh.paidOrder(t)
		fresh.refund(t, p, 1000, 0)
		n, err = fresh.orders.ReconcileRefunds(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "a refund sent moments ago waits for its event")
	})
}
