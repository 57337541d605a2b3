package app

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/telemetry"
)

// requestIDPattern accepts ids from a trusted proxy only when they cannot corrupt a log line.
var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// nosniff is the X-Content-Type-Options value of every answer but JSON (statusRecorder), shared:
// header values are only ever replaced or appended to (which copies a full slice), never changed
// in place.
var nosniff = []string{"nosniff"}

// middleware wraps every request: an id (echoed in X-Request-Id), X-Content-Type-Options on every
// answer that needs it (statusRecorder), a bounded body read whole (readBoundedBody), panic
// recovery that answers 500 instead of dropping the connection, and one access-log line.
func (a *App) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-ID")
		if !requestIDPattern.MatchString(id) {
			id = newRequestID()
		}
		logger := a.logger.With("request_id", id)
		if trace := telemetry.TraceID(r.Context()); trace != "" {
			logger = logger.With("trace_id", trace)
		}
		info := &api.RequestInfo{ID: id, Logger: logger, ClientIP: clientIP(r, a.cfg.TrustedProxies)}
		// Written canonical and directly: Set would canonicalise the key and allocate on every request.
		w.Header()["X-Request-Id"] = []string{id}
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler { //nolint:errorlint // a recovered panic value, not an error chain: net/http panics with this value itself
					panic(p)
				}
				info.Logger.Error("panic", "panic", p, "stack", string(debug.Stack()))
				if !rec.wrote {
					api.WriteHTTPError(rec, http.StatusInternalServerError,
						connect.NewError(connect.CodeInternal, errors.New("internal error")))
				}
			}
			level := slog.LevelInfo
			if rec.status >= 500 {
				level = slog.LevelError
			}
			attrs := []any{"method", r.Method, "path", r.URL.Path, "status", rec.status, "bytes", rec.bytes,
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000}
			if info.Procedure != "" {
				attrs = append(attrs, "procedure", info.Procedure)
			}
			// info.Logger already names the account once the session was checked; the access
			// line is written with the same logger, so it does too.
			info.Logger.Log(r.Context(), level, "request", attrs...)
		}()
		if status, err := readBoundedBody(r, bodyLimit(r)); err != nil {
			info.Logger.Info("request refused before routing", "reason", err.Message())
			api.WriteHTTPError(rec, status, err)
			return
		}
		next.ServeHTTP(rec, r.WithContext(api.WithRequestInfo(r.Context(), info)))
	})
}

// clientIP is the caller's address: the direct peer, unless that peer is a trusted proxy, in
// which case X-Forwarded-For is read from the right, skipping trusted proxies, and the first
// address that is not one is the client. Entries further left were written by whoever sent the
// request and prove nothing, so they are never used.
func clientIP(r *http.Request, trusted []netip.Prefix) string {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return ""
	}
	addr := peer.Addr().Unmap()
	if !isTrusted(addr, trusted) {
		return addr.String()
	}
	hops := r.Header.Values("X-Forwarded-For")
	for _, field := range slices.Backward(hops) {
		parts := strings.Split(field, ",")
		for _, part := range slices.Backward(parts) {
			hop, err := netip.ParseAddr(strings.TrimSpace(part))
			if err != nil {
				// A garbled entry: the chain cannot be followed past it, so the last trusted hop
				// is as close to the client as can be known.
				return addr.String()
			}
			addr = hop.Unmap()
			if !isTrusted(addr, trusted) {
				return addr.String()
			}
		}
	}
	return addr.String()
}

// trustedAddress reports whether ip (as clientIP worked it out) is a trusted proxy's own: one that
// forwarded no client address.
func trustedAddress(ip string, trusted []netip.Prefix) bool {
	a, err := netip.ParseAddr(ip)
	return err == nil && isTrusted(a.Unmap(), trusted)
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// statusRecorder notes an answer's status and size for the access log, and adds
// X-Content-Type-Options: nosniff to its header as it goes out, unless the answer is JSON.
//
// A browser never sniffs application/json into something else (the MIME Sniffing Standard sniffs
// only answers without a type, or typed text/plain or application/octet-stream), and JSON that a
// page includes as a script is a syntax error, or blocked across origins (ORB). Every other
// answer, whose type a browser might second-guess or run (the documentation page, the API
// document, images, protobuf, answers net/http types by sniffing), carries it. Leaving it off
// JSON keeps a cached catalogue answer within the header fields that net/http handles cheaply
// (TestCachedAnswerHeaderBudget; ADR 012).
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
	wrote  bool
	// sent is set once the header has gone (or is about to go) out.
	sent bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	if code >= 200 {
		s.beforeHeader()
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	s.beforeHeader()
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// beforeHeader finishes the header of the answer, once, before it is sent.
func (s *statusRecorder) beforeHeader() {
	if s.sent {
		return
	}
	s.sent = true
	h := s.Header()
	if !isJSON(h["Content-Type"]) {
		h["X-Content-Type-Options"] = nosniff
	}
}

// isJSON reports whether a Content-Type header's values name JSON (application/json, with or
// without parameters).
func isJSON(contentType []string) bool {
	if len(contentType) != 1 {
		return false
	}
	mediaType, _, _ := strings.Cut(contentType[0], ";")
	return strings.EqualFold(strings.TrimSpace(mediaType), "application/json")
}

// Unwrap lets http.ResponseController reach the underlying writer (flushing, deadlines).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Flush supports streaming responses.
func (s *statusRecorder) Flush() {
	s.beforeHeader()
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
