package api

import (
	"context"
	"fmt"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	typev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/type/v1"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AuthHandler serves atelier.store.v1.AuthService. The caller is the Principal the
// authentication interceptor put in the context.
type AuthHandler struct {
	accounts *account.Service
	// secureCookie says whether the back office's session cookie is Secure: the API is served
	// over HTTPS (PUBLIC_URL's scheme).
	secureCookie bool
}

var _ storev1connect.AuthServiceHandler = (*AuthHandler)(nil)

// NewAuthHandler returns the auth handler; publicOrigin is the API's own origin, e.g.
// "https://api.example.com".
func NewAuthHandler(a *account.Service, publicOrigin string) *AuthHandler {
	return &AuthHandler{accounts: a, secureCookie: strings.HasPrefix(publicOrigin, "https://")}
}

// Register implements AuthService.Register.
func (h *AuthHandler) Register(ctx context.Context, req *connect.Request[storev1.RegisterRequest]) (*connect.Response[storev1.RegisterResponse], error) {
	m := req.Msg
	u, s, err := h.accounts.Register(ctx, account.Profile{FirstName: m.GetFirstName(), LastName: m.GetLastName(), Email: m.GetEmail()},
		m.GetPassword(), ClientIPFrom(ctx))
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&storev1.RegisterResponse{User: userProto(u), Session: sessionProto(s)})), nil
}

// Login implements AuthService.Login.
func (h *AuthHandler) Login(ctx context.Context, req *connect.Request[storev1.LoginRequest]) (*connect.Response[storev1.LoginResponse], error) {
	m := req.Msg
	u, s, err := h.accounts.SignIn(ctx, account.Credentials{Email: m.GetEmail(), Password: m.GetPassword(),
		TOTPCode: m.GetTotpCode(), RecoveryCode: m.GetRecoveryCode()}, ClientIPFrom(ctx))
	if err != nil {
		return nil, err
	}
	if !FromBackOffice(ctx) {
		return noStore(connect.NewResponse(&storev1.LoginResponse{User: userProto(u), Session: sessionProto(s)})), nil
	}
	// Through the back office's door: only admins may use the back office, and its script never
	// holds the token. A customer's session, just made, is ended at once; an admin's goes into
	// the HttpOnly cookie, and the answer keeps only when it expires.
	if u.Role != account.RoleAdmin {
		if err := h.accounts.Logout(ctx, s.ID); err != nil {
			return nil, fmt.Errorf("api.Login: %w", err)
		}
		return nil, apperr.PermissionDenied("admin_only", "This account cannot use the back office.")
	}
	res := noStore(connect.NewResponse(&storev1.LoginResponse{User: userProto(u),
		Session: &storev1.Session{ExpiresAt: timestamppb.New(s.ExpiresAt)}}))
	res.Header().Add("Set-Cookie", adminCookie(s.Token, s.ExpiresAt, h.secureCookie))
	return res, nil
}

// Logout implements AuthService.Logout.
func (h *AuthHandler) Logout(ctx context.Context, _ *connect.Request[storev1.LogoutRequest]) (*connect.Response[storev1.LogoutResponse], error) {
	if err := h.accounts.Logout(ctx, account.PrincipalFrom(ctx).SessionID); err != nil {
		return nil, err
	}
	res := connect.NewResponse(&storev1.LogoutResponse{})
	if FromBackOffice(ctx) {
		res.Header().Add("Set-Cookie", adminCookie("", time.Time{}, h.secureCookie))
	}
	return res, nil
}

// GetMe implements AuthService.GetMe.
func (h *AuthHandler) GetMe(ctx context.Context, _ *connect.Request[storev1.GetMeRequest]) (*connect.Response[storev1.GetMeResponse], error) {
	u, err := h.accounts.GetMe(ctx, account.PrincipalFrom(ctx))
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&storev1.GetMeResponse{User: userProto(u)})), nil
}

// UpdateProfile implements AuthService.UpdateProfile.
func (h *AuthHandler) UpdateProfile(ctx context.Context, req *connect.Request[storev1.UpdateProfileRequest]) (*connect.Response[storev1.UpdateProfileResponse], error) {
	m := req.Msg
	u, err := h.accounts.UpdateProfile(ctx, account.PrincipalFrom(ctx),
		account.Profile{FirstName: m.GetFirstName(), LastName: m.GetLastName(), Email: m.GetEmail()}, m.GetCurrentPassword())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&storev1.UpdateProfileResponse{User: userProto(u)})), nil
}

// ChangePassword implements AuthService.ChangePassword.
func (h *AuthHandler) ChangePassword(ctx context.Context, req *connect.Request[storev1.ChangePasswordRequest]) (*connect.Response[storev1.ChangePasswordResponse], error) {
	if err := h.accounts.ChangePassword(ctx, account.PrincipalFrom(ctx), req.Msg.GetCurrentPassword(), req.Msg.GetNewPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ChangePasswordResponse{}), nil
}

// RequestPasswordReset implements AuthService.RequestPasswordReset.
func (h *AuthHandler) RequestPasswordReset(ctx context.Context, req *connect.Request[storev1.RequestPasswordResetRequest]) (*connect.Response[storev1.RequestPasswordResetResponse], error) {
	if err := h.accounts.RequestPasswordReset(ctx, req.Msg.GetEmail(), ClientIPFrom(ctx)); err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.RequestPasswordResetResponse{}), nil
}

// ConfirmPasswordReset implements AuthService.ConfirmPasswordReset.
func (h *AuthHandler) ConfirmPasswordReset(ctx context.Context, req *connect.Request[storev1.ConfirmPasswordResetRequest]) (*connect.Response[storev1.ConfirmPasswordResetResponse], error) {
	if err := h.accounts.ConfirmPasswordReset(ctx, req.Msg.GetToken(), req.Msg.GetNewPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ConfirmPasswordResetResponse{}), nil
}

// BeginTotpSetup implements AuthService.BeginTotpSetup.
func (h *AuthHandler) BeginTotpSetup(ctx context.Context, req *connect.Request[storev1.BeginTotpSetupRequest]) (*connect.Response[storev1.BeginTotpSetupResponse], error) {
	setup, err := h.accounts.BeginTOTPSetup(ctx, account.PrincipalFrom(ctx), req.Msg.GetCurrentPassword())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&storev1.BeginTotpSetupResponse{Secret: setup.Secret, OtpauthUri: setup.URI})), nil
}

// EnableTotp implements AuthService.EnableTotp.
func (h *AuthHandler) EnableTotp(ctx context.Context, req *connect.Request[storev1.EnableTotpRequest]) (*connect.Response[storev1.EnableTotpResponse], error) {
	codes, err := h.accounts.EnableTOTP(ctx, account.PrincipalFrom(ctx), req.Msg.GetCode())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&storev1.EnableTotpResponse{RecoveryCodes: codes})), nil
}

// DisableTotp implements AuthService.DisableTotp.
func (h *AuthHandler) DisableTotp(ctx context.Context, req *connect.Request[storev1.DisableTotpRequest]) (*connect.Response[storev1.DisableTotpResponse], error) {
	if err := h.accounts.DisableTOTP(ctx, account.PrincipalFrom(ctx), req.Msg.GetCurrentPassword(), req.Msg.GetCode()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.DisableTotpResponse{}), nil
}

// noStore keeps answers that carry a token or personal data out of every cache.
func noStore[T any](res *connect.Response[T]) *connect.Response[T] {
	res.Header().Set("Cache-Control", "no-store")
	return res
}

func roleProto(r account.Role) typev1.Role {
	switch r {
	case account.RoleCustomer:
		return typev1.Role_ROLE_CUSTOMER
	case account.RoleAdmin:
		return typev1.Role_ROLE_ADMIN
	}
	return typev1.Role_ROLE_UNSPECIFIED
}

func userProto(u account.User) *storev1.User {
	return &storev1.User{
		Id:        u.ID,
		FirstName: u.FirstName,
		LastName:  u.LastName,
		Email:     u.Email,
		Role:      roleProto(u.Role),
		CreatedAt: timestamppb.New(u.CreatedAt),

		TotpEnabled:           u.TOTPEnabled,
		TotpEnrolmentRequired: u.TOTPEnrolmentRequired,
	}
}

func sessionProto(s account.Session) *storev1.Session {
	return &storev1.Session{Token: s.Token, ExpiresAt: timestamppb.New(s.ExpiresAt)}
}
