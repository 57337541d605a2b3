package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/contact"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
)

// ContactHandler serves atelier.store.v1.ContactService.
type ContactHandler struct{ contact *contact.Service }

var _ storev1connect.ContactServiceHandler = (*ContactHandler)(nil)

// NewContactHandler returns the contact handler.
func NewContactHandler(c *contact.Service) *ContactHandler { return &ContactHandler{contact: c} }

// SendContactMessage implements ContactService.SendContactMessage.
func (h *ContactHandler) SendContactMessage(ctx context.Context, req *connect.Request[storev1.SendContactMessageRequest]) (*connect.Response[storev1.SendContactMessageResponse], error) {
	m := req.Msg
	id, err := h.contact.Send(ctx, contact.Message{Name: m.GetName(), Email: m.GetEmail(), Subject: m.GetSubject(), Body: m.GetMessage()}, ClientIPFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.SendContactMessageResponse{Id: id}), nil
}
