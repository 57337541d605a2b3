package telemetry

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// HTTP is the middleware that measures and traces every request. It sits outside everything
// else (the request id and access log included) so that the request's logger can name the trace.
type HTTP struct {
	// Tracing, when on, gives each request a server span; its name is settled when the answer is
	// known, as "METHOD procedure".
	Tracing *Tracing
	// Metrics, when set, counts requests and their durations (metrics.HTTPRequests, HTTPDuration).
	Metrics bool
	// Route names a request that no Connect procedure claims: the pattern of the route that
	// serves it (e.g. "GET /api/health"), or "" when none does. Never the raw path, whose values
	// are the caller's to choose.
	Route func(*http.Request) string
}

// unmatched labels requests no route serves, so that probing random paths adds no series.
const unmatched = "unmatched"

// Wrap returns next behind the middleware, or next itself when there is nothing to do.
func (h HTTP) Wrap(next http.Handler) http.Handler {
	if !h.Tracing.Enabled() && !h.Metrics {
		return next
	}
	var tracer trace.Tracer
	if h.Tracing.Enabled() {
		tracer = h.Tracing.provider.Tracer(instrumentation)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		label := &procedureLabel{}
		ctx := context.WithValue(r.Context(), procedureKey{}, label)
		var span trace.Span
		if tracer != nil {
			ctx = propagator.Extract(ctx, propagation.HeaderCarrier(r.Header))
			ctx, span = tracer.Start(ctx, r.Method, trace.WithSpanKind(trace.SpanKindServer),
				trace.WithAttributes(attribute.String("http.request.method", r.Method)))
			defer span.End()
		}
		rec := &codeRecorder{ResponseWriter: w}
		// The route is looked up before serving: handlers may rewrite the request's URL.
		route := ""
		if h.Route != nil {
			route = h.Route(r)
		}
		next.ServeHTTP(rec, r.WithContext(ctx))
		name := label.get()
		if name == "" {
			name = route
		}
		if name == "" {
			name = unmatched
		}
		code := rec.code
		if code == 0 {
			code = http.StatusOK
		}
		if h.Metrics {
			metrics.HTTPRequests.WithLabelValues(name, strconv.Itoa(code)).Inc()
			metrics.HTTPDuration.WithLabelValues(name).Observe(time.Since(start).Seconds())
		}
		if span != nil {
			// "GET /api/health" already says its method; a procedure does not.
			spanName := name
			if !strings.HasPrefix(name, r.Method+" ") {
				spanName = r.Method + " " + name
			}
			span.SetName(spanName)
			span.SetAttributes(attribute.String("http.route", name), attribute.Int("http.response.status_code", code))
			if code >= http.StatusInternalServerError {
				span.SetStatus(codes.Error, http.StatusText(code))
			}
		}
	})
}

type procedureKey struct{}

// procedureLabel is where the Connect interceptor leaves the procedure for the middleware; a
// REST call learns it only once Vanguard has routed it to a handler.
type procedureLabel struct{ v atomic.Pointer[string] }

func (l *procedureLabel) get() string {
	if p := l.v.Load(); p != nil {
		return *p
	}
	return ""
}

// ProcedureInterceptor records each call's procedure for the middleware's labels and span name.
// Procedures are a fixed set, so the labels stay bounded whatever path a REST caller used.
func ProcedureInterceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if l, ok := ctx.Value(procedureKey{}).(*procedureLabel); ok {
				p := req.Spec().Procedure
				l.v.Store(&p)
			}
			return next(ctx, req)
		}
	}
}

// codeRecorder notes the status code written.
type codeRecorder struct {
	http.ResponseWriter
	code int
}

func (c *codeRecorder) WriteHeader(code int) {
	if c.code == 0 && code >= http.StatusOK { // 1xx answers (103 Early Hints) come before the real one
		c.code = code
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *codeRecorder) Write(b []byte) (int, error) {
	if c.code == 0 {
		c.code = http.StatusOK
	}
	return c.ResponseWriter.Write(b)
}

// Flush supports streamed answers.
func (c *codeRecorder) Flush() {
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (c *codeRecorder) Unwrap() http.ResponseWriter { return c.ResponseWriter }
