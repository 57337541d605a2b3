package api

import (
	"context"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
)

// NewsletterHandler serves atelier.store.v1.NewsletterService.
type NewsletterHandler struct{ newsletter *newsletter.Service }

var _ storev1connect.NewsletterServiceHandler = (*NewsletterHandler)(nil)

// NewNewsletterHandler returns the newsletter handler.
func NewNewsletterHandler(n *newsletter.Service) *NewsletterHandler {
	return &NewsletterHandler{newsletter: n}
}

// Subscribe implements NewsletterService.Subscribe.
func (h *NewsletterHandler) Subscribe(ctx context.Context, req *connect.Request[storev1.SubscribeRequest]) (*connect.Response[storev1.SubscribeResponse], error) {
	email, err := h.newsletter.Subscribe(ctx, req.Msg.GetEmail(), ClientIPFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.SubscribeResponse{Email: email}), nil
}

// ConfirmSubscription implements NewsletterService.ConfirmSubscription.
func (h *NewsletterHandler) ConfirmSubscription(ctx context.Context, req *connect.Request[storev1.ConfirmSubscriptionRequest]) (*connect.Response[storev1.ConfirmSubscriptionResponse], error) {
	email, err := h.newsletter.Confirm(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ConfirmSubscriptionResponse{Email: email}), nil
}

// Unsubscribe implements NewsletterService.Unsubscribe.
func (h *NewsletterHandler) Unsubscribe(ctx context.Context, req *connect.Request[storev1.UnsubscribeRequest]) (*connect.Response[storev1.UnsubscribeResponse], error) {
	if err := h.newsletter.Unsubscribe(ctx, req.Msg.GetToken()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.UnsubscribeResponse{}), nil
}
