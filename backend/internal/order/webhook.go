package order

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// EventOrder is the data of the order.* webhook events: the order as a partner's system needs it
// (fulfilment, accounting), read in the transaction that changed it, so the event says what the
// change made of the order. Amounts are in pence with their currency.
type EventOrder struct {
	ID        string       `json:"id"`
	Number    string       `json:"number"`
	Status    string       `json:"status"`
	Email     string       `json:"email"`
	Subtotal  event.Money  `json:"subtotal"`
	Delivery  event.Money  `json:"delivery"`
	VAT       event.Money  `json:"vat"`
	Total     event.Money  `json:"total"`
	Refunded  event.Money  `json:"refunded"`
	Lines     []EventLine  `json:"lines"`
	Tracking  *EventTrack  `json:"tracking,omitempty"`
	Refund    *EventRefund `json:"refund,omitempty"`
	CreatedAt time.Time    `json:"created_at"`
}

// EventLine is one line of an EventOrder.
type EventLine struct {
	ProductID string      `json:"product_id"`
	SKU       string      `json:"sku"`
	Name      string      `json:"name"`
	Quantity  int32       `json:"quantity"`
	UnitPrice event.Money `json:"unit_price"`
	LineTotal event.Money `json:"line_total"`
}

// EventTrack is a shipped order's tracking.
type EventTrack struct {
	Carrier string `json:"carrier"`
	Number  string `json:"number"`
	URL     string `json:"url"`
}

// EventRefund is the refund an order.refunded event is about (absent for a whole late payment
// returned).
type EventRefund struct {
	ID     string      `json:"id"`
	Amount event.Money `json:"amount"`
}

// statusEvents are the webhook events a status change announces. order.cancelled covers every
// cancellation: an admin's, and an unpaid order that lapsed or that a newer checkout of the same
// cart replaced. Refunds are announced where the
// money is confirmed returned (settleRefund, and a late payment sent back) rather than here, so a
// partial refund is announced too and a full one only once.
var statusEvents = map[Status]event.Type{
	StatusPaid:          event.OrderPaid,
	StatusPaymentFailed: event.OrderPaymentFailed,
	StatusShipped:       event.OrderShipped,
	StatusDelivered:     event.OrderDelivered,
	StatusCancelled:     event.OrderCancelled,
}

// emitEvent writes the webhook event t about order id to the outbox in tx.
func emitEvent(ctx context.Context, tx pgx.Tx, id string, t event.Type, refund *EventRefund) error {
	o, err := readEventOrder(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("order.emitEvent: %s: %w", t, err)
	}
	o.Refund = refund
	if _, err := event.Emit(ctx, tx, t, time.Now(), o); err != nil {
		return fmt.Errorf("order.emitEvent: %w", err)
	}
	return nil
}
