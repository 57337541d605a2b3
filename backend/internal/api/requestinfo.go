package api

import (
	"context"
	"log/slog"

	"connectrpc.com/connect"
)

// RequestInfo is what the HTTP layer and the handlers share about one request: its id for logs
// and error reports, the procedure once routing has resolved it, and the client's address.
type RequestInfo struct {
	ID        string
	Procedure string
	Logger    *slog.Logger
	// ClientIP is the caller's address as the HTTP layer worked it out (the direct peer, or what
	// a trusted proxy reported); empty when unknown. Sign-in throttling is keyed on it.
	ClientIP string
}

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

// procedureInterceptor records the procedure for the access log.
func procedureInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if info := RequestInfoFrom(ctx); info != nil {
				info.Procedure = req.Spec().Procedure
			}
			return next(ctx, req)
		}
	}
}

// HandlerOptions are the options every Connect handler is built with. The order matters:
// the procedure is recorded first, errors are mapped last (outermost), validation runs before
// the handler.
func HandlerOptions(logger *slog.Logger, maxRequestBytes int) ([]connect.HandlerOption, error) {
	validate, err := validationInterceptor()
	if err != nil {
		return nil, err
	}
	return []connect.HandlerOption{
		connect.WithInterceptors(procedureInterceptor(), errorInterceptor(logger), validate),
		connect.WithReadMaxBytes(maxRequestBytes),
	}, nil
}
