// Package event is how a domain context announces a change to the shop's webhook endpoints: the
// event types partners can subscribe to, and Emit, which writes the event to the outbox in the
// context's own transaction (so a change that rolls back announces nothing, and one that commits
// is announced even if the process dies straight after). The webhook package fans it out.
//
// It is apart from package webhook so that the contexts (order, catalog) depend only on this and
// db, not on the delivery machinery.
package event

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// Type is an event type, as partners subscribe to it and read it in the payload's "type".
type Type string

// The event types.
const (
	OrderCreated       Type = "order.created"
	OrderPaid          Type = "order.paid"
	OrderPaymentFailed Type = "order.payment_failed"
	OrderShipped       Type = "order.shipped"
	OrderDelivered     Type = "order.delivered"
	OrderCancelled     Type = "order.cancelled"
	OrderRefunded      Type = "order.refunded"
	ProductCreated     Type = "product.created"
	ProductUpdated     Type = "product.updated"
	ProductArchived    Type = "product.archived"
	StockLow           Type = "stock.low"
)

// Types lists every event type, in the order the API documents them.
func Types() []Type {
	return []Type{OrderCreated, OrderPaid, OrderPaymentFailed, OrderShipped, OrderDelivered, OrderCancelled,
		OrderRefunded, ProductCreated, ProductUpdated, ProductArchived, StockLow}
}

// Known reports whether t is an event type.
func Known(t Type) bool { return slices.Contains(Types(), t) }

// Topic is the outbox topic of every webhook event; the relay routes it to the fan-out job.
const Topic = "webhook.event"

// Payload is an event as it is sent (the Standard Webhooks payload shape): the body is these
// three fields, and its id (webhook-id) is the outbox row's.
type Payload struct {
	Type      Type      `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

// Money is an amount as events carry it, in the API's own shape (atelier.type.v1.Money as REST
// answers it): the ISO currency and the amount in minor units (pence), an int64 as a string.
type Money struct {
	Currency string `json:"currency_code"`
	Amount   int64  `json:"minor_units,string"`
}

// Emit writes an event of type t with data (the changed object as a partner needs it) to the
// outbox in tx, and returns its id. now is the change's time (the payload's timestamp).
func Emit(ctx context.Context, tx pgx.Tx, t Type, now time.Time, data any) (string, error) {
	if !Known(t) {
		return "", fmt.Errorf("event.Emit: unknown event type %q", t)
	}
	id, err := db.Emit(ctx, tx, Topic, Payload{Type: t, Timestamp: now.UTC().Truncate(time.Millisecond), Data: data})
	if err != nil {
		return "", fmt.Errorf("event.Emit: %w", err)
	}
	return id, nil
}
