package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
)

// TestPaymentHandler serves atelier.store.v1.TestPaymentService.
type TestPaymentHandler struct {
	test *payment.TestProvider // nil when Stripe takes the payments
}

var _ storev1connect.TestPaymentServiceHandler = (*TestPaymentHandler)(nil)

// NewTestPaymentHandler returns the handler; test is nil when Stripe is configured.
func NewTestPaymentHandler(test *payment.TestProvider) *TestPaymentHandler {
	return &TestPaymentHandler{test: test}
}

// ConfirmTestPayment implements TestPaymentService.ConfirmTestPayment.
func (h *TestPaymentHandler) ConfirmTestPayment(ctx context.Context, req *connect.Request[storev1.ConfirmTestPaymentRequest]) (*connect.Response[storev1.ConfirmTestPaymentResponse], error) {
	if h.test == nil {
		return nil, apperr.FailedPrecondition("test_mode_off", "Test payments are off: this shop takes cards through Stripe.")
	}
	m := req.Msg
	orderID, err := h.test.Confirm(ctx, m.GetClientSecret(), payment.Card{Number: m.GetCardNumber(),
		ExpMonth: m.GetExpMonth(), ExpYear: m.GetExpYear(), CVC: m.GetCvc()})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ConfirmTestPaymentResponse{OrderId: orderID, Status: string(payment.StatusSucceeded)}), nil
}
