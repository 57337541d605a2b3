package payment

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/stripe/stripe-go/v85"
)

// StripeConfig holds Stripe's keys (from configuration; the secret key never leaves the server).
type StripeConfig struct {
	SecretKey      string
	PublishableKey string
	// APIURL overrides Stripe's API address (stripe-mock in tests); empty for Stripe itself.
	APIURL string
}

// Stripe is the Provider backed by Stripe's PaymentIntents, settled in GBP.
type Stripe struct {
	client      *stripe.Client
	publishable string
	live        bool
}

// NewStripe returns the Stripe provider.
func NewStripe(cfg StripeConfig) (*Stripe, error) {
	if cfg.SecretKey == "" || cfg.PublishableKey == "" {
		return nil, errors.New("payment.NewStripe: the secret and publishable keys are required")
	}
	var opts []stripe.ClientOption
	if cfg.APIURL != "" {
		backend := stripe.GetBackendWithConfig(stripe.APIBackend, &stripe.BackendConfig{
			URL:           stripe.String(cfg.APIURL),
			LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
		})
		opts = append(opts, stripe.WithBackends(&stripe.Backends{API: backend, Connect: backend, Uploads: backend, MeterEvents: backend}))
	}
	// Stripe's secret (sk_…) and restricted (rk_…) keys name their mode: live keys move real money.
	live := strings.HasPrefix(cfg.SecretKey, "sk_live_") || strings.HasPrefix(cfg.SecretKey, "rk_live_")
	return &Stripe{client: stripe.NewClient(cfg.SecretKey, opts...), publishable: cfg.PublishableKey, live: live}, nil
}

// Mode implements Provider.
func (s *Stripe) Mode() Mode { return ModeStripe }

// Live implements Provider: true with live keys.
func (s *Stripe) Live() bool { return s.live }

// PublishableKey implements Provider.
func (s *Stripe) PublishableKey() string { return s.publishable }

// Create implements Provider. Stripe's idempotency key is derived from the order id, so a retried
// checkout gets the PaymentIntent the first attempt made, never a second one.
func (s *Stripe) Create(ctx context.Context, in NewIntent) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   new(in.Amount.Minor),
		Currency: stripe.String(strings.ToLower(in.Amount.Currency)),
		// Cards only (wallets such as Apple Pay and Google Pay are cards to Stripe): a method that
		// settles days later would outlive the stock reservation. No ReceiptEmail either: the
		// shop sends its own confirmation, and Stripe's would be a second e-mail.
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Description:        stripe.String("Order " + in.OrderNumber),
	}
	params.AddMetadata("order_id", in.OrderID)
	params.AddMetadata("order_number", in.OrderNumber)
	params.SetIdempotencyKey("atelier-order-" + in.OrderID + "-intent")
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, stripeError("payment.Stripe.Create", err)
	}
	return intentOf(pi), nil
}

// Lookup implements Provider.
func (s *Stripe) Lookup(ctx context.Context, ref string) (Intent, error) {
	pi, err := s.client.V1PaymentIntents.Retrieve(ctx, ref, nil)
	if err != nil {
		return Intent{}, stripeError("payment.Stripe.Lookup", err)
	}
	return intentOf(pi), nil
}

// Cancel implements Provider. Stripe refuses to cancel a PaymentIntent that has succeeded; the
// answer is then the intent as it is, so the caller sees the success.
func (s *Stripe) Cancel(ctx context.Context, ref string) (Intent, error) {
	params := &stripe.PaymentIntentCancelParams{CancellationReason: stripe.String("abandoned")}
	pi, err := s.client.V1PaymentIntents.Cancel(ctx, ref, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodePaymentIntentUnexpectedState {
			return s.Lookup(ctx, ref)
		}
		return Intent{}, stripeError("payment.Stripe.Cancel", err)
	}
	return intentOf(pi), nil
}

// Refund implements Provider with Stripe's Refunds API, under the caller's idempotency key:
// Stripe answers a repeat with the first refund, and refuses the key with other parameters.
// Stripe checks the amount against what is left of the payment itself; its refusals are read
// into the shop's reasons (see refundError).
func (s *Stripe) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	if err := checkRefund(req); err != nil {
		return RefundResult{}, fmt.Errorf("payment.Stripe.Refund: %w", err)
	}
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(req.Ref), Amount: new(req.Amount.Minor)}
	params.AddMetadata("order_id", req.OrderID)
	if req.RefundID != "" {
		params.AddMetadata("refund_id", req.RefundID)
	}
	params.SetIdempotencyKey(req.IdempotencyKey)
	re, err := s.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, refundError("payment.Stripe.Refund", err)
	}
	return refundResultOf(re), nil
}

// LookupRefund implements Provider.
func (s *Stripe) LookupRefund(ctx context.Context, providerRef string) (RefundResult, error) {
	re, err := s.client.V1Refunds.Retrieve(ctx, providerRef, nil)
	if err != nil {
		return RefundResult{}, stripeError("payment.Stripe.LookupRefund", err)
	}
	out := refundResultOf(re)
	out.Live = s.live // asked with the shop's own keys: the refund is in the shop's mode
	return out, nil
}

// refundResultOf reads Stripe's refund: pending and requires_action (the shopper's bank needs
// details) are still pending; canceled returned nothing, so it is failed.
func refundResultOf(re *stripe.Refund) RefundResult {
	out := RefundResult{ProviderRef: re.ID, Status: RefundPending,
		Amount: money.Money{Minor: re.Amount, Currency: strings.ToUpper(string(re.Currency))}}
	switch re.Status {
	case stripe.RefundStatusSucceeded:
		out.Status = RefundSucceeded
	case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
		out.Status = RefundFailed
		out.FailureMessage = refundFailure(re.Status, re.FailureReason)
	}
	return out
}

// refundError reads Stripe's refusals of a refund into the shop's reasons, keeping Stripe's
// error in the chain; anything else is classified as every call's (stripeError).
func refundError(op string, err error) error {
	var se *stripe.Error
	if !errors.As(err, &se) {
		return stripeError(op, err)
	}
	var ae *apperr.Error
	switch {
	case se.Type == stripe.ErrorTypeIdempotency:
		// The key was first used with other parameters: another refund, never to be merged.
		ae = apperr.Invalid("idempotency_key", "idempotency_key_reused",
			"This idempotency key was already used for another refund.")
	case se.Code == stripe.ErrorCodeAmountTooLarge, se.Code == stripe.ErrorCodeChargeAlreadyRefunded:
		ae = apperr.FailedPrecondition("refund_exceeds_payment", "A refund can be at most what is left of the payment to refund.")
	case se.Code == stripe.ErrorCodeChargeNotRefundable, se.Code == stripe.ErrorCodePaymentIntentUnexpectedState,
		se.Code == stripe.ErrorCodeChargeDisputed, se.Code == stripe.ErrorCodeRefundDisputedPayment:
		ae = apperr.FailedPrecondition("payment_not_refundable", "Only a succeeded payment can be refunded.")
	default:
		return stripeError(op, err)
	}
	return fmt.Errorf("%s: %w: %w", op, ae, err)
}

func intentOf(pi *stripe.PaymentIntent) Intent {
	in := Intent{Ref: pi.ID, ClientSecret: pi.ClientSecret, OrderID: pi.Metadata["order_id"], Live: pi.Livemode,
		Amount: money.Money{Minor: pi.Amount, Currency: strings.ToUpper(string(pi.Currency))}}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded:
		in.Status = StatusSucceeded
	case stripe.PaymentIntentStatusCanceled:
		in.Status = StatusCanceled
	case stripe.PaymentIntentStatusProcessing:
		in.Status = StatusProcessing
	default:
		in.Status = StatusRequiresPayment
	}
	if pi.LastPaymentError != nil {
		in.FailureMessage = pi.LastPaymentError.Msg
		if in.Status == StatusRequiresPayment {
			in.Status = StatusFailed
		}
	}
	return in
}

// stripeError classifies Stripe's refusals: its 4xx answers about our request are faults to fix,
// not to retry; anything else (network, 5xx, rate limits) is the provider being unavailable.
func stripeError(op string, err error) error {
	var se *stripe.Error
	switch {
	case errors.As(err, &se) && se.HTTPStatusCode == 404:
		// A payment Stripe does not know (made with other keys): it can never succeed.
		nf := apperr.NotFound("payment_not_found", "The payment provider does not know this payment.")
		return fmt.Errorf("%s: %w: %w", op, nf, err)
	case errors.As(err, &se) && se.Code == "idempotency_key_in_use":
		// A twin request with the same key is still running at Stripe: retrying will get its answer.
	case errors.As(err, &se) && se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != 429:
		return fmt.Errorf("%s: %w", op, err)
	}
	ae := apperr.Unavailable("payment_provider_unavailable", err)
	ae.Message = "The payment provider cannot be reached. Please try again."
	return fmt.Errorf("%s: %w", op, ae)
}
