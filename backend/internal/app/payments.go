package app

import (
	"context"
	"errors"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
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
		provider, secret = a.testPayments, a.testPayments.WebhookSecret()
	}
	webhooks, err := payment.NewWebhooks(secret)
	if err != nil {
		return err
	}
	a.payments = provider
	a.orders = order.NewService(order.Config{Pool: a.pool, Provider: provider, LinkKey: linkKey,
		StockChanged: a.catalog.StockChanged, Logger: a.logger.With("component", "orders"), TrackingURL: shipping.TrackingURL})
	a.checkout = checkout.NewService(checkout.Config{Pool: a.pool, Shipping: a.shipping, Orders: a.orders,
		Provider: provider, ReservationTTL: a.cfg.OrderReservationTTL, StockChanged: a.catalog.StockChanged,
		Logger: a.logger.With("component", "checkout"),
		Caps: checkout.Caps{OrdersPerClient: a.cfg.UnpaidOrdersPerIP, UnitsPerClient: a.cfg.ReservedUnitsPerIP,
			OrdersPerEmail: a.cfg.UnpaidOrdersPerEmail, UnitsPerEmail: a.cfg.ReservedUnitsPerEmail},
		AccountEmail: func(ctx context.Context, accountID string) (string, error) {
			u, err := a.accounts.GetMe(ctx, account.Principal{AccountID: accountID, Role: account.RoleCustomer})
			return u.Email, err
		}})
	// Stripe's deliveries and the test mode's confirmations take the same path.
	a.paymentEvents = api.NewPaymentEvents(webhooks, a.orders, a.logger)
	if a.testPayments != nil {
		a.testPayments.DeliverTo(a.paymentEvents.Receive)
	}
	return nil
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
