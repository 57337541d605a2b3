package api

import (
	"context"
	"errors"
	"strings"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
)

// TEMPORARY (issue 4, accounts branch): the authorization branch owns the real interceptor in
// authz.go (Casbin policy, deny by default). This stand-in lets the accounts branch run on its
// own: it resolves the bearer token to a Principal and keeps non-admins out of the admin
// services. The integrator deletes this file and its one use in app/routes.go.

// Authenticator resolves a bearer token; *account.Service is one.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (account.Principal, error)
}

// AuthenticateInterceptor puts the caller's Principal in the context.
func AuthenticateInterceptor(authn Authenticator) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			token := ""
			if scheme, rest, ok := strings.Cut(req.Header().Get("Authorization"), " "); ok && strings.EqualFold(scheme, "Bearer") {
				token = strings.TrimSpace(rest)
			}
			p, err := authn.Authenticate(ctx, token)
			if err != nil {
				return nil, err
			}
			if strings.HasPrefix(req.Spec().Procedure, "/atelier.admin.") && p.Role != account.RoleAdmin {
				if !p.SignedIn() {
					return nil, connect.NewError(connect.CodeUnauthenticated, errors.New("not signed in"))
				}
				return nil, connect.NewError(connect.CodePermissionDenied, errors.New("admins only"))
			}
			return next(account.WithPrincipal(ctx, p), req)
		}
	}
}
