package app

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/status"
)

// newPayments builds the payment provider (Stripe when keys are configured, else the test mode),
// the verifier of its events, and the order and checkout services that use them.
func (a *App) newPayments(ctx context.Context) error {
	linkKey, err := db.SigningKey(ctx, a.pool, "order-links")
	if err != nil {
		return err
	}
	var provider payment.Provider
	var secret string
	if a.cfg.StripeConfigured() {
		stripe, err := payment.NewStripe(payment.StripeConfig{SecretKey: a.cfg.StripeSecretKey,
			PublishableKey: a.cfg.StripePublishableKey, APIURL: a.cfg.StripeAPIURL})
		if err != nil {
			return err
		}
		provider, secret = stripe, a.cfg.StripeWebhookSecret
	} else {
		testKey, err := db.SigningKey(ctx, a.pool, "test-payments")
		if err != nil {
			return err
		}
		a.testPayments = payment.NewTestProvider(a.pool, testKey)
		a.testPayments.DeliverTo(a.receiveEvent)
		provider, secret = a.testPayments, a.testPayments.WebhookSecret()
	}
	if a.webhooks, err = payment.NewWebhooks(secret); err != nil {
		return err
	}
	a.payments = provider
	a.orders = order.NewService(order.Config{Pool: a.pool, Provider: provider, LinkKey: linkKey,
		StockChanged: a.catalog.StockChanged, Logger: a.logger.With("component", "orders")})
	a.checkout = checkout.NewService(checkout.Config{Pool: a.pool, Shipping: a.shipping, Orders: a.orders,
		Provider: provider, ReservationTTL: a.cfg.OrderReservationTTL, StockChanged: a.catalog.StockChanged,
		Logger: a.logger.With("component", "checkout"),
		Caps: checkout.Caps{OrdersPerClient: a.cfg.UnpaidOrdersPerIP, UnitsPerClient: a.cfg.ReservedUnitsPerIP,
			OrdersPerEmail: a.cfg.UnpaidOrdersPerEmail, UnitsPerEmail: a.cfg.ReservedUnitsPerEmail},
		AccountEmail: func(ctx context.Context, accountID string) (string, error) {
			u, err := a.accounts.GetMe(ctx, account.Principal{AccountID: accountID, Role: account.RoleCustomer})
			return u.Email, err
		}})
	return nil
}

// receiveEvent is the webhook path: verify the signature over the raw body, then apply the
// event. Stripe's deliveries and the test mode's confirmations both come through here.
func (a *App) receiveEvent(ctx context.Context, body []byte, signature string) error {
	ev, err := a.webhooks.Parse(body, signature)
	if err != nil {
		return err
	}
	return a.orders.ApplyEvent(ctx, ev)
}

// stripeWebhook serves POST /api/v1/webhooks/stripe. A refused signature answers 400 and changes
// nothing; a failure of ours answers 500, so Stripe delivers the event again later.
func (a *App) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, payment.MaxEventBytes))
	if err != nil {
		writeJSON(w, http.StatusRequestEntityTooLarge, map[string]any{"code": "invalid_argument", "message": "the event is too large"})
		return
	}
	err = a.receiveEvent(r.Context(), body, r.Header.Get(payment.SignatureHeader))
	if ae := apperr.As(err); ae != nil && ae.Kind == apperr.KindInvalid {
		a.logger.WarnContext(r.Context(), "webhook event refused", "reason", ae.Reason)
		writeJSON(w, http.StatusBadRequest, map[string]any{"code": "invalid_argument", "message": ae.Message, "reason": ae.Reason})
		return
	}
	if err != nil {
		a.logger.ErrorContext(r.Context(), "webhook event not applied; the provider will deliver it again", "error", err.Error())
		writeJSON(w, http.StatusInternalServerError, map[string]any{"code": "internal", "message": "internal error"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"received": true})
}

// paymentsCheck reports the payment mode on the status page; it never shows a key.
func paymentsCheck(p payment.Provider) status.Check {
	return status.Check{Code: "payments", Name: "Payments", Probe: func(context.Context) (status.State, string, error) {
		if p == nil {
			return status.Failing, "Not set up", errors.New("no payment provider")
		}
		if p.Mode() == payment.ModeTest {
			return status.OK, "Test mode (no Stripe keys configured)", nil
		}
		if strings.HasPrefix(p.PublishableKey(), "pk_live_") {
			return status.OK, "Stripe (live)", nil
		}
		return status.OK, "Stripe (test keys)", nil
	}}
}
