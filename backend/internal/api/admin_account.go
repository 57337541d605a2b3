package api

import (
	"context"
	"math"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	typev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/type/v1"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminAccountHandler serves atelier.admin.v1.AccountService. Only admins reach it: the
// authorization interceptor refuses everyone else before the handler runs.
type AdminAccountHandler struct{ accounts *account.Service }

var _ adminv1connect.AccountServiceHandler = (*AdminAccountHandler)(nil)

// NewAdminAccountHandler returns the admin account handler.
func NewAdminAccountHandler(a *account.Service) *AdminAccountHandler {
	return &AdminAccountHandler{accounts: a}
}

// ListAccounts implements AccountService.ListAccounts.
func (h *AdminAccountHandler) ListAccounts(ctx context.Context, req *connect.Request[adminv1.ListAccountsRequest]) (*connect.Response[adminv1.ListAccountsResponse], error) {
	m := req.Msg
	page, err := h.accounts.ListAccounts(ctx, account.AccountQuery{Query: m.GetQuery(), Role: roleFromProto(m.GetRole()),
		PageSize: int(m.GetPageSize()), PageToken: m.GetPageToken()})
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListAccountsResponse{NextPageToken: page.NextPageToken, Accounts: make([]*adminv1.Account, len(page.Accounts))}
	for i, u := range page.Accounts {
		out.Accounts[i] = adminAccountProto(u)
	}
	return noStore(connect.NewResponse(out)), nil
}

// UpdateAccountRole implements AccountService.UpdateAccountRole.
func (h *AdminAccountHandler) UpdateAccountRole(ctx context.Context, req *connect.Request[adminv1.UpdateAccountRoleRequest]) (*connect.Response[adminv1.UpdateAccountRoleResponse], error) {
	u, err := h.accounts.UpdateAccountRole(ctx, account.PrincipalFrom(ctx), req.Msg.GetAccountId(), roleFromProto(req.Msg.GetRole()),
		req.Msg.GetTotpCode())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.UpdateAccountRoleResponse{Account: adminAccountProto(u)}), nil
}

// RevokeAccountSessions implements AccountService.RevokeAccountSessions.
func (h *AdminAccountHandler) RevokeAccountSessions(ctx context.Context, req *connect.Request[adminv1.RevokeAccountSessionsRequest]) (*connect.Response[adminv1.RevokeAccountSessionsResponse], error) {
	n, err := h.accounts.RevokeAccountSessions(ctx, account.PrincipalFrom(ctx), req.Msg.GetAccountId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.RevokeAccountSessionsResponse{RevokedSessions: int32(min(n, math.MaxInt32))}), nil
}

func roleFromProto(r typev1.Role) account.Role {
	switch r {
	case typev1.Role_ROLE_CUSTOMER:
		return account.RoleCustomer
	case typev1.Role_ROLE_ADMIN:
		return account.RoleAdmin
	}
	return ""
}

func adminAccountProto(u account.User) *adminv1.Account {
	a := &adminv1.Account{
		Id:        u.ID,
		FirstName: u.FirstName,
		LastName:  u.LastName,
		Email:     u.Email,
		Role:      roleProto(u.Role),
		CreatedAt: timestamppb.New(u.CreatedAt),
	}
	if !u.LastLoginAt.IsZero() {
		a.LastLoginAt = timestamppb.New(u.LastLoginAt)
	}
	return a
}
