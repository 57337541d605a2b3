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
	"github.com/atelier-commerce/atelier/backend/internal/apikey"
)

// Authenticator turns a session token into the caller. It answers account.Anonymous, not an
// error, for a token that is unknown, expired or revoked; an error means it could not tell (the
// database is down), and the request fails rather than continue as a guest. The account service
// implements it.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (account.Principal, error)
}

// KeyAuthenticator turns an API key ("atl_…") into the key's caller; found is false for a key
// that is unknown, revoked or no longer backed by an admin. The apikey service implements it.
type KeyAuthenticator interface {
	Authenticate(ctx context.Context, secret string) (c apikey.Caller, found bool, err error)
}

// Authorizer decides whether a role, or a key's scopes, may call a procedure; authz.Authorizer
// implements it.
type Authorizer interface {
	Allow(role account.Role, procedure string) bool
	AllowScopes(scopes []string, procedure string) bool
}

// Auth is how the API tells who is calling and what they may do.
type Auth struct {
	Sessions Authenticator
	// Keys authenticates partners' API keys; nil refuses every key.
	Keys   KeyAuthenticator
	Policy Authorizer
	// UnknownKey is called when a request presents a key that is not live, before it is answered
	// 401; an error (a rate limit's refusal) is answered instead. Trying keys is charged to the
	// client's address, so guessing costs what any request costs. Nil charges nothing.
	UnknownKey func(ctx context.Context) error
}

// authInterceptor establishes who is calling and refuses procedures their role may not call. It
// runs before validation, so a caller who may not call a procedure learns nothing about what the
// procedure expects, and inside the error mapping, so its own infrastructure errors are logged
// and hidden like any other.
type authInterceptor struct {
	authn      Authenticator
	keys       KeyAuthenticator
	authz      Authorizer
	unknownKey func(ctx context.Context) error
	logger     *slog.Logger
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
	if token, ok := bearerToken(h.Get("Authorization")); ok && apikey.LooksLikeKey(token) {
		return i.authorizeKey(ctx, procedure, h, token)
	}
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

// authorizeKey authenticates an API key and refuses the call unless the key may be used where it
// is sent from (a browser's Origin) and one of its scopes grants the procedure. A key has no
// account: its caller is anonymous to the services (its carts are guest carts), and what it
// changes is recorded as the key's, on behalf of the admin who made it.
func (i *authInterceptor) authorizeKey(ctx context.Context, procedure string, h http.Header, secret string) (context.Context, error) {
	var c apikey.Caller
	found := false
	if i.keys != nil {
		var err error
		if c, found, err = i.keys.Authenticate(ctx, secret); err != nil {
			return ctx, fmt.Errorf("api.authorize: API key: %w", err)
		}
	}
	if !found {
		if i.unknownKey != nil {
			if err := i.unknownKey(ctx); err != nil {
				return ctx, err
			}
		}
		// Unknown, revoked or orphaned: the answer is the same, so it tells a guesser nothing.
		ce := connect.NewError(connect.CodeUnauthenticated, errors.New("this API key is not valid"))
		ce.Meta().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		return ctx, withReason(ce, "invalid_api_key", nil)
	}
	ctx = apikey.WithCaller(account.WithPrincipal(ctx, account.Anonymous), c)
	if info := RequestInfoFrom(ctx); info != nil && info.Logger != nil {
		info.Logger = info.Logger.With("api_key_id", c.KeyID)
	}
	if origin := h.Get("Origin"); !c.AllowsOrigin(origin) {
		if c.Kind == apikey.Secret {
			return ctx, withReason(connect.NewError(connect.CodePermissionDenied,
				errors.New("a secret API key may not be used from a browser: use a publishable key there, and keep this one on your server")),
				"secret_key_in_browser", nil)
		}
		return ctx, withReason(connect.NewError(connect.CodePermissionDenied,
			errors.New("this API key may not be used from this origin")), "origin_not_allowed", nil)
	}
	if !i.authz.AllowScopes(c.Scopes, procedure) {
		return ctx, withReason(connect.NewError(connect.CodePermissionDenied,
			errors.New("this API key's scopes do not include this call")), "scope_missing", nil)
	}
	return ctx, nil
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
