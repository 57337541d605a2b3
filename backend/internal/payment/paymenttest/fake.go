// Package paymenttest is a payment.Provider for the tests of the contexts that take payments
// (order, checkout). Its payments live in memory, so a test decides what the provider says —
// a payment that succeeded behind the shop's back, one still processing, one the provider never
// heard of, a provider that cannot be reached — without a network or Stripe's mock, while the
// shop's own data stays in real PostgreSQL.
package paymenttest

import (
	"context"
	"sync"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/google/uuid"
)

// Method names a Provider call, for Fail and Calls.
type Method string

// The methods a test can count or make fail.
const (
	Create Method = "create"
	Lookup Method = "lookup"
	Cancel Method = "cancel"
	Refund Method = "refund"
	// LookupRefund is a refund's look-up.
	LookupRefund Method = "lookup_refund"
)

// Fake is an in-memory provider in test mode. Like Stripe it is idempotent per order (Create
// returns the order's payment again), cancels only a payment that has not gone through (a
// succeeded or processing one is answered as it is, without an error), and refunds only a
// succeeded one, in parts or whole, once per idempotency key. It is safe for concurrent use.
type Fake struct {
	mu      sync.Mutex
	intents map[string]payment.Intent
	fail    map[Method]error
	calls   map[Method]int
	// refunds by idempotency key; refundRefs maps a refund's provider ref to its key.
	refunds      map[string]fakeRefund
	refundRefs   map[string]string
	refunded     map[string]int64
	refundAnswer payment.RefundStatus
}

// fakeRefund is a refund the fake made: the request, for repeats to be compared with, and its answer.
type fakeRefund struct {
	req    payment.RefundRequest
	result payment.RefundResult
}

// New returns an empty fake provider.
func New() *Fake {
	return &Fake{intents: map[string]payment.Intent{}, fail: map[Method]error{}, calls: map[Method]int{},
		refunds: map[string]fakeRefund{}, refundRefs: map[string]string{}, refunded: map[string]int64{}}
}

var _ payment.Provider = (*Fake)(nil)

// Mode implements payment.Provider.
func (f *Fake) Mode() payment.Mode { return payment.ModeTest }

// Live implements payment.Provider: the fake never takes real money.
func (f *Fake) Live() bool { return false }

// PublishableKey implements payment.Provider.
func (f *Fake) PublishableKey() string { return "" }

// begin counts a call and returns the error the test set for it.
func (f *Fake) begin(m Method) error {
	f.calls[m]++
	return f.fail[m]
}

// Create implements payment.Provider: the order's payment, made once.
func (f *Fake) Create(_ context.Context, in payment.NewIntent) (payment.Intent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.begin(Create); err != nil {
		return payment.Intent{}, err
	}
	ref := "pi_fake_" + in.OrderID
	if got, ok := f.intents[ref]; ok {
		return got, nil
	}
	got := payment.Intent{Ref: ref, ClientSecret: ref + "_secret", Status: payment.StatusRequiresPayment,
		Amount: in.Amount, OrderID: in.OrderID}
	f.intents[ref] = got
	return got, nil
}

// Lookup implements payment.Provider.
func (f *Fake) Lookup(_ context.Context, ref string) (payment.Intent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.begin(Lookup); err != nil {
		return payment.Intent{}, err
	}
	return f.find(ref)
}

// Cancel implements payment.Provider.
func (f *Fake) Cancel(_ context.Context, ref string) (payment.Intent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.begin(Cancel); err != nil {
		return payment.Intent{}, err
	}
	in, err := f.find(ref)
	if err != nil {
		return in, err
	}
	if in.Status == payment.StatusRequiresPayment || in.Status == payment.StatusFailed {
		in.Status = payment.StatusCanceled
		f.intents[ref] = in
	}
	return in, nil
}

// Refund implements payment.Provider as the test provider does: once per idempotency key (the
// key with another request is refused), only of a succeeded payment, never beyond what is left;
// the payment becomes refunded when nothing is. The answer has the status RefundAnswer set
// (succeeded unless told otherwise); no event is sent (see RefundEvent).
func (f *Fake) Refund(_ context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.begin(Refund); err != nil {
		return payment.RefundResult{}, err
	}
	if req.Amount.Minor <= 0 {
		return payment.RefundResult{}, apperr.Invalid("amount", "invalid_refund_amount", "A refund must be of a positive amount.")
	}
	if prior, ok := f.refunds[req.IdempotencyKey]; ok {
		if prior.req != req {
			return payment.RefundResult{}, apperr.Invalid("idempotency_key", "idempotency_key_reused",
				"This idempotency key was already used for another refund.")
		}
		return prior.result, nil
	}
	in, err := f.find(req.Ref)
	if err != nil {
		return payment.RefundResult{}, err
	}
	refunded := f.refunded[req.Ref]
	switch in.Status {
	case payment.StatusSucceeded:
	case payment.StatusRefunded:
		refunded = in.Amount.Minor
	default:
		return payment.RefundResult{}, apperr.FailedPrecondition("payment_not_refundable", "Only a succeeded payment can be refunded.")
	}
	if req.Amount.Minor > in.Amount.Minor-refunded {
		return payment.RefundResult{}, apperr.FailedPrecondition("refund_exceeds_payment",
			"A refund can be at most what is left of the payment to refund.")
	}
	f.refunded[req.Ref] = refunded + req.Amount.Minor
	if f.refunded[req.Ref] == in.Amount.Minor {
		in.Status = payment.StatusRefunded
		f.intents[req.Ref] = in
	}
	status := f.refundAnswer
	if status == "" {
		status = payment.RefundSucceeded
	}
	result := payment.RefundResult{ProviderRef: "re_fake_" + uuid.NewString(), Status: status, Amount: req.Amount, Live: in.Live}
	f.refunds[req.IdempotencyKey] = fakeRefund{req: req, result: result}
	f.refundRefs[result.ProviderRef] = req.IdempotencyKey
	return result, nil
}

// LookupRefund implements payment.Provider: the refund as the fake made it, in the status
// SettleRefund last gave it (its first answer's until then).
func (f *Fake) LookupRefund(_ context.Context, providerRef string) (payment.RefundResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.begin(LookupRefund); err != nil {
		return payment.RefundResult{}, err
	}
	key, ok := f.refundRefs[providerRef]
	if !ok {
		return payment.RefundResult{}, apperr.NotFound("refund_not_found", "This refund cannot be found.")
	}
	return f.refunds[key].result, nil
}

// SettleRefund moves a refund the fake made to status at the provider, without the shop being
// told (a lost event).
func (f *Fake) SettleRefund(providerRef string, status payment.RefundStatus, failure string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := f.refundRefs[providerRef]
	r := f.refunds[key]
	r.result.Status, r.result.FailureMessage = status, failure
	f.refunds[key] = r
}

// RefundAnswer sets the status later refunds answer with (payment.RefundPending, as Stripe's
// bank transfers do; payment.RefundFailed). The money counts as refunded at the fake either way.
func (f *Fake) RefundAnswer(status payment.RefundStatus) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refundAnswer = status
}

// Refunded is what has been refunded of the payment ref so far, in minor units.
func (f *Fake) Refunded(ref string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refunded[ref]
}

// RefundEvent is a verified event with a new id saying the refund providerRef (a RefundResult's)
// reached outcome (payment.OutcomeRefundSucceeded or payment.OutcomeRefundFailed), carrying what
// the refund was asked with. Zero-valued fields when the fake made no such refund.
func (f *Fake) RefundEvent(providerRef string, outcome payment.Outcome) payment.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.refunds[f.refundRefs[providerRef]]
	in := f.intents[r.req.Ref]
	ev := payment.Event{ID: "evt_fake_" + uuid.NewString(), Type: "refund.updated", Ref: r.req.Ref, Outcome: outcome,
		Amount: r.req.Amount, OrderID: r.req.OrderID, Live: in.Live, RefundID: r.req.RefundID, RefundRef: providerRef}
	if outcome == payment.OutcomeRefundFailed {
		ev.Type, ev.FailureMessage = "refund.failed", "The refund failed."
	}
	return ev
}

func (f *Fake) find(ref string) (payment.Intent, error) {
	in, ok := f.intents[ref]
	if !ok {
		return payment.Intent{}, apperr.NotFound("payment_not_found", "This payment cannot be found.")
	}
	return in, nil
}

// Set moves a payment at the provider (the shopper paid, the bank is clearing it…) without
// telling the shop: no event is sent.
func (f *Fake) Set(ref string, status payment.Status) {
	f.mu.Lock()
	defer f.mu.Unlock()
	in := f.intents[ref]
	in.Status = status
	f.intents[ref] = in
}

// Edit changes what the provider says about a payment (another amount, order or mode).
func (f *Fake) Edit(ref string, edit func(*payment.Intent)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	in := f.intents[ref]
	edit(&in)
	f.intents[ref] = in
}

// Intent is the payment as the provider has it now (zero when it has none).
func (f *Fake) Intent(ref string) payment.Intent {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.intents[ref]
}

// Fail makes every later call of m return err (nil: succeed again).
func (f *Fake) Fail(m Method, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail[m] = err
}

// Calls counts the calls of m so far, failed ones included.
func (f *Fake) Calls(m Method) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[m]
}

// Event is a verified event with a new id saying the payment ref reached outcome, carrying
// what the provider has about it (amount, order, mode), so it fits its order. It does not move
// the payment at the provider (see Set).
func (f *Fake) Event(ref string, outcome payment.Outcome) payment.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	in := f.intents[ref]
	// Ids unique across fakes: tests sharing a database must not see each other's as repeats.
	ev := payment.Event{ID: "evt_fake_" + uuid.NewString(), Type: "payment_intent." + string(outcome), Ref: ref,
		Outcome: outcome, Amount: in.Amount, OrderID: in.OrderID, Live: in.Live}
	if outcome == payment.OutcomeFailed {
		ev.Type, ev.FailureMessage = "payment_intent.payment_failed", "Your card was declined."
	}
	return ev
}
