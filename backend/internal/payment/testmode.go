package payment

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v85"
)

// The test cards (Stripe's own test numbers).
const (
	TestCardSucceeds = "4242424242424242"
	TestCardDeclined = "4000000000000002"
)

// DeliverFunc hands a signed event to the webhook path, exactly as an HTTP delivery would.
type DeliverFunc func(ctx context.Context, body []byte, signature string) error

// TestProvider is the Provider used when no Stripe keys are configured. Its payments live in
// test_payment_intents, standing in for Stripe's records. A test card is confirmed through
// Confirm, which — like Stripe — does not touch the order: it signs an event in Stripe's format
// and delivers it to the webhook path, which verifies it like any other.
type TestProvider struct {
	pool    *pgxpool.Pool
	key     []byte
	secret  string
	deliver DeliverFunc
	now     func() time.Time
}

// NewTestProvider returns the test provider. key (the shop's signing key) derives the payments'
// ids and client secrets and the webhook secret its events are signed with.
func NewTestProvider(pool *pgxpool.Pool, key []byte) *TestProvider {
	t := &TestProvider{pool: pool, key: key, now: time.Now}
	t.secret = "whsec_test_" + t.mac("webhook-secret")
	return t
}

// WebhookSecret is the secret the test provider signs its events with; the webhook path
// verifies test events with it. It never leaves the server.
func (t *TestProvider) WebhookSecret() string { return t.secret }

// DeliverTo sets where confirmed payments' events go: the webhook path.
func (t *TestProvider) DeliverTo(deliver DeliverFunc) { t.deliver = deliver }

func (t *TestProvider) mac(s string) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(s))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// Mode implements Provider.
func (t *TestProvider) Mode() Mode { return ModeTest }

// Live implements Provider: the test mode never takes real money.
func (t *TestProvider) Live() bool { return false }

// PublishableKey implements Provider: the test mode has none.
func (t *TestProvider) PublishableKey() string { return "" }

// Create implements Provider. The payment's id is derived from the order id, so creating it again
// returns the same payment.
func (t *TestProvider) Create(ctx context.Context, in NewIntent) (Intent, error) {
	ref := "pi_test_" + t.mac("intent:"+in.OrderID)
	if err := insertTestIntent(ctx, t.pool, ref, in); err != nil {
		return Intent{}, fmt.Errorf("payment.TestProvider.Create: %w", err)
	}
	return t.Lookup(ctx, ref)
}

func (t *TestProvider) clientSecret(ref string) string {
	return ref + "_secret_" + t.mac("secret:"+ref)
}

// Lookup implements Provider.
func (t *TestProvider) Lookup(ctx context.Context, ref string) (Intent, error) {
	in, _, err := t.read(ctx, t.pool, ref, false)
	return in, err
}

func (t *TestProvider) read(ctx context.Context, q querier, ref string, lock bool) (Intent, string, error) {
	in, err := readTestIntent(ctx, q, ref, lock)
	if errors.Is(err, pgx.ErrNoRows) {
		return Intent{}, "", apperr.NotFound("payment_not_found", "This payment cannot be found.")
	}
	if err != nil {
		return Intent{}, "", fmt.Errorf("payment.TestProvider: read %s: %w", ref, err)
	}
	in.Ref, in.ClientSecret = ref, t.clientSecret(ref)
	return in, in.OrderID, nil
}

// Cancel implements Provider.
func (t *TestProvider) Cancel(ctx context.Context, ref string) (Intent, error) {
	if err := cancelTestIntent(ctx, t.pool, ref); err != nil {
		return Intent{}, fmt.Errorf("payment.TestProvider.Cancel: %w", err)
	}
	return t.Lookup(ctx, ref)
}

// Refund implements Provider as Stripe's Refunds API behaves: in one transaction holding the
// payment's lock, a refund is made once per idempotency key (a repeat answers the first refund,
// the key with another request is refused), only of a succeeded payment, and never beyond what
// is left of it; the payment becomes refunded when nothing is. Test refunds succeed at once. Like
// Confirm, Refund does not touch the order: after the commit it delivers the signed refund event
// to the webhook path, and again for every repeat (a new event about the same refund, as a
// retried job would need when the first delivery was lost; the order settles a refund once).
// When the delivery fails the refund stands and the error says so, as Stripe's refund stands
// whether or not its event arrives. Test mode adds one refusal of its own: a refund in another
// currency than the payment's (refund_currency_mismatch); Stripe refunds in the payment's.
func (t *TestProvider) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	if err := checkRefund(req); err != nil {
		return RefundResult{}, fmt.Errorf("payment.TestProvider.Refund: %w", err)
	}
	var r testRefund
	err := db.WithTx(ctx, t.pool, func(tx pgx.Tx) error {
		p, err := lockTestPayment(ctx, tx, req.Ref)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("payment_not_found", "This payment cannot be found.")
		}
		if err != nil {
			return err
		}
		prior, found, err := findTestRefund(ctx, tx, req.IdempotencyKey)
		if err != nil {
			return err
		}
		if found {
			if !prior.sameRequest(req) {
				return apperr.Invalid("idempotency_key", "idempotency_key_reused",
					"This idempotency key was already used for another refund.")
			}
			r = prior
			return nil
		}
		refunded := p.refunded
		switch p.status {
		case StatusSucceeded:
		case StatusRefunded:
			// Refunded in full, perhaps before refunds were counted: nothing is left.
			refunded = p.amount.Minor
		default:
			return apperr.FailedPrecondition("payment_not_refundable", "Only a succeeded payment can be refunded.")
		}
		if !strings.EqualFold(req.Amount.Currency, p.amount.Currency) {
			return apperr.Invalid("amount", "refund_currency_mismatch", "A refund is in the payment's currency, %s.", p.amount.Currency)
		}
		if err := checkRefundAmount(p.amount.Minor, refunded, req.Amount.Minor); err != nil {
			return err
		}
		r = testRefund{key: req.IdempotencyKey, ref: "re_test_" + t.mac("refund:"+req.IdempotencyKey), paymentRef: req.Ref,
			orderID: req.OrderID, refundID: req.RefundID, amount: money.Money{Minor: req.Amount.Minor, Currency: p.amount.Currency},
			status: RefundSucceeded}
		return insertTestRefund(ctx, tx, r)
	})
	if err != nil {
		return RefundResult{}, fmt.Errorf("payment.TestProvider.Refund: %w", err)
	}
	made := RefundRequest{Ref: r.paymentRef, OrderID: r.orderID, RefundID: r.refundID, Amount: r.amount, IdempotencyKey: r.key}
	if err := t.deliverEvent(ctx, func() ([]byte, error) { return t.RefundEventBody(r.ref, made, r.status) }); err != nil {
		return RefundResult{}, err
	}
	return RefundResult{ProviderRef: r.ref, Status: r.status}, nil
}

// LookupRefund implements Provider.
func (t *TestProvider) LookupRefund(ctx context.Context, providerRef string) (RefundResult, error) {
	r, found, err := testRefundByRef(ctx, t.pool, providerRef)
	if err != nil {
		return RefundResult{}, fmt.Errorf("payment.TestProvider.LookupRefund: %w", err)
	}
	if !found {
		return RefundResult{}, apperr.NotFound("refund_not_found", "This refund cannot be found.")
	}
	return RefundResult{ProviderRef: r.ref, Status: r.status, Amount: r.amount}, nil
}

// Card is a test card as a shopper typed it.
type Card struct {
	Number   string
	ExpMonth int32
	ExpYear  int32
	CVC      string
}

// Confirm pays the payment whose client secret is given with a test card, then delivers the
// signed event that says so. It returns the order's id. The card is checked the way Stripe's
// Payment Element words its errors; the declined test card is refused with reason card_declined
// after its failure event has been delivered.
func (t *TestProvider) Confirm(ctx context.Context, clientSecret string, card Card) (orderID string, err error) {
	ref, _, ok := strings.Cut(clientSecret, "_secret_")
	if !ok || !hmac.Equal([]byte(clientSecret), []byte(t.clientSecret(ref))) {
		return "", apperr.NotFound("payment_not_found", "This payment cannot be found.")
	}
	number, err := checkCard(card, t.now())
	if err != nil {
		return "", err
	}
	var outcome Status
	switch number {
	case TestCardSucceeds:
		outcome = StatusSucceeded
	case TestCardDeclined:
		outcome = StatusFailed
	default:
		return "", apperr.FailedPrecondition("test_card_required",
			"Test mode takes only the test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.")
	}
	const declined = "Your card was declined."
	var in Intent
	err = db.WithTx(ctx, t.pool, func(tx pgx.Tx) error {
		var err error
		if in, orderID, err = t.read(ctx, tx, ref, true); err != nil {
			return err
		}
		if in.Status != StatusRequiresPayment && in.Status != StatusFailed {
			return apperr.FailedPrecondition("payment_not_payable", "This order can no longer be paid.")
		}
		in.Status, in.FailureMessage = outcome, ""
		if outcome == StatusFailed {
			in.FailureMessage = declined
		}
		return setTestIntentStatus(ctx, tx, ref, in.Status, in.FailureMessage)
	})
	if err != nil {
		return "", fmt.Errorf("payment.TestProvider.Confirm: %w", err)
	}
	if err := t.send(ctx, in, orderID); err != nil {
		return "", err
	}
	if outcome == StatusFailed {
		return orderID, apperr.FailedPrecondition("card_declined", declined)
	}
	return orderID, nil
}

// send delivers the event for in's new status to the webhook path.
func (t *TestProvider) send(ctx context.Context, in Intent, orderID string) error {
	return t.deliverEvent(ctx, func() ([]byte, error) { return t.EventBody(in, orderID) })
}

// deliverEvent signs the event body makes and hands it to the webhook path.
func (t *TestProvider) deliverEvent(ctx context.Context, body func() ([]byte, error)) error {
	if t.deliver == nil {
		return errors.New("payment.TestProvider: no webhook path to deliver events to")
	}
	b, err := body()
	if err != nil {
		return err
	}
	if err := t.deliver(ctx, b, t.Sign(b)); err != nil {
		return fmt.Errorf("payment.TestProvider: deliver event: %w", err)
	}
	return nil
}

// Sign signs body as Stripe signs its events, with the test provider's secret and the time now.
func (t *TestProvider) Sign(body []byte) string { return sign(t.secret, body, t.now()) }

// EventBody is the Stripe-format event for a payment now in in.Status.
func (t *TestProvider) EventBody(in Intent, orderID string) ([]byte, error) {
	typ, status := "payment_intent.succeeded", "succeeded"
	var lastErr any
	switch in.Status {
	case StatusFailed:
		typ, status = "payment_intent.payment_failed", "requires_payment_method"
		lastErr = map[string]string{"type": "card_error", "code": "card_declined", "decline_code": "generic_decline", "message": in.FailureMessage}
	case StatusCanceled:
		typ, status = "payment_intent.canceled", "canceled"
	}
	return t.eventBody(typ, map[string]any{
		"id": in.Ref, "object": "payment_intent", "amount": in.Amount.Minor,
		"currency": strings.ToLower(in.Amount.Currency), "status": status,
		"metadata": map[string]string{"order_id": orderID}, "last_payment_error": lastErr,
	})
}

// RefundEventBody is the Stripe-format event for the refund refundRef, made for req, now in
// status: refund.updated when it succeeded, refund.failed when it failed, refund.created while
// pending — data.object a Refund as Stripe's, with the metadata order_id and refund_id it was
// asked with.
func (t *TestProvider) RefundEventBody(refundRef string, req RefundRequest, status RefundStatus) ([]byte, error) {
	typ := "refund.updated"
	var failure any
	switch status {
	case RefundFailed:
		typ, failure = "refund.failed", "unknown"
	case RefundPending:
		typ = "refund.created"
	}
	metadata := map[string]string{"order_id": req.OrderID}
	if req.RefundID != "" {
		metadata["refund_id"] = req.RefundID
	}
	return t.eventBody(typ, map[string]any{
		"id": refundRef, "object": "refund", "amount": req.Amount.Minor, "currency": strings.ToLower(req.Amount.Currency),
		"status": string(status), "payment_intent": req.Ref, "metadata": metadata, "failure_reason": failure,
	})
}

// eventBody wraps object in a Stripe-format event of type typ, with an id of its own: every
// event is new, or the webhook path would drop it as a repeat.
func (t *TestProvider) eventBody(typ string, object map[string]any) ([]byte, error) {
	id := make([]byte, 12)
	if _, err := rand.Read(id); err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"id": "evt_test_" + hex.EncodeToString(id), "object": "event", "api_version": stripe.APIVersion,
		"created": t.now().Unix(), "livemode": false, "type": typ, "pending_webhooks": 1,
		"data": map[string]any{"object": object},
	})
}

// checkCard validates a card's fields in Stripe's words and returns its digits.
func checkCard(c Card, now time.Time) (string, error) {
	number := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, c.Number)
	switch {
	case len(number) < 12:
		return "", apperr.Invalid("card_number", "incomplete_number", "Your card number is incomplete.")
	case len(number) > 19 || strings.Trim(number, "0123456789") != "" || !luhn(number):
		return "", apperr.Invalid("card_number", "incorrect_number", "Your card number is incorrect.")
	}
	year := int(c.ExpYear)
	if year > 0 && year < 100 {
		year += 2000
	}
	switch {
	case c.ExpMonth == 0 || c.ExpYear == 0:
		return "", apperr.Invalid("exp_month", "incomplete_expiry", "Your card's expiration date is incomplete.")
	case c.ExpMonth < 1 || c.ExpMonth > 12:
		return "", apperr.Invalid("exp_month", "invalid_expiry_month", "Your card's expiration month is invalid.")
	case year < now.Year():
		return "", apperr.Invalid("exp_year", "invalid_expiry_year_past", "Your card's expiration year is in the past.")
	case year == now.Year() && int(c.ExpMonth) < int(now.Month()):
		return "", apperr.Invalid("exp_month", "invalid_expiry_month_past", "Your card's expiration date is in the past.")
	case year > now.Year()+50:
		return "", apperr.Invalid("exp_year", "invalid_expiry_year", "Your card's expiration year is invalid.")
	}
	// Too few digits is unfinished typing; too many, or anything but digits, is wrong: Stripe words
	// the two differently, and "incomplete" would mislead a shopper who typed five digits.
	switch n := len(c.CVC); {
	case n > 4 || strings.Trim(c.CVC, "0123456789") != "":
		return "", apperr.Invalid("cvc", "invalid_cvc", "Your card's security code is invalid.")
	case n < 3:
		return "", apperr.Invalid("cvc", "incomplete_cvc", "Your card's security code is incomplete.")
	}
	return number, nil
}

// luhn reports whether a string of digits passes the Luhn check every card number carries.
func luhn(digits string) bool {
	sum := 0
	for i := range len(digits) {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

var _ Provider = (*TestProvider)(nil)
var _ Provider = (*Stripe)(nil)
