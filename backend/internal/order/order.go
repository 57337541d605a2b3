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
}

// wasPaid reports whether the order has ever been paid (its timeline has the step).
func (o Order) wasPaid() bool {
	for _, c := range o.History {
		if c.Status == StatusPaid {
			return true
		}
	}
	return false
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
