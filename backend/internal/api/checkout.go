package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
)

// CheckoutHandler serves atelier.store.v1.CheckoutService.
type CheckoutHandler struct {
	checkout *checkout.Service
	provider payment.Provider
	urls     MediaURLs
}

var _ storev1connect.CheckoutServiceHandler = (*CheckoutHandler)(nil)

// NewCheckoutHandler returns the checkout handler.
func NewCheckoutHandler(c *checkout.Service, p payment.Provider, urls MediaURLs) *CheckoutHandler {
	return &CheckoutHandler{checkout: c, provider: p, urls: urls}
}

// GetCheckoutConfig implements CheckoutService.GetCheckoutConfig.
func (h *CheckoutHandler) GetCheckoutConfig(context.Context, *connect.Request[storev1.GetCheckoutConfigRequest]) (*connect.Response[storev1.GetCheckoutConfigResponse], error) {
	out := &storev1.GetCheckoutConfigResponse{
		PaymentMode:          paymentModeProto(h.provider.Mode()),
		StripePublishableKey: h.provider.PublishableKey(),
		DefaultCountryCode:   checkout.DefaultCountry,
	}
	for _, c := range checkout.Countries {
		out.Countries = append(out.Countries, &storev1.Country{Code: c.Code, Name: c.Name})
	}
	return connect.NewResponse(out), nil
}

// QuoteCheckout implements CheckoutService.QuoteCheckout.
func (h *CheckoutHandler) QuoteCheckout(ctx context.Context, req *connect.Request[storev1.QuoteCheckoutRequest]) (*connect.Response[storev1.QuoteCheckoutResponse], error) {
	q, err := h.checkout.Quote(ctx, caller(ctx), req.Msg.GetCartId())
	if err != nil {
		return nil, err
	}
	out := &storev1.QuoteCheckoutResponse{Subtotal: moneyProto(q.Subtotal), SubtotalVatIncluded: moneyProto(q.SubtotalVAT)}
	for _, o := range q.Options {
		out.DeliveryQuotes = append(out.DeliveryQuotes, &storev1.DeliveryQuote{Option: deliveryOptionProto(o.Option),
			DeliveryPrice: moneyProto(o.Totals.Delivery), Total: moneyProto(o.Totals.Total), VatIncluded: moneyProto(o.Totals.VAT)})
	}
	return connect.NewResponse(out), nil
}

// Checkout implements CheckoutService.Checkout.
func (h *CheckoutHandler) Checkout(ctx context.Context, req *connect.Request[storev1.CheckoutRequest]) (*connect.Response[storev1.CheckoutResponse], error) {
	m := req.Msg
	in := checkout.Request{
		CartID: m.GetCartId(), IdempotencyKey: m.GetIdempotencyKey(), Email: m.GetEmail(),
		Shipping: addressFromProto(m.GetShippingAddress()), DeliveryCode: m.GetDeliveryOptionCode(),
		RequiresSignature: m.GetRequiresSignature(), ClientIP: ClientIPFrom(ctx),
	}
	if m.GetBillingAddress() != nil {
		b := addressFromProto(m.GetBillingAddress())
		in.Billing = &b
	}
	res, err := h.checkout.Checkout(ctx, caller(ctx), in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.CheckoutResponse{
		Order: orderProto(res.Order, h.urls),
		Payment: &storev1.PaymentSession{Mode: paymentModeProto(res.Payment.Mode), ClientSecret: res.Payment.ClientSecret,
			StripePublishableKey: h.provider.PublishableKey()},
		OrderAccessToken: res.AccessToken,
	}), nil
}

func paymentModeProto(m payment.Mode) storev1.PaymentMode {
	switch m {
	case payment.ModeStripe:
		return storev1.PaymentMode_PAYMENT_MODE_STRIPE
	case payment.ModeTest:
		return storev1.PaymentMode_PAYMENT_MODE_TEST
	}
	return storev1.PaymentMode_PAYMENT_MODE_UNSPECIFIED
}
