package api

import (
	"context"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/status"
)

// StatusHandler serves atelier.store.v1.StatusService.
type StatusHandler struct{ status *status.Service }

var _ storev1connect.StatusServiceHandler = (*StatusHandler)(nil)

// NewStatusHandler returns the status handler.
func NewStatusHandler(s *status.Service) *StatusHandler { return &StatusHandler{status: s} }

// GetStatus implements StatusService.GetStatus.
func (h *StatusHandler) GetStatus(ctx context.Context, _ *connect.Request[storev1.GetStatusRequest]) (*connect.Response[storev1.GetStatusResponse], error) {
	results := h.status.Results(ctx)
	out := make([]*storev1.StatusCheck, len(results))
	for i, r := range results {
		out[i] = &storev1.StatusCheck{Code: r.Code, Name: r.Name, State: statusStates[r.State], Message: r.Message}
	}
	return connect.NewResponse(&storev1.GetStatusResponse{Checks: out}), nil
}
