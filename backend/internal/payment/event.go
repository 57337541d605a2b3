package payment

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Outcome is what a verified event means for an order.
type Outcome string

// The outcomes. Events of other types are acknowledged and ignored.
const (
	OutcomeSucceeded Outcome = "succeeded"
	OutcomeFailed    Outcome = "failed"
	OutcomeCanceled  Outcome = "canceled"
	OutcomeIgnored   Outcome = "ignored"
	// OutcomeRefundSucceeded: a refund returned its money (Stripe's refund status succeeded).
	OutcomeRefundSucceeded Outcome = "refund_succeeded"
	// OutcomeRefundFailed: a refund will return nothing (Stripe's failed or canceled).
	OutcomeRefundFailed Outcome = "refund_failed"
)

// Event is a verified payment event, reduced to what orders need.
type Event struct {
	// ID is the provider's event id; an id seen before is a repeat and changes nothing.
	ID   string
	Type string
	// Ref is the payment the event is about.
	Ref     string
	Outcome Outcome
	// FailureMessage is the provider's wording of a failure, e.g. "Your card was declined.".
	FailureMessage string
	// Amount, OrderID and Live are what the event says about the payment: its amount and
	// currency, the order id in its metadata, and whether it is live. The signature proves only
	// that the provider sent them; the order context compares them with the order before
	// anything changes.
	//
	// For refund events Ref is the refunded payment, Amount the refund's own amount, OrderID its
	// metadata order_id, and FailureMessage why a failed refund failed.
	Amount  money.Money
	OrderID string
	Live    bool
	// RefundID is the shop's id for the refund (its metadata refund_id), empty for a refund the
	// shop made without one, or outside the shop; RefundRef is the provider's (Stripe's re_…).
	// Both are empty for payment events.
	RefundID  string
	RefundRef string
}

// SignatureHeader is the HTTP header that carries an event's signature.
const SignatureHeader = "Stripe-Signature"

// MaxEventBytes bounds an event body; Stripe's payment_intent events are a few KiB.
const MaxEventBytes = 256 << 10

// Webhooks verifies events signed with one secret (Stripe's whsec_… for the Stripe provider, a
// key of the shop's own for the test provider) in Stripe's scheme: an HMAC-SHA256 of the
// timestamp and the raw body, refused when older than five minutes so a captured event cannot be
// replayed later, and refused when dated more than five minutes ahead: such a signature was made
// by a clock that is wrong (or on purpose, to outlive the replay window).
type Webhooks struct {
	secret    string
	tolerance time.Duration
	now       func() time.Time
}

// NewWebhooks returns a verifier for secret.
func NewWebhooks(secret string) (*Webhooks, error) {
	if secret == "" {
		return nil, errors.New("payment.NewWebhooks: a signing secret is required")
	}
	return &Webhooks{secret: secret, tolerance: webhook.DefaultTolerance, now: time.Now}, nil
}

// Parse verifies the signature over the raw body and decodes the event. Anything unsigned, signed
// with another secret, too old or malformed is refused as invalid (HTTP 400), before anything is
// read from it.
func (w *Webhooks) Parse(body []byte, signature string) (Event, error) {
	if signature == "" {
		return Event{}, apperr.Invalid(SignatureHeader, "signature_missing", "the event is not signed")
	}
	// The event's API version is not checked: only id, type and the payment intent's id, status
	// and error are read, and those are stable across Stripe's versions.
	se, err := webhook.ConstructEventWithOptions(body, signature, w.secret,
		webhook.ConstructEventOptions{Tolerance: w.tolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		switch {
		case errors.Is(err, webhook.ErrTooOld):
			return Event{}, apperr.Invalid(SignatureHeader, "signature_expired", "the event's signature is too old")
		case errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrInvalidHeader), errors.Is(err, webhook.ErrNotSigned):
			return Event{}, apperr.Invalid(SignatureHeader, "signature_invalid", "the event's signature is not valid")
		}
		return Event{}, apperr.Invalid("body", "event_malformed", "the event cannot be read")
	}
	// stripe-go refuses only signatures that are too old; one from the future would otherwise
	// stay valid for as long as its date is ahead, defeating the replay window.
	if at, ok := signedAt(signature); !ok || at.After(w.now().Add(w.tolerance)) {
		return Event{}, apperr.Invalid(SignatureHeader, "signature_from_future", "the event's signature is dated in the future")
	}
	return decodeEvent(se)
}

// signedAt reads the timestamp of a Stripe-Signature header ("t=…,v1=…").
func signedAt(header string) (time.Time, bool) {
	for part := range strings.SplitSeq(header, ",") {
		if v, ok := strings.CutPrefix(part, "t="); ok {
			sec, err := strconv.ParseInt(v, 10, 64)
			return time.Unix(sec, 0), err == nil
		}
	}
	return time.Time{}, false
}

func decodeEvent(se stripe.Event) (Event, error) {
	if se.ID == "" || se.Type == "" {
		return Event{}, apperr.Invalid("body", "event_malformed", "the event has no id or type")
	}
	ev := Event{ID: se.ID, Type: string(se.Type), Outcome: OutcomeIgnored, Live: se.Livemode}
	switch se.Type {
	case "payment_intent.succeeded":
		ev.Outcome = OutcomeSucceeded
	case "payment_intent.payment_failed":
		ev.Outcome = OutcomeFailed
	case "payment_intent.canceled":
		ev.Outcome = OutcomeCanceled
	case "refund.created", "refund.updated", "refund.failed", "charge.refund.updated":
		return decodeRefundEvent(se, ev)
	default:
		return ev, nil
	}
	if se.Data == nil {
		return Event{}, apperr.Invalid("body", "event_malformed", "the event has no data")
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(se.Data.Raw, &pi); err != nil || pi.ID == "" {
		return Event{}, apperr.Invalid("body", "event_malformed", "the event's payment intent cannot be read")
	}
	ev.Ref = pi.ID
	ev.Amount = money.Money{Minor: pi.Amount, Currency: strings.ToUpper(string(pi.Currency))}
	ev.OrderID = pi.Metadata["order_id"]
	if pi.LastPaymentError != nil {
		ev.FailureMessage = pi.LastPaymentError.Msg
	}
	if ev.Outcome == OutcomeFailed && ev.FailureMessage == "" {
		ev.FailureMessage = "Payment failed. Please try again."
	}
	return ev, nil
}

// decodeRefundEvent reads a refund event, whose data.object is a Refund. Stripe announces a
// refund's every step under several types (refund.created when made, refund.updated and
// charge.refund.updated as it moves, refund.failed when it fails), so the outcome follows the
// refund's status, not the event's type: a pending refund changes nothing yet.
func decodeRefundEvent(se stripe.Event, ev Event) (Event, error) {
	if se.Data == nil {
		return Event{}, apperr.Invalid("body", "event_malformed", "the event has no data")
	}
	var re stripe.Refund
	if err := json.Unmarshal(se.Data.Raw, &re); err != nil || re.ID == "" {
		return Event{}, apperr.Invalid("body", "event_malformed", "the event's refund cannot be read")
	}
	// A refund of a bare charge (made outside the shop, in Stripe's dashboard on an old charge)
	// has no payment intent: it is no refund of the shop's.
	if re.PaymentIntent == nil || re.PaymentIntent.ID == "" {
		return ev, nil
	}
	switch re.Status {
	case stripe.RefundStatusSucceeded:
		ev.Outcome = OutcomeRefundSucceeded
	case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
		ev.Outcome = OutcomeRefundFailed
		ev.FailureMessage = refundFailure(re.Status, re.FailureReason)
	default:
		// pending, requires_action: the money has not moved yet; a later event will say.
		return ev, nil
	}
	ev.Ref = re.PaymentIntent.ID
	ev.RefundRef = re.ID
	ev.Amount = money.Money{Minor: re.Amount, Currency: strings.ToUpper(string(re.Currency))}
	ev.OrderID = re.Metadata["order_id"]
	ev.RefundID = re.Metadata["refund_id"]
	return ev, nil
}

// refundFailure words why a refund failed, for the admin who asked for it.
func refundFailure(status stripe.RefundStatus, reason stripe.RefundFailureReason) string {
	if status == stripe.RefundStatusCanceled {
		return "The refund was cancelled."
	}
	switch reason {
	case stripe.RefundFailureReasonExpiredOrCanceledCard:
		return "The refund failed: the card has expired or was cancelled."
	case stripe.RefundFailureReasonLostOrStolenCard:
		return "The refund failed: the card was reported lost or stolen."
	}
	return "The refund failed."
}

// sign makes the Stripe-Signature header for body, as Stripe does: the test provider's events
// are signed exactly like Stripe's, so they take the same path.
func sign(secret string, body []byte, at time.Time) string {
	return fmt.Sprintf("t=%d,v1=%x", at.Unix(), webhook.ComputeSignature(at, body, secret))
}
