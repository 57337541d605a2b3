package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
)

// PaymentEvents receives the payment provider's events: it verifies each one's signature over
// the raw body, then applies it to its order. Stripe's deliveries (ServeHTTP) and the test mode's
// confirmations (Receive, delivered in-process) both come through here.
type PaymentEvents struct {
	webhooks *payment.Webhooks
	orders   *order.Service
	logger   *slog.Logger
}

// NewPaymentEvents returns the receiver of the events webhooks verifies.
func NewPaymentEvents(webhooks *payment.Webhooks, orders *order.Service, logger *slog.Logger) *PaymentEvents {
	return &PaymentEvents{webhooks: webhooks, orders: orders, logger: logger}
}

// Receive verifies and applies one event.
func (p *PaymentEvents) Receive(ctx context.Context, body []byte, signature string) error {
	ev, err := p.webhooks.Parse(body, signature)
	if err != nil {
		return err
	}
	return p.orders.ApplyEvent(ctx, ev)
}

// ServeHTTP serves POST /api/v1/webhooks/stripe. A refused event (bad signature, malformed)
// answers 400 and changes nothing; any failure of ours answers 500 — whatever its kind — so that
// Stripe delivers the event again later.
func (p *PaymentEvents) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	logger := LoggerFrom(r.Context(), p.logger)
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, payment.MaxEventBytes))
	if err != nil {
		WriteHTTPError(w, http.StatusRequestEntityTooLarge, RequestTooLarge(payment.MaxEventBytes))
		return
	}
	err = p.Receive(r.Context(), body, r.Header.Get(payment.SignatureHeader))
	if ae := apperr.As(err); ae != nil && ae.Kind == apperr.KindInvalid {
		logger.WarnContext(r.Context(), "webhook event refused", "reason", ae.Reason)
		WriteError(w, r, p.logger, err)
		return
	}
	if err != nil {
		logger.ErrorContext(r.Context(), "webhook event not applied; the provider will deliver it again", "error", err.Error())
		WriteHTTPError(w, http.StatusInternalServerError,
			withReason(connect.NewError(connect.CodeInternal, errors.New("internal error")), "internal", nil))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"received": true})
}

// writeJSON writes a successful plain HTTP answer; errors go through WriteHTTPError.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) //nolint:errchkjson // the status is sent; a failed write has no one left to tell
}
