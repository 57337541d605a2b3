package payment

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// delivery is one event the test provider handed to the webhook path.
type delivery struct {
	body      []byte
	signature string
}

// testShop is a test provider on a database of its own, delivering its events to a recorder
// instead of the HTTP webhook path (the app's integration tests cover that path).
type testShop struct {
	p  *TestProvider
	mu sync.Mutex
	// events are the deliveries so far, in order.
	events []delivery
	// fail, when set, is what the webhook path answers.
	fail error
}

func newTestShop(t *testing.T) *testShop {
	t.Helper()
	s := &testShop{p: NewTestProvider(dbtest.Pool(t), []byte("the shop's signing key"))}
	s.p.DeliverTo(func(_ context.Context, body []byte, signature string) error {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.events = append(s.events, delivery{body, signature})
		return s.fail
	})
	return s
}

func (s *testShop) delivered() []delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]delivery(nil), s.events...)
}

// create makes a payment of £45.99 for a new order and returns the order's id and the payment.
func (s *testShop) create(t *testing.T) (string, Intent) {
	t.Helper()
	orderID := uuid.NewString()
	in, err := s.p.Create(context.Background(), NewIntent{OrderID: orderID, OrderNumber: "ATL-1", Email: "a@example.com", Amount: money.GBP(4599)})
	require.NoError(t, err)
	return orderID, in
}

// paid is create's payment, paid with a card that succeeds.
func (s *testShop) paid(t *testing.T) (string, Intent) {
	t.Helper()
	orderID, in := s.create(t)
	_, err := s.p.Confirm(context.Background(), in.ClientSecret, card(TestCardSucceeds))
	require.NoError(t, err)
	return orderID, in
}

// canceled is create's payment, cancelled before it was paid.
func (s *testShop) canceled(t *testing.T) (string, Intent) {
	t.Helper()
	orderID, in := s.create(t)
	_, err := s.p.Cancel(context.Background(), in.Ref)
	require.NoError(t, err)
	return orderID, in
}

// parse verifies a delivered event the way the webhook path does, with the provider's secret.
func (s *testShop) parse(t *testing.T, d delivery) Event {
	t.Helper()
	w, err := NewWebhooks(s.p.WebhookSecret())
	require.NoError(t, err)
	ev, err := w.Parse(d.body, d.signature)
	require.NoError(t, err)
	return ev
}

func (s *testShop) status(t *testing.T, ref string) Intent {
	t.Helper()
	in, err := s.p.Lookup(context.Background(), ref)
	require.NoError(t, err)
	return in
}

// A card that is good for years to come, so the tests do not age.
func card(number string) Card {
	return Card{Number: number, ExpMonth: 12, ExpYear: int32(time.Now().Year() + 3), CVC: "123"}
}

func TestTestProviderIdentity(t *testing.T) {
	t.Parallel()
	p := NewTestProvider(nil, []byte("key one"))
	require.Equal(t, ModeTest, p.Mode())
	require.Empty(t, p.PublishableKey(), "the browser needs no key in test mode")
	require.True(t, strings.HasPrefix(p.WebhookSecret(), "whsec_test_"))
	// The secret is derived from the shop's key: every instance of one shop verifies the others'
	// events, and another shop's events are refused.
	require.Equal(t, p.WebhookSecret(), NewTestProvider(nil, []byte("key one")).WebhookSecret())
	require.NotEqual(t, p.WebhookSecret(), NewTestProvider(nil, []byte("key two")).WebhookSecret())
}

func TestTestProviderCreateIsIdempotentPerOrder(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	ctx := context.Background()
	orderID, first := s.create(t)
	require.True(t, strings.HasPrefix(first.Ref, "pi_test_"), first.Ref)
	require.True(t, strings.HasPrefix(first.ClientSecret, first.Ref+"_secret_"), "a client secret names its payment, as Stripe's do")
	require.Equal(t, StatusRequiresPayment, first.Status)
	require.Equal(t, money.GBP(4599), first.Amount)
	require.Empty(t, first.FailureMessage)

	// A retried checkout asks again, perhaps with another amount: it gets the first payment back.
	again, err := s.p.Create(ctx, NewIntent{OrderID: orderID, OrderNumber: "ATL-1", Amount: money.GBP(1)})
	require.NoError(t, err)
	require.Equal(t, first, again)
	var rows int
	require.NoError(t, s.p.pool.QueryRow(ctx, `SELECT count(*) FROM test_payment_intents WHERE order_id = $1`, orderID).Scan(&rows))
	require.Equal(t, 1, rows)

	_, other := s.create(t)
	require.NotEqual(t, first.Ref, other.Ref)
	require.NotEqual(t, first.ClientSecret, other.ClientSecret)
	require.Equal(t, first, s.status(t, first.Ref), "Lookup answers what Create did")
	require.Empty(t, s.delivered(), "creating a payment sends no event")
}

func TestTestProviderLookupUnknown(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	_, err := s.p.Lookup(context.Background(), "pi_test_unknown")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "payment_not_found")
}

func TestCheckCard(t *testing.T) {
	t.Parallel()
	// Mid-June, so that "earlier this year" and "later this year" both exist.
	now := time.Date(2026, time.June, 15, 12, 0, 0, 0, time.UTC)
	good := Card{Number: TestCardSucceeds, ExpMonth: 12, ExpYear: 2030, CVC: "123"}
	with := func(edit func(*Card)) Card {
		c := good
		edit(&c)
		return c
	}
	const (
		incompleteNumber = "Your card number is incomplete."
		incorrectNumber  = "Your card number is incorrect."
		incompleteExpiry = "Your card's expiration date is incomplete."
		invalidMonth     = "Your card's expiration month is invalid."
		yearPast         = "Your card's expiration year is in the past."
		datePast         = "Your card's expiration date is in the past."
		invalidYear      = "Your card's expiration year is invalid."
		incompleteCVC    = "Your card's security code is incomplete."
		invalidCVC       = "Your card's security code is invalid."
	)
	tests := map[string]struct {
		card                   Card
		field, reason, message string // empty when the card is accepted
		digits                 string // the number returned when accepted
	}{
		"valid":                       {card: good, digits: TestCardSucceeds},
		"spaces in the number":        {card: with(func(c *Card) { c.Number = "4242 4242 4242 4242" }), digits: TestCardSucceeds},
		"dashes in the number":        {card: with(func(c *Card) { c.Number = "4000-0000-0000-0002" }), digits: TestCardDeclined},
		"19 digits":                   {card: with(func(c *Card) { c.Number = "4000000000000000006" }), digits: "4000000000000000006"},
		"12 digits":                   {card: with(func(c *Card) { c.Number = "000000000000" }), digits: "000000000000"},
		"no number":                   {with(func(c *Card) { c.Number = "" }), "card_number", "incomplete_number", incompleteNumber, ""},
		"11 digits":                   {with(func(c *Card) { c.Number = "4242 4242 424" }), "card_number", "incomplete_number", incompleteNumber, ""},
		"only separators":             {with(func(c *Card) { c.Number = "---- ----" }), "card_number", "incomplete_number", incompleteNumber, ""},
		"fails the Luhn check":        {with(func(c *Card) { c.Number = "4242424242424241" }), "card_number", "incorrect_number", incorrectNumber, ""},
		"20 digits, Luhn-valid":       {with(func(c *Card) { c.Number = "40000000000000000002" }), "card_number", "incorrect_number", incorrectNumber, ""},
		"letters":                     {with(func(c *Card) { c.Number = "4242abcd42424242" }), "card_number", "incorrect_number", incorrectNumber, ""},
		"other separators":            {with(func(c *Card) { c.Number = "4242.4242.4242.4242" }), "card_number", "incorrect_number", incorrectNumber, ""},
		"no month":                    {with(func(c *Card) { c.ExpMonth = 0 }), "exp_month", "incomplete_expiry", incompleteExpiry, ""},
		"no year":                     {with(func(c *Card) { c.ExpYear = 0 }), "exp_month", "incomplete_expiry", incompleteExpiry, ""},
		"month 13":                    {with(func(c *Card) { c.ExpMonth = 13 }), "exp_month", "invalid_expiry_month", invalidMonth, ""},
		"negative month":              {with(func(c *Card) { c.ExpMonth = -1 }), "exp_month", "invalid_expiry_month", invalidMonth, ""},
		"two-digit year":              {card: with(func(c *Card) { c.ExpYear = 30 }), digits: TestCardSucceeds},
		"two-digit year, this month":  {card: with(func(c *Card) { c.ExpYear, c.ExpMonth = 26, 6 }), digits: TestCardSucceeds},
		"two-digit year in the past":  {with(func(c *Card) { c.ExpYear = 25 }), "exp_year", "invalid_expiry_year_past", yearPast, ""},
		"last year":                   {with(func(c *Card) { c.ExpYear = 2025 }), "exp_year", "invalid_expiry_year_past", yearPast, ""},
		"three-digit year":            {with(func(c *Card) { c.ExpYear = 202 }), "exp_year", "invalid_expiry_year_past", yearPast, ""},
		"this month":                  {card: with(func(c *Card) { c.ExpYear, c.ExpMonth = 2026, 6 }), digits: TestCardSucceeds},
		"earlier this year":           {with(func(c *Card) { c.ExpYear, c.ExpMonth = 2026, 5 }), "exp_month", "invalid_expiry_month_past", datePast, ""},
		"January this year":           {with(func(c *Card) { c.ExpYear, c.ExpMonth = 2026, 1 }), "exp_month", "invalid_expiry_month_past", datePast, ""},
		"fifty years ahead":           {card: with(func(c *Card) { c.ExpYear = 2076 }), digits: TestCardSucceeds},
		"more than fifty years ahead": {with(func(c *Card) { c.ExpYear = 2077 }), "exp_year", "invalid_expiry_year", invalidYear, ""},
		"four-digit CVC (Amex)":       {card: with(func(c *Card) { c.CVC = "1234" }), digits: TestCardSucceeds},
		"no CVC":                      {with(func(c *Card) { c.CVC = "" }), "cvc", "incomplete_cvc", incompleteCVC, ""},
		"two-digit CVC":               {with(func(c *Card) { c.CVC = "12" }), "cvc", "incomplete_cvc", incompleteCVC, ""},
		"five-digit CVC":              {with(func(c *Card) { c.CVC = "12345" }), "cvc", "invalid_cvc", invalidCVC, ""},
		"CVC with letters":            {with(func(c *Card) { c.CVC = "12a" }), "cvc", "invalid_cvc", invalidCVC, ""},
		"short CVC with a letter":     {with(func(c *Card) { c.CVC = "1a" }), "cvc", "invalid_cvc", invalidCVC, ""},
		"CVC with a space":            {with(func(c *Card) { c.CVC = "12 3" }), "cvc", "invalid_cvc", invalidCVC, ""},
		// The number is checked first, then the expiry, then the CVC, as the form reads.
		"everything wrong": {Card{Number: "1", ExpMonth: 13, CVC: "x"}, "card_number", "incomplete_number", incompleteNumber, ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			digits, err := checkCard(tt.card, now)
			if tt.reason == "" {
				require.NoError(t, err)
				require.Equal(t, tt.digits, digits)
				return
			}
			ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, tt.reason)
			require.Equal(t, tt.field, ae.Field)
			require.Equal(t, tt.message, ae.Message)
			require.Empty(t, digits)
		})
	}
}

func TestLuhn(t *testing.T) {
	t.Parallel()
	for digits, want := range map[string]bool{
		"4242424242424242": true,  // Visa test card
		"4000000000000002": true,  // declined test card
		"5555555555554444": true,  // Mastercard test card
		"378282246310005":  true,  // Amex: odd length, so doubling starts from the second-last digit
		"79927398713":      true,  // the textbook example
		"79927398710":      false, // …with its check digit changed
		"4242424242424241": false,
		"4242424242424224": false, // two digits swapped: the error Luhn exists to catch
		"0000000000000000": true,
		"18":               true, // 1 doubled is 2, + 8 = 10
		"59":               true, // 5 doubled is 10 → 1, + 9 = 10: a doubled digit over 9 loses 9
		"5":                false,
	} {
		require.Equal(t, want, luhn(digits), digits)
	}
}

func TestConfirmSucceeds(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	ctx := context.Background()
	orderID, in := s.create(t)

	got, err := s.p.Confirm(ctx, in.ClientSecret, card("4242 4242 4242 4242"))
	require.NoError(t, err)
	require.Equal(t, orderID, got)

	events := s.delivered()
	require.Len(t, events, 1)
	ev := s.parse(t, events[0])
	require.Equal(t, OutcomeSucceeded, ev.Outcome)
	require.Equal(t, "payment_intent.succeeded", ev.Type)
	require.Equal(t, in.Ref, ev.Ref)
	require.True(t, strings.HasPrefix(ev.ID, "evt_test_"), ev.ID)
	require.Empty(t, ev.FailureMessage)

	after := s.status(t, in.Ref)
	require.Equal(t, StatusSucceeded, after.Status, "reconciliation sees the payment even if the event is lost")
	require.Equal(t, in.Amount, after.Amount)
}

func TestConfirmDeclinedThenRetried(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	ctx := context.Background()
	orderID, in := s.create(t)

	got, err := s.p.Confirm(ctx, in.ClientSecret, card("4000 0000 0000 0002"))
	ae := apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "card_declined")
	require.Equal(t, "Your card was declined.", ae.Message)
	require.Equal(t, orderID, got, "the caller still learns which order was declined")
	events := s.delivered()
	require.Len(t, events, 1, "the failure is announced before the shopper is told")
	ev := s.parse(t, events[0])
	require.Equal(t, OutcomeFailed, ev.Outcome)
	require.Equal(t, "payment_intent.payment_failed", ev.Type)
	require.Equal(t, in.Ref, ev.Ref)
	require.Equal(t, "Your card was declined.", ev.FailureMessage)
	declined := s.status(t, in.Ref)
	require.Equal(t, StatusFailed, declined.Status)
	require.Equal(t, "Your card was declined.", declined.FailureMessage)

	// Stripe lets a shopper try another card on the same PaymentIntent after a decline.
	got, err = s.p.Confirm(ctx, in.ClientSecret, card(TestCardSucceeds))
	require.NoError(t, err)
	require.Equal(t, orderID, got)
	events = s.delivered()
	require.Len(t, events, 2)
	retried := s.parse(t, events[1])
	require.Equal(t, OutcomeSucceeded, retried.Outcome)
	require.NotEqual(t, ev.ID, retried.ID, "each event has its own id, or the second would be dropped as a repeat")
	paid := s.status(t, in.Ref)
	require.Equal(t, StatusSucceeded, paid.Status)
	require.Empty(t, paid.FailureMessage, "the old decline no longer describes the payment")
}

func TestConfirmRefusesOtherCards(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	_, in := s.create(t)
	// Stripe's Mastercard test number: a real-looking card that test mode must not pretend to charge.
	_, err := s.p.Confirm(context.Background(), in.ClientSecret, card("5555 5555 5555 4444"))
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "test_card_required")
	require.Empty(t, s.delivered())
	require.Equal(t, StatusRequiresPayment, s.status(t, in.Ref).Status)

	_, err = s.p.Confirm(context.Background(), in.ClientSecret, Card{Number: TestCardSucceeds, ExpMonth: 13, ExpYear: 2030, CVC: "123"})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_expiry_month")
	require.Empty(t, s.delivered(), "an invalid card never reaches the payment")
}

func TestConfirmNeedsTheRealClientSecret(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	_, in := s.create(t)
	other := NewTestProvider(nil, []byte("another shop's key"))
	forged := map[string]string{
		"right ref, wrong suffix": in.Ref + "_secret_" + strings.Repeat("0", 32),
		"the ref alone":           in.Ref,
		"truncated":               in.ClientSecret[:len(in.ClientSecret)-1],
		"another shop's secret":   other.clientSecret(in.Ref),
		"empty":                   "",
	}
	for name, secret := range forged {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// Even a bad card answers "not found": a guessed secret learns nothing about the card rules.
			for _, c := range []Card{card(TestCardSucceeds), {Number: "1"}} {
				_, err := s.p.Confirm(context.Background(), secret, c)
				apperrtest.RequireKind(t, err, apperr.KindNotFound, "payment_not_found")
			}
		})
	}
	// Correctly derived, but for a payment that was never created.
	_, err := s.p.Confirm(context.Background(), s.p.clientSecret("pi_test_never_created"), card(TestCardSucceeds))
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "payment_not_found")
	t.Cleanup(func() {
		require.Empty(t, s.delivered(), "no forged secret moved a payment")
		require.Equal(t, StatusRequiresPayment, s.status(t, in.Ref).Status)
	})
}

func TestConfirmRefusesFinishedPayments(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	ctx := context.Background()

	_, paid := s.paid(t)
	_, canceled := s.canceled(t)
	refundedOrder, refunded := s.paid(t)
	_, err := s.p.Refund(ctx, RefundRequest{Ref: refunded.Ref, OrderID: refundedOrder, Amount: refunded.Amount, IdempotencyKey: uuid.NewString()})
	require.NoError(t, err)
	before := len(s.delivered())

	for name, in := range map[string]Intent{"succeeded": paid, "canceled": canceled, "refunded": refunded} {
		for _, number := range []string{TestCardSucceeds, TestCardDeclined} {
			_, err := s.p.Confirm(ctx, in.ClientSecret, card(number))
			ae := apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "payment_not_payable")
			require.Equal(t, "This order can no longer be paid.", ae.Message, name)
		}
	}
	require.Len(t, s.delivered(), before, "no event for a refused confirmation")
	require.Equal(t, StatusSucceeded, s.status(t, paid.Ref).Status, "a decline cannot undo a payment")
}

// Two confirmations of one payment at once (a double-clicked Pay button): the row lock lets
// exactly one through, so exactly one event is sent.
func TestConfirmConcurrently(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	_, in := s.create(t)
	errs := apperrtest.Concurrently(6, func(int) error {
		_, err := s.p.Confirm(context.Background(), in.ClientSecret, card(TestCardSucceeds))
		return err
	})
	require.Equal(t, 1, apperrtest.Passed(t, errs, "payment_not_payable"))
	require.Len(t, s.delivered(), 1)
}

// When the webhook path fails, the shopper is told, and the payment stays succeeded for
// reconciliation to find — as with Stripe, where the charge stands whether or not the event
// arrives.
func TestConfirmWhenDeliveryFails(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	s.fail = errors.New("webhook path down")
	_, in := s.create(t)
	_, err := s.p.Confirm(context.Background(), in.ClientSecret, card(TestCardSucceeds))
	require.ErrorIs(t, err, s.fail)
	require.Equal(t, StatusSucceeded, s.status(t, in.Ref).Status)

	// A provider with nowhere to deliver is a wiring mistake, and says so rather than dropping events.
	bare := NewTestProvider(s.p.pool, []byte("the shop's signing key"))
	_, second := s.create(t)
	_, err = bare.Confirm(context.Background(), second.ClientSecret, card(TestCardSucceeds))
	require.ErrorContains(t, err, "no webhook path")
}

func TestCancel(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	ctx := context.Background()

	_, pending := s.create(t)
	got, err := s.p.Cancel(ctx, pending.Ref)
	require.NoError(t, err)
	require.Equal(t, StatusCanceled, got.Status)

	_, declined := s.create(t)
	_, err = s.p.Confirm(ctx, declined.ClientSecret, card(TestCardDeclined))
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "card_declined")
	got, err = s.p.Cancel(ctx, declined.Ref)
	require.NoError(t, err)
	require.Equal(t, StatusCanceled, got.Status, "a declined payment can still be abandoned")

	// An expiring reservation races the shopper's payment: the payment wins, and Cancel says so.
	_, paid := s.paid(t)
	got, err = s.p.Cancel(ctx, paid.Ref)
	require.NoError(t, err)
	require.Equal(t, StatusSucceeded, got.Status)
	require.Equal(t, StatusSucceeded, s.status(t, paid.Ref).Status)

	got, err = s.p.Cancel(ctx, pending.Ref)
	require.NoError(t, err, "cancelling twice is harmless")
	require.Equal(t, StatusCanceled, got.Status)

	_, err = s.p.Cancel(ctx, "pi_test_unknown")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "payment_not_found")
}

// refundState is what a test payment's refunds have left behind: the payment's status, what
// has been refunded of it, its refunds and the events delivered so far.
type refundState struct {
	Status   Status
	Refunded int64
	Refunds  int
	Events   int
}

func (s *testShop) refundState(t *testing.T, ref string) refundState {
	t.Helper()
	var st refundState
	st.Status = s.status(t, ref).Status
	require.NoError(t, s.p.pool.QueryRow(context.Background(), `SELECT refunded_minor,
		(SELECT count(*) FROM test_payment_refunds WHERE payment_ref = $1) FROM test_payment_intents WHERE ref = $1`, ref).
		Scan(&st.Refunded, &st.Refunds))
	st.Events = len(s.delivered())
	return st
}

// refund asks for a refund of minor pence of the payment in under a new key.
func (s *testShop) refund(t *testing.T, orderID string, in Intent, minor int64) (RefundRequest, RefundResult) {
	t.Helper()
	req := RefundRequest{Ref: in.Ref, OrderID: orderID, RefundID: uuid.NewString(), Amount: money.GBP(minor), IdempotencyKey: uuid.NewString()}
	got, err := s.p.Refund(context.Background(), req)
	require.NoError(t, err)
	return req, got
}

// lastRefundEvent is the last delivered event, verified, which must be req's refund having succeeded.
func (s *testShop) lastRefundEvent(t *testing.T, req RefundRequest, got RefundResult) Event {
	t.Helper()
	events := s.delivered()
	require.NotEmpty(t, events)
	ev := s.parse(t, events[len(events)-1])
	require.Equal(t, Event{ID: ev.ID, Type: "refund.updated", Outcome: OutcomeRefundSucceeded, Ref: req.Ref, Amount: req.Amount,
		OrderID: req.OrderID, RefundID: req.RefundID, RefundRef: got.ProviderRef}, ev,
		"what the order context settles the refund by: its payment, amount, order and refund, in test mode")
	require.True(t, strings.HasPrefix(ev.ID, "evt_test_"), ev.ID)
	return ev
}

func TestRefundInFull(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	orderID, paid := s.paid(t)
	before := len(s.delivered())
	req, got := s.refund(t, orderID, paid, 4599)
	require.True(t, strings.HasPrefix(got.ProviderRef, "re_test_"), got.ProviderRef)
	require.Equal(t, RefundResult{ProviderRef: got.ProviderRef, Status: RefundSucceeded}, got)
	require.Equal(t, refundState{Status: StatusRefunded, Refunded: 4599, Refunds: 1, Events: before + 1}, s.refundState(t, paid.Ref))
	s.lastRefundEvent(t, req, got)
}

// A refund's look-up answers what the test provider made; one it never made is not found.
func TestLookupRefund(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	orderID, paid := s.paid(t)
	_, got := s.refund(t, orderID, paid, 1200)
	found, err := s.p.LookupRefund(context.Background(), got.ProviderRef)
	require.NoError(t, err)
	require.Equal(t, RefundResult{ProviderRef: got.ProviderRef, Status: RefundSucceeded, Amount: money.GBP(1200)}, found)
	_, err = s.p.LookupRefund(context.Background(), "re_test_unknown")
	require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind)
}

func TestRefundInParts(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	orderID, paid := s.paid(t)
	before := len(s.delivered())

	first, got1 := s.refund(t, orderID, paid, 1000)
	require.Equal(t, RefundSucceeded, got1.Status)
	require.Equal(t, refundState{Status: StatusSucceeded, Refunded: 1000, Refunds: 1, Events: before + 1}, s.refundState(t, paid.Ref),
		"a partly refunded payment is still a succeeded one: Lookup and reconciliation see it paid")
	s.lastRefundEvent(t, first, got1)

	second, got2 := s.refund(t, orderID, paid, 3599)
	require.NotEqual(t, got1.ProviderRef, got2.ProviderRef, "another key is another refund")
	require.Equal(t, refundState{Status: StatusRefunded, Refunded: 4599, Refunds: 2, Events: before + 2}, s.refundState(t, paid.Ref),
		"the parts sum to the payment: nothing is left")
	s.lastRefundEvent(t, second, got2)

	// A refund without a refund id (a lapsed order's whole payment) sends no refund_id.
	orderID, other := s.paid(t)
	req := RefundRequest{Ref: other.Ref, OrderID: orderID, Amount: money.GBP(4599), IdempotencyKey: "atelier-order-" + orderID + "-refund"}
	got, err := s.p.Refund(context.Background(), req)
	require.NoError(t, err)
	s.lastRefundEvent(t, req, got)
}

// A refund that cannot be made changes nothing: no refund, no amount counted, no event.
func TestRefundRefused(t *testing.T) {
	t.Parallel()
	type fixture struct {
		orderID string
		in      Intent
	}
	partly := func(t *testing.T, s *testShop) fixture {
		t.Helper()
		orderID, in := s.paid(t)
		s.refund(t, orderID, in, 4000)
		return fixture{orderID, in}
	}
	full := func(t *testing.T, s *testShop) fixture {
		t.Helper()
		orderID, in := s.paid(t)
		s.refund(t, orderID, in, 4599)
		return fixture{orderID, in}
	}
	paid := func(t *testing.T, s *testShop) fixture {
		t.Helper()
		orderID, in := s.paid(t)
		return fixture{orderID, in}
	}
	tests := map[string]struct {
		payment func(t *testing.T, s *testShop) fixture
		edit    func(*RefundRequest)
		kind    apperr.Kind
		reason  string
	}{
		"more than the payment":       {paid, func(r *RefundRequest) { r.Amount.Minor = 4600 }, apperr.KindFailedPrecondition, "refund_exceeds_payment"},
		"more than is left":           {partly, func(r *RefundRequest) { r.Amount.Minor = 600 }, apperr.KindFailedPrecondition, "refund_exceeds_payment"},
		"anything of a refunded one":  {full, func(r *RefundRequest) { r.Amount.Minor = 1 }, apperr.KindFailedPrecondition, "refund_exceeds_payment"},
		"a zero amount":               {paid, func(r *RefundRequest) { r.Amount.Minor = 0 }, apperr.KindInvalid, "invalid_refund_amount"},
		"a negative amount":           {partly, func(r *RefundRequest) { r.Amount.Minor = -100 }, apperr.KindInvalid, "invalid_refund_amount"},
		"another currency":            {paid, func(r *RefundRequest) { r.Amount.Currency = "EUR" }, apperr.KindInvalid, "refund_currency_mismatch"},
		"no idempotency key":          {paid, func(r *RefundRequest) { r.IdempotencyKey = "" }, apperr.KindInvalid, "idempotency_key_required"},
		"an unknown payment":          {paid, func(r *RefundRequest) { r.Ref = "pi_test_unknown" }, apperr.KindNotFound, "payment_not_found"},
		"no payment named":            {paid, func(r *RefundRequest) { r.Ref = "" }, apperr.KindNotFound, "payment_not_found"},
		"a payment awaiting its card": {func(t *testing.T, s *testShop) fixture { t.Helper(); o, in := s.create(t); return fixture{o, in} }, nil, apperr.KindFailedPrecondition, "payment_not_refundable"},
		"a cancelled payment":         {func(t *testing.T, s *testShop) fixture { t.Helper(); o, in := s.canceled(t); return fixture{o, in} }, nil, apperr.KindFailedPrecondition, "payment_not_refundable"},
		"a declined payment": {func(t *testing.T, s *testShop) fixture {
			t.Helper()
			o, in := s.create(t)
			_, err := s.p.Confirm(context.Background(), in.ClientSecret, card(TestCardDeclined))
			require.Error(t, err)
			return fixture{o, in}
		}, nil, apperr.KindFailedPrecondition, "payment_not_refundable"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newTestShop(t)
			f := tt.payment(t, s)
			before := s.refundState(t, f.in.Ref)
			req := RefundRequest{Ref: f.in.Ref, OrderID: f.orderID, RefundID: uuid.NewString(), Amount: money.GBP(100), IdempotencyKey: uuid.NewString()}
			if tt.edit != nil {
				tt.edit(&req)
			}
			got, err := s.p.Refund(context.Background(), req)
			apperrtest.RequireKind(t, err, tt.kind, tt.reason)
			require.Zero(t, got)
			require.Equal(t, before, s.refundState(t, f.in.Ref), "a refused refund changes nothing")
		})
	}
}

// The same key is one refund, however often it is sent: a retried job, a lost answer. Each
// repeat delivers the refund's event again (the first may have been lost), under a new event id
// so the webhook path does not drop it; the order settles the refund, named by its ids, once.
func TestRefundIdempotent(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	ctx := context.Background()
	orderID, paid := s.paid(t)
	req, first := s.refund(t, orderID, paid, 1000)
	ev1 := s.lastRefundEvent(t, req, first)
	state := s.refundState(t, paid.Ref)

	again, err := s.p.Refund(ctx, req)
	require.NoError(t, err)
	require.Equal(t, first, again, "the first refund's answer")
	ev2 := s.lastRefundEvent(t, req, again)
	require.NotEqual(t, ev1.ID, ev2.ID)
	state.Events++
	require.Equal(t, state, s.refundState(t, paid.Ref), "one refund, counted once")

	// The same key with anything else is another request: refused, as Stripe refuses it.
	for name, edit := range map[string]func(*RefundRequest){
		"another amount":    func(r *RefundRequest) { r.Amount.Minor = 999 },
		"another refund id": func(r *RefundRequest) { r.RefundID = uuid.NewString() },
		"another order":     func(r *RefundRequest) { r.OrderID = uuid.NewString() },
	} {
		other := req
		edit(&other)
		got, err := s.p.Refund(ctx, other)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, "idempotency_key_reused")
		require.Zero(t, got, name)
	}
	// …even for another payment.
	otherOrder, otherPaid := s.paid(t)
	state = s.refundState(t, paid.Ref)
	_, err = s.p.Refund(ctx, RefundRequest{Ref: otherPaid.Ref, OrderID: otherOrder, RefundID: req.RefundID, Amount: req.Amount, IdempotencyKey: req.IdempotencyKey})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "idempotency_key_reused")
	require.Equal(t, state, s.refundState(t, paid.Ref))
	require.Equal(t, refundState{Status: StatusSucceeded, Events: state.Events}, s.refundState(t, otherPaid.Ref))

	// A payment refunded in full still answers its refunds' repeats.
	rest := RefundRequest{Ref: paid.Ref, OrderID: orderID, Amount: money.GBP(3599), IdempotencyKey: uuid.NewString()}
	got, err := s.p.Refund(ctx, rest)
	require.NoError(t, err)
	again, err = s.p.Refund(ctx, rest)
	require.NoError(t, err)
	require.Equal(t, got, again)
	_, err = s.p.Refund(ctx, req)
	require.NoError(t, err)
	require.Equal(t, refundState{Status: StatusRefunded, Refunded: 4599, Refunds: 2, Events: state.Events + 3}, s.refundState(t, paid.Ref))
}

// Refunds of one payment asked for at once, under different keys (two admins, a double click
// with fresh keys): the payment's lock counts them one at a time, so together they never return
// more than was paid.
func TestRefundConcurrently(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	orderID, paid := s.paid(t)
	before := len(s.delivered())
	const n = 8
	// Eight refunds of £10 from £45.99: four fit.
	errs := apperrtest.Concurrently(n, func(int) error {
		_, err := s.p.Refund(context.Background(), RefundRequest{Ref: paid.Ref, OrderID: orderID, RefundID: uuid.NewString(),
			Amount: money.GBP(1000), IdempotencyKey: uuid.NewString()})
		return err
	})
	require.Equal(t, 4, apperrtest.Passed(t, errs, "refund_exceeds_payment"))
	require.Equal(t, refundState{Status: StatusSucceeded, Refunded: 4000, Refunds: 4, Events: before + 4}, s.refundState(t, paid.Ref))

	// The same key sent at once is still one refund.
	req := RefundRequest{Ref: paid.Ref, OrderID: orderID, RefundID: uuid.NewString(), Amount: money.GBP(599), IdempotencyKey: uuid.NewString()}
	errs = apperrtest.Concurrently(n, func(int) error { _, err := s.p.Refund(context.Background(), req); return err })
	require.Equal(t, n, apperrtest.Passed(t, errs, ""))
	require.Equal(t, refundState{Status: StatusRefunded, Refunded: 4599, Refunds: 5, Events: before + 4 + n}, s.refundState(t, paid.Ref))
}

// When the webhook path fails, the caller is told and the refund stands, as at Stripe; asking
// again with the same key delivers its event again without refunding twice.
func TestRefundWhenDeliveryFails(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	orderID, paid := s.paid(t)
	s.mu.Lock()
	s.fail = errors.New("webhook path down")
	s.mu.Unlock()
	req := RefundRequest{Ref: paid.Ref, OrderID: orderID, RefundID: uuid.NewString(), Amount: money.GBP(500), IdempotencyKey: uuid.NewString()}
	_, err := s.p.Refund(context.Background(), req)
	require.ErrorContains(t, err, "webhook path down")
	state := s.refundState(t, paid.Ref)
	require.Equal(t, int64(500), state.Refunded)

	s.mu.Lock()
	s.fail = nil
	s.mu.Unlock()
	got, err := s.p.Refund(context.Background(), req)
	require.NoError(t, err)
	s.lastRefundEvent(t, req, got)
	state.Events++
	require.Equal(t, state, s.refundState(t, paid.Ref))
}

// RefundEventBody speaks every refund status the webhook path understands, so other packages'
// tests can announce failed and pending refunds too.
func TestRefundEventBody(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	req := RefundRequest{Ref: "pi_test_x", OrderID: uuid.NewString(), RefundID: uuid.NewString(), Amount: money.GBP(250)}
	for status, want := range map[RefundStatus]Event{
		RefundSucceeded: {Type: "refund.updated", Outcome: OutcomeRefundSucceeded, Ref: req.Ref, Amount: req.Amount, OrderID: req.OrderID,
			RefundID: req.RefundID, RefundRef: "re_test_x"},
		RefundFailed: {Type: "refund.failed", Outcome: OutcomeRefundFailed, Ref: req.Ref, Amount: req.Amount, OrderID: req.OrderID,
			RefundID: req.RefundID, RefundRef: "re_test_x", FailureMessage: "The refund failed."},
		RefundPending: {Type: "refund.created", Outcome: OutcomeIgnored},
	} {
		body, err := s.p.RefundEventBody("re_test_x", req, status)
		require.NoError(t, err)
		ev := s.parse(t, delivery{body, s.p.Sign(body)})
		want.ID = ev.ID
		require.Equal(t, want, ev, status)
	}
}

// EventBody's canceled event is one the webhook path understands, so test mode can announce
// cancellations in Stripe's words.
func TestEventBodyCanceled(t *testing.T) {
	t.Parallel()
	s := newTestShop(t)
	orderID := uuid.NewString()
	body, err := s.p.EventBody(Intent{Ref: "pi_test_x", Status: StatusCanceled, Amount: money.GBP(100)}, orderID)
	require.NoError(t, err)
	ev := s.parse(t, delivery{body, s.p.Sign(body)})
	require.Equal(t, Event{ID: ev.ID, Type: "payment_intent.canceled", Ref: "pi_test_x", Outcome: OutcomeCanceled,
		Amount: money.GBP(100), OrderID: orderID}, ev, "what the order context checks: amount, order and (test) mode")
}
