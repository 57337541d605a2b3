package telemetry

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

func TestMetricsHandler(t *testing.T) {
	t.Parallel()
	reg, err := metrics.NewRegistry()
	require.NoError(t, err)
	token := "a-scraper-token-of-some-length"
	h := MetricsHandler(reg, token, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusUnauthorized) })
	tests := map[string]struct {
		authorization string
		want          int
	}{
		"no credentials":    {"", http.StatusUnauthorized},
		"another token":     {"Bearer not-the-token-at-all-xx", http.StatusUnauthorized},
		"a prefix of it":    {"Bearer " + token[:10], http.StatusUnauthorized},
		"not a bearer":      {"Basic " + token, http.StatusUnauthorized},
		"the token":         {"Bearer " + token, http.StatusOK},
		"the token, padded": {"Bearer " + token + " ", http.StatusUnauthorized},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
			if tc.authorization != "" {
				req.Header.Set("Authorization", tc.authorization)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			require.Equal(t, tc.want, rec.Code)
			if tc.want == http.StatusUnauthorized {
				require.Equal(t, `Bearer realm="metrics"`, rec.Header().Get("WWW-Authenticate"))
				return
			}
			require.Contains(t, rec.Body.String(), "atelier_orders_paid_total")
			require.Contains(t, rec.Body.String(), `atelier_webhooks_deliveries_total{result="delivered"}`)
			require.Contains(t, rec.Body.String(), "go_goroutines")
		})
	}
}

// Requests are labelled by the procedure a Connect interceptor reports, else by the route
// pattern, else as unmatched: never by their path.
func TestHTTPLabels(t *testing.T) {
	t.Parallel()
	procedure := ProcedureInterceptor()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /test/health/{probe}", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("POST /test/rpc", func(w http.ResponseWriter, r *http.Request) {
		// What Connect does with the interceptor: the procedure comes from the call's spec.
		call := procedure(func(context.Context, connect.AnyRequest) (connect.AnyResponse, error) {
			return nil, errors.New("refused")
		})
		_, _ = call(r.Context(), &specRequest{spec: connect.Spec{Procedure: "/test.v1.Thing/Do"}})
		w.WriteHeader(http.StatusForbidden)
	})
	h := HTTP{Metrics: true, Route: func(r *http.Request) string { _, p := mux.Handler(r); return p }}.Wrap(mux)

	before := func(procedure, code string) float64 {
		return testutil.ToFloat64(metrics.HTTPRequests.WithLabelValues(procedure, code))
	}
	health, rpc, none := before("GET /test/health/{probe}", "204"), before("/test.v1.Thing/Do", "403"), before(unmatched, "404")
	for _, req := range []*http.Request{
		httptest.NewRequest(http.MethodGet, "/test/health/one", nil),
		httptest.NewRequest(http.MethodGet, "/test/health/two", nil),
		httptest.NewRequest(http.MethodPost, "/test/rpc", nil),
		httptest.NewRequest(http.MethodGet, "/test/no-such-path-8c1f", nil),
	} {
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	require.InDelta(t, health+2, before("GET /test/health/{probe}", "204"), 0)
	require.InDelta(t, rpc+1, before("/test.v1.Thing/Do", "403"), 0)
	require.InDelta(t, none+1, before(unmatched, "404"), 0)

	reg, err := metrics.NewRegistry()
	require.NoError(t, err)
	families, err := reg.Gather()
	require.NoError(t, err)
	for _, f := range families {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				require.NotContains(t, l.GetValue(), "no-such-path", "a raw path became a label")
				require.NotContains(t, l.GetValue(), "/test/health/one")
			}
		}
	}
}

type specRequest struct {
	connect.AnyRequest
	spec connect.Spec
}

func (s *specRequest) Spec() connect.Spec { return s.spec }

// With tracing on, a request gets a server span named by what served it, continuing a caller's
// trace; the span is current while the handler runs (so the request's log lines can name it).
func TestHTTPSpans(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewSpanRecorder()
	tracing := NewTracing(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)))
	var seen string
	h := HTTP{Tracing: tracing, Route: func(*http.Request) string { return "GET /api/health" }}.Wrap(
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			seen = TraceID(r.Context())
			w.WriteHeader(http.StatusInternalServerError)
		}))
	req := httptest.NewRequest(http.MethodGet, "/api/health", nil)
	req.Header.Set("Traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
	h.ServeHTTP(httptest.NewRecorder(), req)

	ended := spans.Ended()
	require.Len(t, ended, 1)
	span := ended[0]
	require.Equal(t, "GET /api/health", span.Name())
	require.Equal(t, trace.SpanKindServer, span.SpanKind())
	require.Equal(t, "0af7651916cd43dd8448eb211c80319c", span.SpanContext().TraceID().String(), "the caller's trace goes on")
	require.Equal(t, "0af7651916cd43dd8448eb211c80319c", seen)
	require.Equal(t, "Error", span.Status().Code.String())
}

// Off, the middleware is not there at all.
func TestHTTPOff(t *testing.T) {
	t.Parallel()
	next := http.NotFoundHandler()
	h := HTTP{}.Wrap(next)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	require.Equal(t, http.StatusNotFound, rec.Code)
	var tracing *Tracing
	require.False(t, tracing.Enabled())
	require.Nil(t, tracing.QueryTracer())
	require.Nil(t, tracing.JobMiddleware())
	i, err := tracing.ConnectInterceptor()
	require.NoError(t, err)
	require.Nil(t, i)
	require.Empty(t, TraceID(context.Background()))
}

// The queue is read at most once per interval, whatever the scrape rate; a failed reading
// reports down rather than old numbers.
func TestQueueCollector(t *testing.T) {
	t.Parallel()
	var reads atomic.Int32
	fail := atomic.Bool{}
	oldest := time.Now().Add(-90 * time.Second)
	c := QueueCollector(func(context.Context) (QueueStats, error) {
		reads.Add(1)
		if fail.Load() {
			return QueueStats{}, errors.New("database away")
		}
		return QueueStats{Waiting: 3, Retrying: 2, Failed: 1, Unrelayed: 4, OldestUnrelayed: oldest}, nil
	}, time.Hour).(*queueCollector)
	now := time.Now()
	c.now = func() time.Time { return now }

	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(c))
	expected := `
# HELP atelier_jobs Background jobs by state: waiting (available, scheduled, pending), retrying, failed (cancelled or discarded, kept for River's retention period).
# TYPE atelier_jobs gauge
atelier_jobs{state="failed"} 1
atelier_jobs{state="retrying"} 2
atelier_jobs{state="waiting"} 3
# HELP atelier_outbox_events Outbox events not yet handed to the job queue.
# TYPE atelier_outbox_events gauge
atelier_outbox_events 4
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(expected), "atelier_jobs", "atelier_outbox_events"))
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(expected), "atelier_jobs", "atelier_outbox_events"))
	require.Equal(t, int32(1), reads.Load(), "one reading for two scrapes within the interval")
	lag := gaugeValue(t, reg, "atelier_outbox_lag_seconds")
	require.InDelta(t, now.Sub(oldest).Seconds(), lag, 0.001)

	fail.Store(true)
	now = now.Add(2 * time.Hour)
	require.InDelta(t, 0.0, gaugeValue(t, reg, "atelier_jobs_stats_up"), 0)
	families, err := reg.Gather()
	require.NoError(t, err)
	require.Len(t, families, 1, "only the up gauge after a failed reading")
}

func gaugeValue(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	for _, f := range families {
		if f.GetName() == name {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}
