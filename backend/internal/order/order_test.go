package order

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Statuses only move forward: nothing returns to awaiting payment or to payment failed, a refund
// is final, and the only way back from cancelled or failed is a payment that really arrived.
func TestTransitionsOnlyMoveForward(t *testing.T) {
	t.Parallel()
	for _, from := range Statuses() {
		require.False(t, CanMove(from, StatusPendingPayment), "%s → pending_payment", from)
		require.False(t, CanMove(from, from), "%s → itself", from)
		require.False(t, CanMove(StatusRefunded, from), "refunded → %s", from)
	}
	for _, to := range []Status{StatusPaymentFailed} {
		for _, from := range Statuses() {
			require.Equal(t, from == StatusPendingPayment, CanMove(from, to), "%s → %s", from, to)
		}
	}
	require.True(t, CanMove(StatusPendingPayment, StatusPaid))
	require.True(t, CanMove(StatusPaymentFailed, StatusPaid), "a retried payment that succeeded")
	require.True(t, CanMove(StatusCancelled, StatusPaid), "a payment made as the reservation lapsed")
	require.False(t, CanMove(StatusShipped, StatusCancelled))
	require.False(t, CanMove(StatusDelivered, StatusShipped))
}

func TestWasPaidReadsTheTimeline(t *testing.T) {
	t.Parallel()
	require.False(t, Order{History: []Change{{Status: StatusPendingPayment}, {Status: StatusCancelled}}}.wasPaid())
	require.True(t, Order{History: []Change{{Status: StatusPendingPayment}, {Status: StatusPaid}, {Status: StatusCancelled}}}.wasPaid())
}
