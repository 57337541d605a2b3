// Package payment takes card payments through a Provider: Stripe's PaymentIntents when keys are
// configured, and a test provider otherwise (development, tests, demos). Both speak the same
// language of signed events, verified here, so one webhook path changes orders whichever
// provider runs, and an order is paid only because a verified event said so — never because a
// browser did.
//
// Only this package knows Stripe. It owns the payments table (one payment per order), the
// record of applied events, and the test provider's intents.
package payment

import (
	"context"

	"github.com/atelier-commerce/atelier/backend/internal/money"
)

// Mode names the provider that takes cards.
type Mode string

// The modes.
const (
	ModeStripe Mode = "stripe"
	ModeTest   Mode = "test"
)

// Status is where a provider's payment is.
type Status string

// The statuses, a subset of Stripe's PaymentIntent statuses that matter to an order.
const (
	// StatusRequiresPayment: created, waiting for the shopper's card (or retrying after a decline).
	StatusRequiresPayment Status = "requires_payment"
	StatusProcessing      Status = "processing"
	StatusSucceeded       Status = "succeeded"
	// StatusFailed: the last attempt failed (our status; Stripe goes back to requires_payment_method).
	StatusFailed   Status = "failed"
	StatusCanceled Status = "canceled"
	StatusRefunded Status = "refunded"
)

// Intent is a provider's payment for one order.
type Intent struct {
	// Ref is the provider's id for it, e.g. "pi_…".
	Ref string
	// ClientSecret lets a browser confirm this payment and nothing else.
	ClientSecret string
	Status       Status
	Amount       money.Money
	// FailureMessage is the last failure as the provider words it, for shoppers.
	FailureMessage string
	// OrderID is the order the provider says the payment is for (the metadata we gave it).
	OrderID string
	// Live is the provider's live mode flag: true only for real money.
	Live bool
}

// NewIntent is what a provider needs to create a payment.
type NewIntent struct {
	OrderID     string
	OrderNumber string
	Email       string
	Amount      money.Money
}

// Provider is a payment service. Every call that changes something is idempotent, keyed by our
// order id, so a retried call never charges or refunds twice.
type Provider interface {
	Mode() Mode
	// Live reports whether the provider takes real money (Stripe's live keys). Every payment and
	// event the shop accepts must be in this mode: a live event on a test shop, or a test one on
	// a live shop, is an anomaly, never a payment.
	Live() bool
	// PublishableKey is the key a browser may hold (Stripe's pk_…); empty in test mode.
	PublishableKey() string
	// Create makes the order's payment, or returns the one already made for it.
	Create(ctx context.Context, in NewIntent) (Intent, error)
	// Lookup asks the provider where a payment is (reconciliation: an event may never come).
	Lookup(ctx context.Context, ref string) (Intent, error)
	// Cancel stops a payment from ever succeeding. A payment that has already succeeded cannot be
	// cancelled: the answer then has StatusSucceeded and no error, and the caller must honour it.
	Cancel(ctx context.Context, ref string) (Intent, error)
	// Refund returns a succeeded payment in full.
	Refund(ctx context.Context, ref, orderID string) error
}
