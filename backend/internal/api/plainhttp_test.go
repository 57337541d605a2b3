package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
)

// requireStatusBody checks the one error shape of every HTTP answer that is not a Connect
// answer, and returns its code and ErrorInfo.
func requireStatusBody(t *testing.T, rec *httptest.ResponseRecorder) (connect.Code, *errdetails.ErrorInfo) {
	t.Helper()
	require.Equal(t, "application/json", rec.Header().Get("Content-Type"), rec.Body.String())
	var raw map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &raw), rec.Body.String())
	require.IsType(t, float64(0), raw["code"], "a numeric code: %s", rec.Body.String())
	st := &rpcstatus.Status{}
	require.NoError(t, protojson.Unmarshal(rec.Body.Bytes(), st), rec.Body.String())
	require.NotZero(t, st.GetCode())
	require.NotEmpty(t, st.GetMessage())
	for _, d := range st.GetDetails() {
		info := &errdetails.ErrorInfo{}
		if d.MessageIs(info) {
			require.NoError(t, d.UnmarshalTo(info))
			require.NotEmpty(t, info.GetReason())
			require.Equal(t, ErrorDomain, info.GetDomain())
			return connect.Code(st.GetCode()), info
		}
	}
	t.Fatalf("no ErrorInfo in %s", rec.Body.String())
	return 0, nil
}

type failingStatus struct{ code connect.Code }

func (f failingStatus) GetStatus(context.Context, *connect.Request[storev1.GetStatusRequest]) (*connect.Response[storev1.GetStatusResponse], error) {
	return nil, connect.NewError(f.code, errors.New("failed"))
}

// A plain HTTP answer with a code carries the status a REST answer with that code carries.
func TestHTTPStatusIsVanguards(t *testing.T) {
	t.Parallel()
	for code := connect.CodeCanceled; code <= connect.CodeUnauthenticated; code++ {
		rest, err := vanguard.NewTranscoder([]*vanguard.Service{vanguard.NewService(
			storev1connect.NewStatusServiceHandler(failingStatus{code}))})
		require.NoError(t, err)
		rec := httptest.NewRecorder()
		rest.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/status", nil))
		require.Equal(t, rec.Code, HTTPStatus(code), code.String())
	}
	require.Equal(t, http.StatusInternalServerError, HTTPStatus(connect.Code(99)))
}

// WriteError maps a service's error as the Connect handlers do: code, status, reason, metadata.
func TestWriteErrorMapsAsHandlersDo(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		err        error
		status     int
		code       connect.Code
		reason     string
		retryAfter string
	}{
		"not found":  {apperr.NotFound("media_not_found", "no such file"), 404, connect.CodeNotFound, "media_not_found", ""},
		"invalid":    {apperr.Invalid("", "bad_signature", "the signature does not match"), 400, connect.CodeInvalidArgument, "bad_signature", ""},
		"throttled":  {apperr.TooManyRequests("too_many", 1500e6, "slow down"), 429, connect.CodeResourceExhausted, "too_many", "2"},
		"internal":   {errors.New("dial tcp: refused"), 500, connect.CodeInternal, "internal", ""},
		"conflict":   {apperr.Conflict("stale", "stale"), 409, connect.CodeAborted, "stale", ""},
		"a deadline": {context.DeadlineExceeded, 504, connect.CodeDeadlineExceeded, "deadline_exceeded", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := httptest.NewRecorder()
			WriteError(rec, httptest.NewRequest(http.MethodGet, "/media/x", nil), slog.New(slog.DiscardHandler), tc.err)
			require.Equal(t, tc.status, rec.Code)
			code, info := requireStatusBody(t, rec)
			require.Equal(t, tc.code, code)
			require.Equal(t, tc.reason, info.GetReason())
			require.Equal(t, tc.retryAfter, rec.Header().Get("Retry-After"))
		})
	}
}

// What http.ServeMux would answer in plain text — no route, or a route for other methods only —
// is answered in the error shape; what it routes is served as usual.
func TestAnswerUnrouted(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /thing", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	mux.HandleFunc("POST /thing", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	h := AnswerUnrouted(mux)

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/thing", nil))
	require.Equal(t, "ok", rec.Body.String())

	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodDelete, "/thing", nil))
	require.Equal(t, http.StatusMethodNotAllowed, rec.Code)
	require.Equal(t, "GET, HEAD, POST", rec.Header().Get("Allow"))
	code, info := requireStatusBody(t, rec)
	require.Equal(t, connect.CodeUnimplemented, code)
	require.Equal(t, "method_not_allowed", info.GetReason())

	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/other", nil))
	require.Equal(t, http.StatusNotFound, rec.Code)
	code, info = requireStatusBody(t, rec)
	require.Equal(t, connect.CodeNotFound, code)
	require.Equal(t, "not_found", info.GetReason())
}

// A library's plain-text error answer (Vanguard's 405) becomes the error shape; a google.rpc.Status
// without a reason gets its code's; one with a reason is left alone.
func TestNormalizeErrorBody(t *testing.T) {
	t.Parallel()
	normalized := func(status int, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", "application/json")
		_, _ = rec.Write(NormalizeErrorBody(status, []byte(body)))
		return rec
	}
	code, info := requireStatusBody(t, normalized(405, "Method Not Allowed\n"))
	require.Equal(t, connect.CodeUnimplemented, code)
	require.Equal(t, "method_not_allowed", info.GetReason())

	code, info = requireStatusBody(t, normalized(415, ""))
	require.Equal(t, connect.CodeInvalidArgument, code)
	require.Equal(t, "malformed_request", info.GetReason())

	code, info = requireStatusBody(t, normalized(400, `{"code": 3, "message": "bad query", "details": []}`))
	require.Equal(t, connect.CodeInvalidArgument, code)
	require.Equal(t, "malformed_request", info.GetReason())

	rec := httptest.NewRecorder()
	WriteHTTPError(rec, 404, withReason(connect.NewError(connect.CodeNotFound, errors.New("gone")), "cart_not_found", nil))
	require.Equal(t, rec.Body.String(), string(NormalizeErrorBody(404, rec.Body.Bytes())))
}

// The body written when an error cannot be encoded still has the one shape.
func TestFallbackErrorBodyHasTheShape(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	rec.Header().Set("Content-Type", "application/json")
	_, _ = rec.WriteString(fallbackErrorBody)
	code, info := requireStatusBody(t, rec)
	require.Equal(t, connect.CodeInternal, code)
	require.Equal(t, "internal", info.GetReason())
}

type pinger struct{ err error }

func (p pinger) Ping(context.Context) error { return p.err }

// Readiness says ok while the database answers, and 503 in the error shape when it does not.
func TestReady(t *testing.T) {
	t.Parallel()
	logger := slog.New(slog.DiscardHandler)
	rec := httptest.NewRecorder()
	Ready(pinger{}, logger)(rec, httptest.NewRequest(http.MethodGet, "/api/ready", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.JSONEq(t, `{"status": "ok", "database": "ok"}`, rec.Body.String())

	rec = httptest.NewRecorder()
	Ready(pinger{errors.New("connection refused")}, logger)(rec, httptest.NewRequest(http.MethodGet, "/api/ready", nil))
	require.Equal(t, http.StatusServiceUnavailable, rec.Code)
	require.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
	code, info := requireStatusBody(t, rec)
	require.Equal(t, connect.CodeUnavailable, code)
	require.Equal(t, "database_unreachable", info.GetReason())
}

// A procedure a Connect service lacks is answered in the error shape, not by the generated
// handler's plain-text 404; the service's own procedures reach it.
func TestAnswerUnknownProcedures(t *testing.T) {
	t.Parallel()
	path, h := storev1connect.NewStatusServiceHandler(failingStatus{connect.CodeUnavailable})
	served, err := AnswerUnknownProcedures(path, h)
	require.NoError(t, err)

	rec := httptest.NewRecorder()
	served.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path+"NoSuchProcedure", nil))
	require.Equal(t, http.StatusNotFound, rec.Code)
	code, info := requireStatusBody(t, rec)
	require.Equal(t, connect.CodeNotFound, code)
	require.Equal(t, "not_found", info.GetReason())

	req := httptest.NewRequest(http.MethodPost, path+"GetStatus", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	rec = httptest.NewRecorder()
	served.ServeHTTP(rec, req)
	require.Equal(t, http.StatusServiceUnavailable, rec.Code, "the handler answered: %s", rec.Body.String())

	_, err = AnswerUnknownProcedures("/atelier.store.v1.NoSuchService/", h)
	require.Error(t, err)
}
