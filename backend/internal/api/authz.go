package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
)

// Authenticator turns a session token into the caller. It answers account.Anonymous, not an
// error, for a token that is unknown, expired or revoked; an error means it could not tell (the
// database is down), and the request fails rather than continue as a guest. The account service
// implements it.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (account.Principal, error)
}

// Authorizer decides whether a role may call a procedure; authz.Authorizer implements it.
type Authorizer interface {
	Allow(role account.Role, procedure string) bool
}

// authInterceptor establishes who is calling and refuses procedures their role may not call. It
// runs before validation, so a caller who may not call a procedure learns nothing about what the
// procedure expects, and inside the error mapping, so its own infrastructure errors are logged
// and hidden like any other.
type authInterceptor struct {
	authn  Authenticator
	authz  Authorizer
	logger *slog.Logger
}

var _ connect.Interceptor = (*authInterceptor)(nil)

func (i *authInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		ctx, err := i.authorize(ctx, req.Spec().Procedure, req.Header())
		if err != nil {
			return nil, err
		}
		return next(ctx, req)
	}
}

// WrapStreamingHandler applies the same check to streaming procedures, so that deny-by-default
// holds for one added later even though the contract has none today.
func (i *authInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		ctx, err := i.authorize(ctx, conn.Spec().Procedure, conn.RequestHeader())
		if err != nil {
			// The error-mapping interceptor wraps only unary calls.
			return toConnectError(ctx, LoggerFrom(ctx, i.logger), err)
		}
		return next(ctx, conn)
	}
}

func (i *authInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

// authorize authenticates the bearer token (if any), records the caller in ctx and in the
// request's log fields, and refuses the call when the caller's role may not make it: a caller who
// is not signed in is asked to sign in (401), a signed-in one is told no (403).
func (i *authInterceptor) authorize(ctx context.Context, procedure string, h http.Header) (context.Context, error) {
	p := account.Anonymous
	// A malformed Authorization header is treated like an unknown or expired token, which the
	// account service also answers as anonymous: public procedures keep working for a client
	// holding a garbled cookie, and protected ones answer 401 either way, so refusing it would
	// only break browsing without protecting anything.
	if token, ok := bearerToken(h.Get("Authorization")); ok {
		got, err := i.authn.Authenticate(ctx, token)
		if err != nil {
			return ctx, fmt.Errorf("api.authorize: authenticate: %w", err)
		}
		p = got
	}
	ctx = account.WithPrincipal(ctx, p)
	if info := RequestInfoFrom(ctx); info != nil && p.SignedIn() {
		info.AccountID = p.AccountID
		if info.Logger != nil {
			info.Logger = info.Logger.With("account_id", p.AccountID)
		}
	}
	if i.authz.Allow(p.Role, procedure) {
		return ctx, nil
	}
	if !p.SignedIn() {
		ce := connect.NewError(connect.CodeUnauthenticated, errors.New("sign in to continue"))
		// RFC 9110 §11.6.1: a 401 names the scheme that would be accepted.
		ce.Meta().Set("WWW-Authenticate", "Bearer")
		return ctx, withReason(ce, "unauthenticated", nil)
	}
	return ctx, withReason(connect.NewError(connect.CodePermissionDenied,
		errors.New("your account may not do this")), "permission_denied", nil)
}

// maxTokenLength bounds what is handed to the authenticator (which hashes it); session tokens
// are far shorter.
const maxTokenLength = 512

// token68 is the syntax of a bearer credential (RFC 6750 §2.1).
var token68 = regexp.MustCompile(`^[A-Za-z0-9\-._~+/]+=*$`)

// bearerToken extracts the token of an "Authorization: Bearer <token>" header. The scheme is
// case-insensitive (RFC 9110 §11.1); anything else is not a bearer token.
func bearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimLeft(token, " ")
	if token == "" || len(token) > maxTokenLength || !token68.MatchString(token) {
		return "", false
	}
	return token, true
}
