// Package api adapts the domain services to the generated Connect handlers: each method decodes
// its request, calls one service method and encodes the result. Errors are mapped to Connect codes
// (and through Vanguard to HTTP statuses) in exactly one place, this file.
package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"
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
	if cerr, ok := errors.AsType[*connect.Error](err); ok {
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
		maps.Copy(meta, ae.Metadata)
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

// Reasons of requests refused before any handler ran.
const (
	reasonMalformedRequest  = "malformed_request"
	reasonUnknownField      = "unknown_field"
	reasonRequestTooLarge   = "request_too_large"
	reasonUnsupportedCoding = "unsupported_content_encoding"
)

// protoPrefix is the "proto: " protobuf-go starts its errors with (its space is at random a
// no-break space, to keep programs from matching on the text; only the prefix is matched here).
var protoPrefix = regexp.MustCompile(`^proto:[\s\x{00A0}]*`)

// unknownFieldPattern finds the field protojson names when it refuses one it does not know.
var unknownFieldPattern = regexp.MustCompile(`unknown field "([^"]*)"`)

// MalformedRequest is the answer to a request whose body or parameters cannot be decoded: wrong
// JSON types or values, duplicate or unknown fields, nesting beyond the limit, bytes that are not
// UTF-8. It is the caller's mistake (InvalidArgument, 400), never an internal error, and names
// the unknown field a partner mistyped so that it does not go unnoticed.
func MalformedRequest(err error) *connect.Error {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce
	}
	// The decoder's message may quote the offending bytes, which need not be UTF-8 themselves.
	text := protoPrefix.ReplaceAllString(strings.ToValidUTF8(err.Error(), "\uFFFD"), "")
	if m := unknownFieldPattern.FindStringSubmatch(text); m != nil {
		ce := connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("unknown field %q: the API does not accept it (see /api/docs)", m[1]))
		if d, derr := connect.NewErrorDetail(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{
			Field: m[1], Description: "unknown field",
		}}}); derr == nil {
			ce.AddDetail(d)
		}
		return withReason(ce, reasonUnknownField, map[string]string{"field": m[1]})
	}
	if strings.Contains(text, "invalid UTF-8") {
		return withReason(connect.NewError(connect.CodeInvalidArgument, errors.New("the request contains text that is not valid UTF-8")),
			reasonInvalidText, nil)
	}
	return withReason(connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("malformed request: %s", text)),
		reasonMalformedRequest, nil)
}

// RequestTooLarge is the answer to a body (after decompression) over the server's limit.
func RequestTooLarge(limit int64) *connect.Error {
	return withReason(connect.NewError(connect.CodeResourceExhausted,
		fmt.Errorf("the request body is larger than %d bytes", limit)), reasonRequestTooLarge,
		map[string]string{"limit_bytes": strconv.FormatInt(limit, 10)})
}

// UnsupportedContentEncoding is the answer to a request body compressed other than by gzip.
func UnsupportedContentEncoding(encoding string) *connect.Error {
	return withReason(connect.NewError(connect.CodeInvalidArgument,
		fmt.Errorf("content encoding %q is not supported; send gzip or no encoding", encoding)), reasonUnsupportedCoding, nil)
}

// WriteHTTPError answers a plain HTTP request (one no Connect or REST handler has taken yet) with
// status and the same JSON error body REST answers carry — a google.rpc.Status with code,
// message and details — so that a client parses one error shape everywhere.
func WriteHTTPError(w http.ResponseWriter, status int, ce *connect.Error) {
	if !hasErrorInfo(ce.Details()) {
		ce = withReason(ce, defaultReason(ce.Code()), nil)
	}
	st := &rpcstatus.Status{Code: int32(ce.Code()), Message: ce.Message()}
	for _, d := range ce.Details() {
		st.Details = append(st.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type(), Value: d.Bytes()})
	}
	body, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(st)
	if err != nil {
		body = []byte(`{"code":13,"message":"internal error","details":[]}`)
	}
	for k, vs := range ce.Meta() {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// defaultReason is the reason of an error that was not given one: one raised by a library before
// any of Atelier's code ran (a malformed query parameter, an unknown path).
func defaultReason(code connect.Code) string {
	if code == connect.CodeInvalidArgument {
		return reasonMalformedRequest
	}
	return code.String()
}

func hasErrorInfo(details []*connect.ErrorDetail) bool {
	for _, d := range details {
		if d.Type() == "google.rpc.ErrorInfo" {
			return true
		}
	}
	return false
}

// NormalizeErrorBody makes a REST error body that a library wrote (Vanguard refusing a query
// parameter, say) carry what every error of the API carries: an ErrorInfo with a stable reason,
// so that clients can decide on the reason alone. A body that is not a google.rpc.Status, or
// already has a reason, is returned as it is.
func NormalizeErrorBody(body []byte) []byte {
	st := &rpcstatus.Status{}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(body, st); err != nil || st.GetCode() == 0 {
		return body
	}
	for _, d := range st.GetDetails() {
		if strings.HasSuffix(d.GetTypeUrl(), "/google.rpc.ErrorInfo") {
			return body
		}
	}
	info, err := anypb.New(&errdetails.ErrorInfo{Reason: defaultReason(connect.Code(st.GetCode())), Domain: ErrorDomain})
	if err != nil {
		return body
	}
	st.Details = append(st.Details, info)
	out, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(st)
	if err != nil {
		return body
	}
	return out
}
