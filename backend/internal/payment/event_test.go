package payment

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/stretchr/testify/require"
	"github.com/stripe/stripe-go/v85/webhook"
)

const hookSecret = "whsec_event_test"

// stripeEvent is an event body as Stripe sends it; object is the payment intent (or other
// object) under data.object, omitted when nil.
func stripeEvent(t *testing.T, id, typ string, object map[string]any) []byte {
	t.Helper()
	ev := map[string]any{"id": id, "object": "event", "api_version": "2020-08-27", "created": time.Now().Unix(),
		"livemode": false, "type": typ, "pending_webhooks": 1}
	if object != nil {
		ev["data"] = map[string]any{"object": object}
	}
	body, err := json.Marshal(ev)
	require.NoError(t, err)
	return body
}

// liveEvent is a payment_intent.succeeded event from Stripe's live mode.
func liveEvent(t *testing.T, id string, object map[string]any) []byte {
	t.Helper()
	var ev map[string]any
	require.NoError(t, json.Unmarshal(stripeEvent(t, id, "payment_intent.succeeded", object), &ev))
	ev["livemode"] = true
	body, err := json.Marshal(ev)
	require.NoError(t, err)
	return body
}

func paymentIntent(id string, lastError map[string]any) map[string]any {
	return map[string]any{"id": id, "object": "payment_intent", "amount": 4599, "currency": "gbp",
		"status": "requires_payment_method", "last_payment_error": lastError, "metadata": map[string]string{"order_id": "order-of-" + id}}
}

// refundObject is a Stripe Refund of £12.50 of the payment pi (none when empty) in status, with
// the shop's metadata.
func refundObject(id, pi, status string) map[string]any {
	r := map[string]any{"id": id, "object": "refund", "amount": 1250, "currency": "gbp", "status": status,
		"payment_intent": nil, "failure_reason": nil, "charge": "ch_1",
		"metadata": map[string]string{"order_id": "order-of-" + pi, "refund_id": "refund-" + id}}
	if pi != "" {
		r["payment_intent"] = pi
	}
	return r
}

func with(object map[string]any, key string, value any) map[string]any {
	out := maps.Clone(object)
	out[key] = value
	return out
}

// Stripe tells a refund's story under four types; the outcome follows the refund's status, so
// the same status means the same thing whichever type carries it.
func TestParseDecodesRefundEvents(t *testing.T) {
	t.Parallel()
	gbp1250 := money.GBP(1250)
	succeeded := func(id, typ string) Event {
		return Event{ID: id, Type: typ, Outcome: OutcomeRefundSucceeded, Ref: "pi_1", Amount: gbp1250, OrderID: "order-of-pi_1",
			RefundID: "refund-re_1", RefundRef: "re_1"}
	}
	failed := func(id, typ, message string) Event {
		ev := succeeded(id, typ)
		ev.Outcome, ev.FailureMessage = OutcomeRefundFailed, message
		return ev
	}
	ignored := func(id, typ string) Event { return Event{ID: id, Type: typ, Outcome: OutcomeIgnored} }
	type decoding struct {
		body []byte
		want Event
	}
	tests := map[string]decoding{}
	for _, typ := range []string{"refund.created", "refund.updated", "refund.failed", "charge.refund.updated"} {
		tests[typ+", succeeded"] = decoding{stripeEvent(t, "evt_s", typ, refundObject("re_1", "pi_1", "succeeded")), succeeded("evt_s", typ)}
		tests[typ+", failed"] = decoding{stripeEvent(t, "evt_f", typ, with(refundObject("re_1", "pi_1", "failed"), "failure_reason", "expired_or_canceled_card")),
			failed("evt_f", typ, "The refund failed: the card has expired or was cancelled.")}
		tests[typ+", canceled"] = decoding{stripeEvent(t, "evt_c", typ, refundObject("re_1", "pi_1", "canceled")), failed("evt_c", typ, "The refund was cancelled.")}
		for _, status := range []string{"pending", "requires_action"} {
			tests[typ+", "+status] = decoding{stripeEvent(t, "evt_p", typ, refundObject("re_1", "pi_1", status)), ignored("evt_p", typ)}
		}
	}
	more := map[string]decoding{
		"failed without a reason": {stripeEvent(t, "evt_1", "refund.failed", refundObject("re_1", "pi_1", "failed")),
			failed("evt_1", "refund.failed", "The refund failed.")},
		// Newer API versions may expand the payment intent; its id is all that is read.
		"payment intent expanded": {stripeEvent(t, "evt_2", "refund.updated",
			with(refundObject("re_1", "pi_1", "succeeded"), "payment_intent", map[string]any{"id": "pi_1", "object": "payment_intent", "amount": 4599})),
			succeeded("evt_2", "refund.updated")},
		// What the event says is read as it is, for the order context to compare with the order.
		"live, in dollars, without metadata": {func() []byte {
			var ev map[string]any
			require.NoError(t, json.Unmarshal(stripeEvent(t, "evt_3", "refund.updated",
				with(with(refundObject("re_1", "pi_1", "succeeded"), "currency", "usd"), "metadata", map[string]string{})), &ev))
			ev["livemode"] = true
			b, err := json.Marshal(ev)
			require.NoError(t, err)
			return b
		}(), Event{ID: "evt_3", Type: "refund.updated", Outcome: OutcomeRefundSucceeded, Ref: "pi_1",
			Amount: money.Money{Minor: 1250, Currency: "USD"}, Live: true, RefundRef: "re_1"}},
		// A refund of a bare charge, made outside the shop: no payment of ours to settle.
		"no payment intent": {stripeEvent(t, "evt_4", "refund.updated", refundObject("re_1", "", "succeeded")), ignored("evt_4", "refund.updated")},
		"an unknown status": {stripeEvent(t, "evt_5", "refund.updated", refundObject("re_1", "pi_1", "reversed")), ignored("evt_5", "refund.updated")},
		// Other refund-ish types are not refunds of ours to settle.
		"charge.refunded is ignored": {stripeEvent(t, "evt_6", "charge.refunded", map[string]any{"id": "ch_1", "object": "charge"}),
			ignored("evt_6", "charge.refunded")},
	}
	maps.Copy(tests, more)
	w := hooks(t)
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := w.Parse(tt.body, sign(hookSecret, tt.body, time.Now()))
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func hooks(t *testing.T) *Webhooks {
	t.Helper()
	w, err := NewWebhooks(hookSecret)
	require.NoError(t, err)
	return w
}

func TestParseDecodesEachEventType(t *testing.T) {
	t.Parallel()
	gbp4599 := money.Money{Minor: 4599, Currency: "GBP"}
	declined := map[string]any{"type": "card_error", "code": "card_declined", "message": "Your card was declined."}
	tests := map[string]struct {
		body []byte
		want Event
	}{
		"succeeded": {
			stripeEvent(t, "evt_1", "payment_intent.succeeded", paymentIntent("pi_1", nil)),
			Event{ID: "evt_1", Type: "payment_intent.succeeded", Ref: "pi_1", Amount: gbp4599, OrderID: "order-of-pi_1", Outcome: OutcomeSucceeded},
		},
		"failed with the provider's wording": {
			stripeEvent(t, "evt_2", "payment_intent.payment_failed", paymentIntent("pi_2", declined)),
			Event{ID: "evt_2", Type: "payment_intent.payment_failed", Ref: "pi_2", Amount: gbp4599, OrderID: "order-of-pi_2", Outcome: OutcomeFailed,
				FailureMessage: "Your card was declined."},
		},
		// A failure must always say something to the shopper, even when Stripe gives no message.
		"failed without a message": {
			stripeEvent(t, "evt_3", "payment_intent.payment_failed", paymentIntent("pi_3", nil)),
			Event{ID: "evt_3", Type: "payment_intent.payment_failed", Ref: "pi_3", Amount: gbp4599, OrderID: "order-of-pi_3", Outcome: OutcomeFailed,
				FailureMessage: "Payment failed. Please try again."},
		},
		"canceled": {
			stripeEvent(t, "evt_4", "payment_intent.canceled", paymentIntent("pi_4", nil)),
			Event{ID: "evt_4", Type: "payment_intent.canceled", Ref: "pi_4", Amount: gbp4599, OrderID: "order-of-pi_4", Outcome: OutcomeCanceled},
		},
		// Stripe sends every type an endpoint subscribes to; the others are acknowledged, and their
		// objects (a charge here, not a payment intent) are not read at all.
		// What the event says about the payment is read, to be checked against the order: a
		// live event, another currency, no order id.
		"succeeded, live, in dollars, without metadata": {
			liveEvent(t, "evt_7", map[string]any{"id": "pi_7", "object": "payment_intent", "amount": 1, "currency": "usd"}),
			Event{ID: "evt_7", Type: "payment_intent.succeeded", Ref: "pi_7", Amount: money.Money{Minor: 1, Currency: "USD"},
				Live: true, Outcome: OutcomeSucceeded},
		},
		"other types are ignored": {
			stripeEvent(t, "evt_5", "charge.succeeded", map[string]any{"id": "ch_5", "object": "charge"}),
			Event{ID: "evt_5", Type: "charge.succeeded", Outcome: OutcomeIgnored},
		},
		"other types are ignored even without data": {
			stripeEvent(t, "evt_6", "customer.created", nil),
			Event{ID: "evt_6", Type: "customer.created", Outcome: OutcomeIgnored},
		},
	}
	w := hooks(t)
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := w.Parse(tt.body, sign(hookSecret, tt.body, time.Now()))
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

// The package's sign helper must produce exactly Stripe's header, or test-mode events would
// verify here but Stripe's would not (or the other way round).
func TestSignIsStripesScheme(t *testing.T) {
	t.Parallel()
	body := stripeEvent(t, "evt_1", "payment_intent.succeeded", paymentIntent("pi_1", nil))
	at := time.Unix(1_800_000_000, 0)
	require.Equal(t, fmt.Sprintf("t=1800000000,v1=%x", webhook.ComputeSignature(at, body, hookSecret)), sign(hookSecret, body, at))

	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: hookSecret})
	got, err := hooks(t).Parse(signed.Payload, signed.Header)
	require.NoError(t, err, "a header made by stripe-go's own helper verifies")
	require.Equal(t, "pi_1", got.Ref)
}

func TestParseAcceptsWithinTolerance(t *testing.T) {
	t.Parallel()
	body := stripeEvent(t, "evt_1", "payment_intent.succeeded", paymentIntent("pi_1", nil))
	_, err := hooks(t).Parse(body, sign(hookSecret, body, time.Now().Add(-4*time.Minute)))
	require.NoError(t, err, "Stripe retries deliveries; a few minutes' delay is normal")
	_, err = hooks(t).Parse(body, sign(hookSecret, body, time.Now().Add(4*time.Minute)))
	require.NoError(t, err, "clocks drift: a signer a few minutes ahead is tolerated as much as one behind")
}

// While a secret is rolled, Stripe signs with the old and the new one: any matching v1 counts.
func TestParseAcceptsAnyOfSeveralSignatures(t *testing.T) {
	t.Parallel()
	body := stripeEvent(t, "evt_1", "payment_intent.succeeded", paymentIntent("pi_1", nil))
	now := time.Now()
	header := fmt.Sprintf("t=%d,v1=%x,v1=%x", now.Unix(), webhook.ComputeSignature(now, body, "whsec_old"),
		webhook.ComputeSignature(now, body, hookSecret))
	got, err := hooks(t).Parse(body, header)
	require.NoError(t, err)
	require.Equal(t, OutcomeSucceeded, got.Outcome)
}

func TestParseRefuses(t *testing.T) {
	t.Parallel()
	good := stripeEvent(t, "evt_1", "payment_intent.succeeded", paymentIntent("pi_1", nil))
	now := time.Now()
	tampered := bytes.Replace(good, []byte(`"pi_1"`), []byte(`"pi_2"`), 1)
	require.NotEqual(t, good, tampered)
	type refusal struct {
		body   []byte
		header string
		field  string
		reason string
	}
	tests := map[string]refusal{
		"no signature":                  {good, "", SignatureHeader, "signature_missing"},
		"another secret":                {good, sign("whsec_other", good, now), SignatureHeader, "signature_invalid"},
		"tampered body":                 {tampered, sign(hookSecret, good, now), SignatureHeader, "signature_invalid"},
		"garbage header":                {good, "garbage", SignatureHeader, "signature_invalid"},
		"timestamp not a number":        {good, "t=yesterday,v1=00", SignatureHeader, "signature_invalid"},
		"no v1 signature":               {good, fmt.Sprintf("t=%d,v0=%x", now.Unix(), webhook.ComputeSignature(now, good, hookSecret)), SignatureHeader, "signature_invalid"},
		"signature not hex":             {good, fmt.Sprintf("t=%d,v1=xyz", now.Unix()), SignatureHeader, "signature_invalid"},
		"signed with another timestamp": {good, fmt.Sprintf("t=%d,v1=%x", now.Unix(), webhook.ComputeSignature(now.Add(-time.Second), good, hookSecret)), SignatureHeader, "signature_invalid"},
		// A captured event replayed later: refused even though its signature is genuine.
		"older than five minutes": {good, sign(hookSecret, good, now.Add(-6*time.Minute)), SignatureHeader, "signature_expired"},
		// Dated ahead, a genuine signature would outlive the replay window by as much.
		"dated six minutes ahead": {good, sign(hookSecret, good, now.Add(6*time.Minute)), SignatureHeader, "signature_from_future"},
		"dated a year ahead":      {good, sign(hookSecret, good, now.AddDate(1, 0, 0)), SignatureHeader, "signature_from_future"},
	}
	// Each of these carries a genuine signature: verification passes, decoding must still refuse.
	for _, body := range []struct {
		name string
		body []byte
	}{
		{"malformed JSON", []byte(`{"id": "evt_1", "object": "event", "type": `)},
		{"not an event (a thin event notification)", []byte(`{"id": "evt_1", "object": "v2.core.event", "type": "payment_intent.succeeded"}`)},
		{"no id", stripeEvent(t, "", "payment_intent.succeeded", paymentIntent("pi_1", nil))},
		{"no type", stripeEvent(t, "evt_1", "", paymentIntent("pi_1", nil))},
		{"payment intent without data", stripeEvent(t, "evt_1", "payment_intent.succeeded", nil)},
		{"payment intent without data.object.id", stripeEvent(t, "evt_1", "payment_intent.payment_failed", map[string]any{"object": "payment_intent"})},
		{"payment intent with a non-string id", []byte(`{"id":"evt_1","object":"event","type":"payment_intent.canceled","data":{"object":{"id":42}}}`)},
		{"refund without data", stripeEvent(t, "evt_1", "refund.updated", nil)},
		{"refund without data.object.id", stripeEvent(t, "evt_1", "refund.failed", map[string]any{"object": "refund", "status": "failed"})},
		{"refund with a non-numeric amount", stripeEvent(t, "evt_1", "charge.refund.updated", with(refundObject("re_1", "pi_1", "succeeded"), "amount", "lots"))},
	} {
		tests["signed but "+body.name] = refusal{body.body, sign(hookSecret, body.body, now), "body", "event_malformed"}
	}
	w := hooks(t)
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := w.Parse(tt.body, tt.header)
			require.Error(t, err)
			require.Zero(t, got, "nothing is read from a refused event")
			ae := apperr.As(err)
			require.NotNil(t, ae, "classified, so the webhook answers 400 rather than 500: %v", err)
			require.Equal(t, apperr.KindInvalid, ae.Kind)
			require.Equal(t, tt.reason, ae.Reason)
			require.Equal(t, tt.field, ae.Field)
		})
	}
}

func TestNewWebhooksNeedsASecret(t *testing.T) {
	t.Parallel()
	_, err := NewWebhooks("")
	require.Error(t, err, "an empty secret would make every signature checkable by anyone")
	w, err := NewWebhooks(hookSecret)
	require.NoError(t, err)
	require.Equal(t, webhook.DefaultTolerance, w.tolerance)
	require.Equal(t, 5*time.Minute, w.tolerance)
}
