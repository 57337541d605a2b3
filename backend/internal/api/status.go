package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/status"
)

// StatusHandler serves atelier.store.v1.StatusService.
type StatusHandler struct{ status *status.Service }

var _ storev1connect.StatusServiceHandler = (*StatusHandler)(nil)

// NewStatusHandler returns the status handler.
func NewStatusHandler(s *status.Service) *StatusHandler { return &StatusHandler{status: s} }

// GetStatus implements StatusService.GetStatus: up or down for everyone, every check's findings
// for admins.
func (h *StatusHandler) GetStatus(ctx context.Context, _ *connect.Request[storev1.GetStatusRequest]) (*connect.Response[storev1.GetStatusResponse], error) {
	admin := account.PrincipalFrom(ctx).Role == account.RoleAdmin
	report := h.status.Report(ctx, admin)
	out := make([]*storev1.StatusCheck, len(report.Checks))
	for i, r := range report.Checks {
		out[i] = &storev1.StatusCheck{Code: r.Code, Name: r.Name, State: statusStates[r.State], Message: r.Message}
	}
	res := connect.NewResponse(&storev1.GetStatusResponse{Checks: out, State: statusStates[report.State]})
	if admin {
		// An admin's answer must never be kept by a shared cache and handed to someone else.
		res = noStore(res)
	}
	return res, nil
}
