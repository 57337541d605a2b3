// Package api adapts the domain services to the generated Connect handlers: each method decodes
// its request, calls one service method and encodes the result. Errors are mapped to Connect codes
// (and through Vanguard to HTTP statuses) in exactly one place, this file.
package api

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// ErrorDomain names Atelier in ErrorInfo details.
const ErrorDomain = "atelier.store"

var kindCodes = map[apperr.Kind]connect.Code{
	apperr.KindInvalid:            connect.CodeInvalidArgument,
	apperr.KindNotFound:           connect.CodeNotFound,
	apperr.KindConflict:           connect.CodeAborted,
	apperr.KindFailedPrecondition: connect.CodeFailedPrecondition,
	apperr.KindUnauthenticated:    connect.CodeUnauthenticated,
	apperr.KindPermissionDenied:   connect.CodePermissionDenied,
	apperr.KindUnavailable:        connect.CodeUnavailable,
	apperr.KindAlreadyExists:      connect.CodeAlreadyExists,
	apperr.KindResourceExhausted:  connect.CodeResourceExhausted,
}

// toConnectError turns any error from a service into a Connect error whose message is safe to
// show. Unclassified errors are logged with the request id and answered as "internal error".
func toConnectError(ctx context.Context, logger *slog.Logger, err error) error {
	var cerr *connect.Error
	if errors.As(err, &cerr) {
		return cerr
	}
	if errors.Is(err, context.Canceled) {
		return connect.NewError(connect.CodeCanceled, errors.New("request cancelled"))
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return connect.NewError(connect.CodeDeadlineExceeded, errors.New("request timed out"))
	}
	ae := apperr.As(err)
	if ae == nil || ae.Kind == apperr.KindInternal {
		logger.ErrorContext(ctx, "internal error", "error", err.Error())
		return withReason(connect.NewError(connect.CodeInternal, errors.New("internal error")), "internal", nil)
	}
	if ae.Kind == apperr.KindUnavailable {
		logger.WarnContext(ctx, "dependency unavailable", "error", err.Error())
	}
	var meta map[string]string
	retryAfter := ""
	if ae.Kind == apperr.KindResourceExhausted && ae.RetryAfter > 0 {
		// Whole seconds, rounded up: waiting the advertised time must be enough.
		retryAfter = strconv.FormatInt(int64((ae.RetryAfter+time.Second-1)/time.Second), 10)
	}
	if ae.Field != "" || len(ae.Metadata) > 0 || retryAfter != "" {
		meta = make(map[string]string, len(ae.Metadata)+2)
		for k, v := range ae.Metadata {
			meta[k] = v
		}
		if ae.Field != "" {
			meta["field"] = ae.Field
		}
		if retryAfter != "" {
			meta["retry_after_seconds"] = retryAfter
		}
	}
	ce := connect.NewError(kindCodes[ae.Kind], errors.New(ae.Message))
	if retryAfter != "" {
		// Error metadata travels as response headers in Connect and, through Vanguard, in REST.
		ce.Meta().Set("Retry-After", retryAfter)
	}
	if ae.Kind == apperr.KindInvalid && ae.Field != "" {
		if d, err := connect.NewErrorDetail(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{
			Field: ae.Field, Description: ae.Message,
		}}}); err == nil {
			ce.AddDetail(d)
		}
	}
	return withReason(ce, ae.Reason, meta)
}

// withReason attaches the stable machine-readable reason clients switch on.
func withReason(ce *connect.Error, reason string, meta map[string]string) *connect.Error {
	if d, err := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: reason, Domain: ErrorDomain, Metadata: meta}); err == nil {
		ce.AddDetail(d)
	}
	return ce
}

// errorInterceptor applies toConnectError to every handler's result.
func errorInterceptor(logger *slog.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				return nil, toConnectError(ctx, LoggerFrom(ctx, logger), err)
			}
			return res, nil
		}
	}
}
