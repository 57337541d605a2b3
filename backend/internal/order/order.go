// Package order owns orders: what was bought, for how much, by whom and where it is in its life.
// An order's amounts are fixed when checkout places it and never recomputed; its status moves
// only forward (see CanMove), driven by verified payment events, the expiry of unpaid
// reservations and, later, the shop's fulfilment. Reading an order is allowed to the customer
// who placed it and to whoever holds its signed access token; to anyone else it does not exist.
package order

import (
	"slices"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
)

// Status is where an order is in its life (PRODUCT §4).
type Status string

// The statuses.
const (
	StatusPendingPayment Status = "pending_payment"
	StatusPaid           Status = "paid"
	StatusProcessing     Status = "processing"
	StatusShipped        Status = "shipped"
	StatusDelivered      Status = "delivered"
	StatusCancelled      Status = "cancelled"
	StatusRefunded       Status = "refunded"
	StatusPaymentFailed  Status = "payment_failed"
)

// transitions lists, for each status, the statuses an order may move to. Nothing moves back: a
// paid order never awaits payment again, and a late failure event cannot undo a payment. A
// payment that succeeds after its order failed or lapsed (the shopper retried the same payment,
// or paid at the last second) moves the order to paid when its stock can be taken again, or to
// refunded when it cannot: money is never kept for goods the shop no longer holds.
var transitions = map[Status][]Status{
	StatusPendingPayment: {StatusPaid, StatusPaymentFailed, StatusCancelled},
	StatusPaymentFailed:  {StatusPaid, StatusCancelled, StatusRefunded},
	StatusCancelled:      {StatusPaid, StatusRefunded},
	StatusPaid:           {StatusProcessing, StatusShipped, StatusCancelled, StatusRefunded},
	StatusProcessing:     {StatusShipped, StatusCancelled, StatusRefunded},
	StatusShipped:        {StatusDelivered, StatusRefunded},
	StatusDelivered:      {StatusRefunded},
	StatusRefunded:       nil,
}

// CanMove reports whether an order may go from one status to another.
func CanMove(from, to Status) bool { return slices.Contains(transitions[from], to) }

// Statuses lists every status.
func Statuses() []Status {
	return []Status{StatusPendingPayment, StatusPaid, StatusProcessing, StatusShipped, StatusDelivered,
		StatusCancelled, StatusRefunded, StatusPaymentFailed}
}

// Address is a postal address as an order keeps it.
type Address struct {
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	Line1       string `json:"address_line1"`
	Line2       string `json:"address_line2,omitempty"`
	City        string `json:"city"`
	Region      string `json:"region,omitempty"`
	Postcode    string `json:"postcode"`
	CountryCode string `json:"country_code"`
}

// Line is one product of an order, as it was sold.
type Line struct {
	ProductID string
	Name      string
	SKU       string
	Quantity  int32
	UnitPrice money.Money
	LineTotal money.Money
	VAT       money.Money // the VAT part of LineTotal
	// Slug and Image describe the product as the catalogue shows it now, for links and
	// thumbnails; empty when it is no longer visible. Filled by Get and List.
	Slug  string
	Image *catalog.Image
}

// Delivery is the delivery option the order was placed with and what it cost this order.
type Delivery struct {
	Code     string
	Name     string
	Carrier  string
	Estimate string
	Price    money.Money
}

// Change is one step of an order's timeline.
type Change struct {
	Status Status
	At     time.Time
	// Reason says why, for the back office ("payment_intent.succeeded evt_…", "shipped").
	Reason string
	// Actor is the admin who made the change; empty for the payment provider's events and the
	// shop's own jobs.
	Actor revision.Actor
}

// Tracking is where a shipped order's parcel is: its carrier, the carrier's number for it and
// the carrier's tracking page. Empty until the order ships.
type Tracking struct {
	Carrier string
	Number  string
	URL     string
}

// RefundStatus is where a refund is: asked of the provider, then settled by its event.
type RefundStatus string

// The refund statuses.
const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

// Refund is money an admin returned (or is returning) to the shopper: the order counts it as
// refunded only once the provider's verified event says it succeeded.
type Refund struct {
	ID     string
	Amount money.Money
	Reason string
	// Restock is the units put back in stock when the refund succeeds.
	Restock         []RestockLine
	ForCancellation bool
	Status          RefundStatus
	ProviderRef     string
	FailureMessage  string
	Actor           revision.Actor
	CreatedAt       time.Time
	SettledAt       *time.Time
}

// RestockLine is a number of units of one of the order's products to put back in stock.
type RestockLine struct {
	ProductID string `json:"product_id"`
	Quantity  int32  `json:"quantity"`
}

// Email is an e-mail the shop sent about an order (confirmation, shipping notice…).
type Email struct {
	Kind   string // the job's kind, e.g. "email.order_shipped"
	SentAt time.Time
}

// Order is a placed order.
type Order struct {
	ID                string
	Number            string
	AccountID         string // empty for a guest
	Email             string
	Status            Status
	CartID            string
	Shipping          Address
	Billing           *Address // nil when it is the shipping address
	RequiresSignature bool
	Delivery          Delivery
	Lines             []Line
	Subtotal          money.Money
	VAT               money.Money
	Total             money.Money
	History           []Change
	CreatedAt         time.Time
	ExpiresAt         time.Time
	PaymentError      string
	// SupersededBy is the order that replaced this one when the shopper checked out again from
	// the same cart; empty otherwise. A payment that still succeeds for it is refunded.
	SupersededBy string
	// Tracking is set when the order ships.
	Tracking Tracking
	// Refunded is what the provider has confirmed returning, summed over Refunds.
	Refunded money.Money
	// Refunds and Emails are read by the admin's GetOrder only (nil elsewhere).
	Refunds []Refund
	Emails  []Email
}

// wasPaid reports whether the order has ever been paid (its timeline has the step).
func (o Order) wasPaid() bool {
	_, paid := reachedAt(o, StatusPaid)
	return paid
}

// ItemCount is the number of units across the lines.
func (o Order) ItemCount() int32 {
	var n int32
	for _, l := range o.Lines {
		n += l.Quantity
	}
	return n
}

// BillingAddress is where the order is billed: the billing address, else the shipping address.
func (o Order) BillingAddress() Address {
	if o.Billing != nil {
		return *o.Billing
	}
	return o.Shipping
}
