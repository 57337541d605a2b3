// Package api adapts the domain services to the generated Connect handlers: each method decodes
// its request, calls one service method and encodes the result. Errors are mapped to Connect codes
// (and through Vanguard to HTTP statuses) in exactly one place, this file.
package api

import (
	"context"
	"encoding/base64"
	"encoding/json"
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
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
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
	if (ae.Kind == apperr.KindResourceExhausted || ae.Kind == apperr.KindUnavailable) && ae.RetryAfter > 0 {
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

// WriteError answers a plain HTTP request (one no Connect or REST handler serves: the payment
// webhook, the media files, readiness) with err mapped exactly as a handler's error is
// (toConnectError): the HTTP status REST gives its code, and the one JSON error body.
func WriteError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	var ce *connect.Error
	if !errors.As(toConnectError(r.Context(), LoggerFrom(r.Context(), logger), err), &ce) {
		ce = withReason(connect.NewError(connect.CodeInternal, errors.New("internal error")), "internal", nil)
	}
	WriteHTTPError(w, HTTPStatus(ce.Code()), ce)
}

// httpStatuses is google.rpc.Code's HTTP mapping, the one Vanguard answers REST requests with
// (vanguard v0.4.0, httpStatusCodeFromRPCIndex), so that a plain HTTP answer and a REST answer
// with the same code carry the same status.
var httpStatuses = map[connect.Code]int{
	connect.CodeCanceled:           499,
	connect.CodeUnknown:            http.StatusInternalServerError,
	connect.CodeInvalidArgument:    http.StatusBadRequest,
	connect.CodeDeadlineExceeded:   http.StatusGatewayTimeout,
	connect.CodeNotFound:           http.StatusNotFound,
	connect.CodeAlreadyExists:      http.StatusConflict,
	connect.CodePermissionDenied:   http.StatusForbidden,
	connect.CodeResourceExhausted:  http.StatusTooManyRequests,
	connect.CodeFailedPrecondition: http.StatusBadRequest,
	connect.CodeAborted:            http.StatusConflict,
	connect.CodeOutOfRange:         http.StatusBadRequest,
	connect.CodeUnimplemented:      http.StatusNotImplemented,
	connect.CodeInternal:           http.StatusInternalServerError,
	connect.CodeUnavailable:        http.StatusServiceUnavailable,
	connect.CodeDataLoss:           http.StatusInternalServerError,
	connect.CodeUnauthenticated:    http.StatusUnauthorized,
}

// HTTPStatus is the HTTP status of an error with code, as REST answers carry it.
func HTTPStatus(code connect.Code) int {
	if s, ok := httpStatuses[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// statusCodes are the codes of error answers that only have an HTTP status (a library's plain
// text answer): the inverse of httpStatuses where it is one to one, and the nearest code where
// it is not.
var statusCodes = map[int]connect.Code{
	499:                              connect.CodeCanceled,
	http.StatusBadRequest:            connect.CodeInvalidArgument,
	http.StatusUnauthorized:          connect.CodeUnauthenticated,
	http.StatusForbidden:             connect.CodePermissionDenied,
	http.StatusNotFound:              connect.CodeNotFound,
	http.StatusMethodNotAllowed:      connect.CodeUnimplemented,
	http.StatusConflict:              connect.CodeAborted,
	http.StatusRequestEntityTooLarge: connect.CodeResourceExhausted,
	http.StatusUnsupportedMediaType:  connect.CodeInvalidArgument,
	http.StatusTooManyRequests:       connect.CodeResourceExhausted,
	http.StatusNotImplemented:        connect.CodeUnimplemented,
	http.StatusServiceUnavailable:    connect.CodeUnavailable,
	http.StatusGatewayTimeout:        connect.CodeDeadlineExceeded,
}

// codeOfStatus is the code of an answer with status; other client errors are the caller's
// mistake (InvalidArgument), other server errors ours (Internal).
func codeOfStatus(status int) connect.Code {
	if code, ok := statusCodes[status]; ok {
		return code
	}
	if status < 500 {
		return connect.CodeInvalidArgument
	}
	return connect.CodeInternal
}

// Reasons of requests no route serves.
const (
	reasonNoRoute          = "not_found"
	reasonMethodNotAllowed = "method_not_allowed"
)

// NotFound answers a request for a path no route serves.
func NotFound(w http.ResponseWriter, _ *http.Request) {
	WriteHTTPError(w, http.StatusNotFound, withReason(connect.NewError(connect.CodeNotFound,
		errors.New("no such endpoint; the API is described at /api/docs")), reasonNoRoute, nil))
}

// Unauthenticated answers a request to an operational endpoint (/metrics) that lacks the
// credentials it needs: 401, reason unauthenticated, saying nothing about what was wrong.
func Unauthenticated(w http.ResponseWriter, _ *http.Request) {
	WriteHTTPError(w, http.StatusUnauthorized, withReason(connect.NewError(connect.CodeUnauthenticated,
		errors.New("unauthenticated")), "unauthenticated", nil))
}

// MethodNotAllowed answers a request whose path is served, but not for its method; allow lists
// the methods that are (the Allow header a 405 must carry).
func MethodNotAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	WriteHTTPError(w, http.StatusMethodNotAllowed, withReason(connect.NewError(connect.CodeUnimplemented,
		fmt.Errorf("this endpoint answers only %s; the API is described at /api/docs", allow)), reasonMethodNotAllowed, nil))
}

// AnswerUnrouted serves mux, except for what mux has no route for: a path no pattern matches
// (404) and a path matched only for other methods (405, with Allow) are answered in the API's
// error shape rather than with the plain text http.ServeMux writes.
func AnswerUnrouted(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		switch {
		case pattern != "" && !strings.Contains(pattern, "{"):
			// Served by the handler found, not by matching the request again: a pattern without
			// wildcards has no path values for the handler to read.
			r.Pattern = pattern
			h.ServeHTTP(w, r)
			return
		case pattern != "":
			mux.ServeHTTP(w, r) // which sets the path values
			return
		}
		// Only ServeMux knows which methods the path has; its answer is read, not sent.
		probe := &headerProbe{header: http.Header{}}
		h.ServeHTTP(probe, r)
		if probe.status == http.StatusMethodNotAllowed {
			MethodNotAllowed(w, probe.header.Get("Allow"))
			return
		}
		NotFound(w, r)
	})
}

// AnswerUnknownProcedures serves the handler of the Connect service mounted at path
// ("/package.Service/"), except for a procedure the service does not have, which the generated
// handler would answer with a plain-text 404: that is answered by NotFound.
func AnswerUnknownProcedures(path string, h http.Handler) (http.Handler, error) {
	service, err := serviceAt("api.AnswerUnknownProcedures", path)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for i := range service.Methods().Len() {
		known[path+string(service.Methods().Get(i).Name())] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !known[r.URL.Path] {
			NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	}), nil
}

// serviceAt is the descriptor of the Connect service mounted at path ("/package.Service/"); op
// names the caller in the error.
func serviceAt(op, path string) (protoreflect.ServiceDescriptor, error) {
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(strings.Trim(path, "/")))
	if err != nil {
		return nil, fmt.Errorf("%s: the service at %s: %w", op, path, err)
	}
	service, ok := d.(protoreflect.ServiceDescriptor)
	if !ok {
		return nil, fmt.Errorf("%s: %s is not a service", op, d.FullName())
	}
	return service, nil
}

// headerProbe records the status and headers of an answer and drops its body.
type headerProbe struct {
	header http.Header
	status int
}

func (p *headerProbe) Header() http.Header         { return p.header }
func (p *headerProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *headerProbe) WriteHeader(status int)      { p.status = status }

// fallbackErrorBody is the error body sent if an error cannot be encoded: still the one shape.
const fallbackErrorBody = `{"code":13,"message":"internal error","details":[` +
	`{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"internal","domain":"` + ErrorDomain + `","metadata":{}}]}`

// WriteHTTPError is the one writer of error answers outside Connect and Vanguard. It answers a
// plain HTTP request with status and the same JSON error body REST answers carry — a
// google.rpc.Status with a numeric code, a message and details, one of them an ErrorInfo with a
// reason — so that a client parses one error shape everywhere.
func WriteHTTPError(w http.ResponseWriter, status int, ce *connect.Error) {
	body := errorBody(ce)
	for k, vs := range ce.Meta() {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// errorBody encodes ce as a google.rpc.Status, with the default reason of its code when it was
// given none.
func errorBody(ce *connect.Error) []byte {
	if !hasErrorInfo(ce.Details()) {
		ce = withReason(ce, defaultReason(ce.Code()), nil)
	}
	st := &rpcstatus.Status{Code: int32(ce.Code()), Message: ce.Message()}
	for _, d := range ce.Details() {
		st.Details = append(st.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type(), Value: d.Bytes()})
	}
	body, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(st)
	if err != nil {
		return []byte(fallbackErrorBody)
	}
	return body
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
// so that clients can decide on the reason alone. A body that is not a google.rpc.Status at all
// (the plain text Vanguard answers a wrong method with) becomes one, its code taken from status
// and its message from the text. A body that already has a reason is returned as it is.
func NormalizeErrorBody(status int, body []byte) []byte {
	st := &rpcstatus.Status{}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(body, st); err != nil || st.GetCode() == 0 {
		return plainErrorBody(status, body)
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

// connectWireError is a Connect unary error body: its code's name, the message and the details,
// each a protobuf message's type name and base64 bytes.
type connectWireError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Details []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"details"`
}

// WriteConnectErrorBody writes again a Connect unary error answer (status and body) that Connect
// wrote itself, before any interceptor ran — its decoder refusing a body, say — so that it
// carries what every error of the API carries: an ErrorInfo with a stable reason (unknown_field
// naming the field, malformed_request, or the code's name), as NormalizeErrorBody does for REST.
// The answer keeps Connect's shape and code; one that has a reason, or is not a Connect error
// body, is written as it is.
func WriteConnectErrorBody(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	var wire connectWireError
	var code connect.Code
	if !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") ||
		json.Unmarshal(body, &wire) != nil || code.UnmarshalText([]byte(wire.Code)) != nil {
		writeAsIs(w, status, body)
		return
	}
	var details []*connect.ErrorDetail
	for _, d := range wire.Details {
		raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(d.Value, "="))
		if err != nil {
			writeAsIs(w, status, body)
			return
		}
		msg, err := anypb.UnmarshalNew(&anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type, Value: raw}, proto.UnmarshalOptions{})
		if err != nil || d.Type == "google.rpc.ErrorInfo" {
			writeAsIs(w, status, body)
			return
		}
		detail, err := connect.NewErrorDetail(msg)
		if err != nil {
			writeAsIs(w, status, body)
			return
		}
		details = append(details, detail)
	}
	ce := withReason(connect.NewError(code, errors.New(wire.Message)), defaultReason(code), nil)
	if code == connect.CodeInvalidArgument {
		ce = MalformedRequest(errors.New(wire.Message))
	}
	for _, d := range details {
		ce.AddDetail(d)
	}
	w.Header().Del("Content-Length")
	_ = connect.NewErrorWriter().Write(w, r, ce)
}

func writeAsIs(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// plainErrorBody is the error body of an answer a library gave only a status and some text.
func plainErrorBody(status int, text []byte) []byte {
	msg := strings.TrimSpace(strings.ToValidUTF8(string(text), "\uFFFD"))
	if msg == "" || len(msg) > 200 {
		msg = http.StatusText(status)
	}
	ce := connect.NewError(codeOfStatus(status), errors.New(msg))
	if status == http.StatusMethodNotAllowed {
		ce = withReason(ce, reasonMethodNotAllowed, nil)
	}
	return errorBody(ce)
}
