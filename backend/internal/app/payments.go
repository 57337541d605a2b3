package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/mail"
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

// orderConfirmation is the confirmation e-mail of a paid order, as the mail job sends it. A guest
// gets a link that carries the order's access token; a customer's link asks them to sign in.
func (a *App) orderConfirmation(ctx context.Context, orderID string) (string, mail.OrderConfirmation, error) {
	o, err := a.orders.Read(ctx, orderID)
	if err != nil {
		return "", mail.OrderConfirmation{}, err
	}
	if o.Status == order.StatusPendingPayment || o.Status == order.StatusPaymentFailed {
		return "", mail.OrderConfirmation{}, apperr.FailedPrecondition("order_not_paid", "order %s is not paid", o.ID)
	}
	link := a.cfg.StorefrontURL + "/orders/" + o.ID
	if o.AccountID == "" {
		link += "?token=" + a.orders.AccessToken(o.ID)
	}
	d := mail.OrderConfirmation{FirstName: o.Shipping.FirstName, Number: o.Number, PlacedAt: o.CreatedAt,
		Subtotal: o.Subtotal.String(), VAT: o.VAT.String(), Total: o.Total.String(),
		Delivery: deliveryText(o.Delivery), DeliveryPrice: o.Delivery.Price.String(),
		RequiresSignature: o.RequiresSignature, ShippingAddress: addressLines(o.Shipping), OrderURL: link}
	if o.Delivery.Price.Minor == 0 {
		d.DeliveryPrice = "Free"
	}
	for _, l := range o.Lines {
		d.Lines = append(d.Lines, mail.OrderLine{Name: l.Name, Quantity: l.Quantity, LineTotal: l.LineTotal.String()})
	}
	return o.Email, d, nil
}

func deliveryText(d order.Delivery) string {
	var details []string
	for _, s := range []string{d.Carrier, d.Estimate} {
		if s != "" {
			details = append(details, s)
		}
	}
	if len(details) == 0 {
		return d.Name
	}
	return fmt.Sprintf("%s (%s)", d.Name, strings.Join(details, ", "))
}

func addressLines(ad order.Address) []string {
	country, ok := checkout.CountryName(ad.CountryCode)
	if !ok {
		country = ad.CountryCode
	}
	var out []string
	for _, l := range []string{ad.FirstName + " " + ad.LastName, ad.Line1, ad.Line2, ad.City, ad.Region, ad.Postcode, country} {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
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
