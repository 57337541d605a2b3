package api

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"

	"connectrpc.com/connect"
)

// RequestInfo is what the HTTP layer and the handlers share about one request: its id for logs
// and error reports, the procedure once routing has resolved it, the client's address, and the
// caller's account once the session token has been checked (never the token itself).
type RequestInfo struct {
	ID        string
	Procedure string
	AccountID string // empty for anonymous callers
	Logger    *slog.Logger
	// ClientIP is the caller's address as the HTTP layer worked it out (the direct peer, or what
	// a trusted proxy reported); empty when unknown. Throttling (sign-ins, new carts, unpaid
	// orders, contact messages, newsletter sign-ups) is keyed on it.
	ClientIP string

	// refused is set once the request has been answered with an error before its handler ran.
	refused atomic.Bool
}

// MarkRefused records that the request has already been answered with an error. The REST
// transcoder (vanguard v0.4.0) decodes a body while the handler reads it, and when decoding
// fails it answers 400 but hands the handler an empty body, which would otherwise be served as
// a valid empty request: a malformed POST /api/v1/carts would still create a cart.
func (i *RequestInfo) MarkRefused() { i.refused.Store(true) }

type requestInfoKey struct{}

// WithRequestInfo returns ctx carrying info.
func WithRequestInfo(ctx context.Context, info *RequestInfo) context.Context {
	return context.WithValue(ctx, requestInfoKey{}, info)
}

// RequestInfoFrom returns the request's info, or nil outside a request.
func RequestInfoFrom(ctx context.Context) *RequestInfo {
	info, _ := ctx.Value(requestInfoKey{}).(*RequestInfo)
	return info
}

// ClientIPFrom returns the request's client address, or "" when unknown.
func ClientIPFrom(ctx context.Context) string {
	if info := RequestInfoFrom(ctx); info != nil {
		return info.ClientIP
	}
	return ""
}

// LoggerFrom returns the request's logger (with its id) or fallback.
func LoggerFrom(ctx context.Context, fallback *slog.Logger) *slog.Logger {
	if info := RequestInfoFrom(ctx); info != nil && info.Logger != nil {
		return info.Logger
	}
	return fallback
}

// procedureInterceptor records the procedure for the access log, and stops a request that has
// already been refused (RequestInfo.MarkRefused) from reaching its handler.
func procedureInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if info := RequestInfoFrom(ctx); info != nil {
				info.Procedure = req.Spec().Procedure
				if info.refused.Load() {
					// The caller has had its answer; the handler must not act on what is left.
					return nil, connect.NewError(connect.CodeInvalidArgument, errors.New("malformed request"))
				}
			}
			return next(ctx, req)
		}
	}
}

// HandlerOptions are the options every Connect handler is built with. The order matters: the
// procedure is recorded first; errors are mapped last (outermost); the caller is authenticated
// and authorized before the request is validated, so a caller refused a procedure learns nothing
// about its request shape; validation runs just before the handler.
func HandlerOptions(logger *slog.Logger, maxRequestBytes int, a Auth) ([]connect.HandlerOption, error) {
	if a.Sessions == nil || a.Policy == nil {
		return nil, errors.New("api: HandlerOptions needs an Authenticator and an Authorizer")
	}
	validate, err := validationInterceptor()
	if err != nil {
		return nil, err
	}
	auth := &authInterceptor{authn: a.Sessions, keys: a.Keys, authz: a.Policy, unknownKey: a.UnknownKey, logger: logger}
	return append([]connect.HandlerOption{
		connect.WithInterceptors(procedureInterceptor(), errorInterceptor(logger), auth, validate),
		connect.WithReadMaxBytes(maxRequestBytes),
	}, strictJSONCodecs()...), nil
}
