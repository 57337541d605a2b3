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
	"strconv"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
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

// Provider is a payment service. Every call that changes something is idempotent — keyed by our
// order id, or for refunds by the caller's idempotency key — so a retried call never charges or
// refunds twice.
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
	// Refund returns part or all of a succeeded payment: never more than its amount less what
	// was refunded before. The same idempotency key is one refund however often it is sent (a
	// retried job, a double click), and the same key with another request is refused. The answer
	// is the provider's word at the time; the order counts the money as returned only when a
	// verified refund event confirms it (OutcomeRefundSucceeded), as payments are paid only by
	// events. Refusals: a non-positive amount is invalid (invalid_refund_amount); more than is
	// left, including anything of a payment refunded in full, is refund_exceeds_payment; a
	// payment that has not succeeded is payment_not_refundable; the key reused for another
	// request is invalid (idempotency_key_reused); an unknown payment is payment_not_found; a
	// provider that cannot be reached is unavailable.
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
	// LookupRefund asks the provider where a refund is (reconciliation: its event may never
	// come). NotFound when the provider does not know it.
	LookupRefund(ctx context.Context, providerRef string) (RefundResult, error)
}

// RefundStatus is where a provider's refund is.
type RefundStatus string

// The refund statuses (Stripe's pending and requires_action are both pending to the shop; its
// canceled is failed: no money went back).
const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

// RefundRequest is what a provider needs to refund a payment.
type RefundRequest struct {
	// Ref is the payment (Stripe's PaymentIntent id) to refund.
	Ref string
	// OrderID is sent as the refund's metadata order_id, and comes back in its events.
	OrderID string
	// RefundID is the shop's id for the refund (order_refunds.id), sent as metadata refund_id so
	// its events name it; empty for whole-payment refunds of lapsed orders, which have no row.
	RefundID string
	// Amount is what to return, > 0, in the payment's currency.
	Amount money.Money
	// IdempotencyKey makes the request one refund however often it is sent.
	IdempotencyKey string
}

// RefundResult is the provider's answer to a refund request.
type RefundResult struct {
	// ProviderRef is the provider's id for the refund, e.g. "re_…".
	ProviderRef string
	Status      RefundStatus
	// FailureMessage says why a failed refund failed, for admins.
	FailureMessage string
	// Amount and Live are what the provider says about the refund (a look-up's answer), to be
	// checked against the refund asked for like an event's.
	Amount money.Money
	Live   bool
}

// checkRefund validates a refund request before any provider is asked: a positive amount and a
// key to make it idempotent. The payment's own limits are the provider's to check.
func checkRefund(req RefundRequest) error {
	if req.Amount.Minor <= 0 {
		return apperr.Invalid("amount", "invalid_refund_amount", "A refund must be of a positive amount.")
	}
	if req.IdempotencyKey == "" {
		return apperr.Invalid("idempotency_key", "idempotency_key_required", "A refund needs an idempotency key.")
	}
	if req.Ref == "" {
		return apperr.NotFound("payment_not_found", "This payment cannot be found.")
	}
	return nil
}

// refundable is what is left to refund of a payment of captured minor units of which refunded
// have already gone back; never negative, even for a record that is somehow out of bounds.
func refundable(captured, refunded int64) int64 {
	if refunded < 0 {
		refunded = 0
	}
	if captured <= refunded {
		return 0
	}
	return captured - refunded
}

// checkRefundAmount refuses a refund of amount from a payment of captured minor units of which
// refunded have already gone back, when it is not positive or more than what is left. Accepted
// amounts therefore never sum to more than was captured.
func checkRefundAmount(captured, refunded, amount int64) error {
	if amount <= 0 {
		return apperr.Invalid("amount", "invalid_refund_amount", "A refund must be of a positive amount.")
	}
	if left := refundable(captured, refunded); amount > left {
		return apperr.FailedPrecondition("refund_exceeds_payment",
			"A refund can be at most what is left of the payment to refund.").With("refundable_minor", strconv.FormatInt(left, 10))
	}
	return nil
}
