package order_test

import (
	"context"
	"errors"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event/eventtest"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// webhookEvent is a webhook event in the outbox about one order.
type webhookEvent = eventtest.Event[order.EventOrder]

func webhookEvents(t *testing.T, pool *pgxpool.Pool, orderID string) []webhookEvent {
	t.Helper()
	return eventtest.Outbox[order.EventOrder](t, pool, orderID, nil)
}

// Each step of an order's life writes its webhook event in the step's own transaction, with the
// order as the step left it; a refused step writes none.
func TestWebhookEventsCommitWithTheChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := adminSetup(t)
	o := b.paidOrder(t)
	evs := webhookEvents(t, b.pool, o.ID)
	require.Equal(t, []string{"order.created", "order.paid"}, eventtest.Types(evs))
	created, paid := evs[0].Data, evs[1].Data
	require.Equal(t, "pending_payment", created.Status)
	require.Equal(t, "paid", paid.Status)
	require.Equal(t, o.Number, paid.Number)
	require.Equal(t, event.Money{Amount: o.Total.Minor, Currency: "GBP"}, paid.Total)
	require.Equal(t, o.Subtotal.Minor, paid.Subtotal.Amount)
	require.Len(t, paid.Lines, len(o.Lines))
	require.Equal(t, o.Lines[0].ProductID, paid.Lines[0].ProductID)
	require.Equal(t, o.Lines[0].Quantity, paid.Lines[0].Quantity)

	// Refused: before the transaction (a bad tracking number) and inside it (delivering an order
	// that has not shipped).
	_, err := b.orders.Ship(ctx, admin(), o.ID, "<bad>")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_tracking_number")
	_, err = b.orders.Deliver(ctx, admin(), o.ID)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_transition")
	require.Len(t, webhookEvents(t, b.pool, o.ID), 2, "a refused change announces nothing")

	_, err = b.orders.Ship(ctx, admin(), o.ID, "RM123456785GB")
	require.NoError(t, err)
	_, err = b.orders.Deliver(ctx, admin(), o.ID)
	require.NoError(t, err)
	evs = webhookEvents(t, b.pool, o.ID)
	require.Equal(t, []string{"order.created", "order.paid", "order.shipped", "order.delivered"}, eventtest.Types(evs))
	require.Equal(t, "shipped", evs[2].Data.Status)
	require.NotNil(t, evs[2].Data.Tracking)
	require.Equal(t, "RM123456785GB", evs[2].Data.Tracking.Number)

	// A refund is announced when the provider confirms it, with the refund.
	r, re := b.refund(t, o, 500, 0)
	require.Len(t, webhookEvents(t, b.pool, o.ID), 4, "not while the provider has not confirmed it")
	b.settle(t, re, payment.OutcomeRefundSucceeded)
	evs = webhookEvents(t, b.pool, o.ID)
	require.Equal(t, "order.refunded", evs[4].Type)
	require.NotNil(t, evs[4].Data.Refund)
	require.Equal(t, r.ID, evs[4].Data.Refund.ID)
	require.Equal(t, int64(500), evs[4].Data.Refund.Amount.Amount)
	require.Equal(t, int64(500), evs[4].Data.Refunded.Amount)

	// Each is what the API document (and so the SDKs' types) says an order event is.
	for _, e := range evs {
		eventtest.RequireDocumented(t, "atelier.webhooks.v1.OrderEvent", e.Raw)
	}
}

func TestWebhookEventsOfFailedAndCancelledPayments(t *testing.T) {
	t.Parallel()
	b := adminSetup(t)
	o := b.place(t, placement{})
	states["payment_failed"].reach(t, b, o)
	require.Equal(t, []string{"order.created", "order.payment_failed"}, eventtest.Types(webhookEvents(t, b.pool, o.ID)))

	p := b.paidOrder(t)
	_, err := b.orders.Cancel(context.Background(), admin(), p.ID, "out of stock")
	require.NoError(t, err)
	require.Equal(t, []string{"order.created", "order.paid", "order.cancelled"}, eventtest.Types(webhookEvents(t, b.pool, p.ID)))
}

// The event is part of the transaction: if it rolls back, there is no event.
func TestWebhookEventRollsBackWithItsTransaction(t *testing.T) {
	t.Parallel()
	b := adminSetup(t)
	o := b.place(t, placement{})
	boom := errors.New("the change failed after the event was written")
	err := db.WithTx(context.Background(), b.pool, func(tx pgx.Tx) error {
		if err := order.EmitEvent(context.Background(), tx, o.ID, event.OrderPaid, nil); err != nil {
			return err
		}
		return boom
	})
	require.ErrorIs(t, err, boom)
	require.Equal(t, []string{"order.created"}, eventtest.Types(webhookEvents(t, b.pool, o.ID)))
}
