package app

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/logtest"
	"github.com/atelier-commerce/atelier/backend/internal/telemetry"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// observedShop is a server over a small catalogue, with the settings and tracing given.
func observedShop(t *testing.T, env map[string]string, opts ...Option) (string, *App, *logtest.Buffer) {
	t.Helper()
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	full := map[string]string{"DATABASE_URL": dbtest.URL(t), "PUBLIC_URL": srv.URL, "MEDIA_BUCKET_URL": "file://" + t.TempDir(),
		"CATALOG_CACHE_TTL": "0"}
	maps.Copy(full, env)
	cfg, err := config.Parse(func(k string) string { return full[k] })
	require.NoError(t, err)
	logs := &logtest.Buffer{}
	a, err := New(context.Background(), cfg, slog.New(slog.NewJSONHandler(logs, nil)), opts...)
	require.NoError(t, err)
	t.Cleanup(a.Close)
	for _, slug := range []string{"linen-shirt", "wool-scarf", "oak-stool", "clay-jug", "felt-hat", "silk-tie", "cane-chair", "tin-box"} {
		price := int64(4500)
		_, _, err := a.catalog.SaveProduct(context.Background(), catalog.ProductInput{Slug: slug, Name: strings.ToUpper(slug),
			Description: strings.Repeat("Made by hand in small batches. ", 4), Price: &price, Active: true, Published: true})
		require.NoError(t, err)
	}
	h, err := a.Handler()
	require.NoError(t, err)
	srv.Config.Handler = h
	return srv.URL, a, logs
}

// do sends a request without the transport's transparent gzip and returns the raw answer.
func do(t *testing.T, method, url string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, body
}

const metricsToken = "scrape-me-please-0123456789"

func TestMetricsEndpoint(t *testing.T) {
	t.Parallel()
	t.Run("off by default", func(t *testing.T) {
		t.Parallel()
		base, _, _ := observedShop(t, nil)
		res, body := do(t, http.MethodGet, base+"/metrics", "Authorization", "Bearer "+metricsToken)
		require.Equal(t, http.StatusNotFound, res.StatusCode)
		requireErrorBody(t, res.Header, body, "metrics off")
	})
	t.Run("on", func(t *testing.T) {
		t.Parallel()
		base, _, _ := observedShop(t, map[string]string{"METRICS_ENABLED": "on", "METRICS_TOKEN": metricsToken})
		for name, header := range map[string][]string{
			"no token":      nil,
			"another token": {"Authorization", "Bearer " + strings.Repeat("x", len(metricsToken))},
		} {
			res, body := do(t, http.MethodGet, base+"/metrics", header...)
			require.Equal(t, http.StatusUnauthorized, res.StatusCode, name)
			require.Equal(t, "unauthenticated", requireErrorBody(t, res.Header, body, name))
		}

		res, _ := do(t, http.MethodGet, base+"/api/v1/products?page_size=12")
		require.Equal(t, http.StatusOK, res.StatusCode)
		res, _ = do(t, http.MethodGet, base+"/api/health")
		require.Equal(t, http.StatusOK, res.StatusCode)
		res, _ = do(t, http.MethodGet, base+"/no/such/path-4f2a")
		require.Equal(t, http.StatusNotFound, res.StatusCode)

		res, body := do(t, http.MethodGet, base+"/metrics", "Authorization", "Bearer "+metricsToken)
		require.Equal(t, http.StatusOK, res.StatusCode)
		text := string(body)
		for _, want := range []string{
			// A REST call is labelled by the procedure it reached.
			`atelier_http_requests_total{code="200",procedure="/atelier.store.v1.CatalogService/ListProducts"}`,
			`atelier_http_request_duration_seconds_bucket{procedure="/atelier.store.v1.CatalogService/ListProducts",le="0.5"}`,
			`atelier_http_requests_total{code="200",procedure="GET /api/health"}`,
			`atelier_http_requests_total{code="404",procedure="unmatched"}`,
			`atelier_db_pool_max_conns{pool="store"}`,
			`atelier_db_pool_acquires_total{pool="store"}`,
			`atelier_jobs{state="waiting"}`,
			`atelier_jobs{state="failed"}`,
			"atelier_outbox_lag_seconds",
			"atelier_outbox_events",
			"atelier_jobs_stats_up 1",
			"atelier_orders_paid_total",
			"atelier_db_transaction_retries_total",
			`atelier_catalog_response_cache_requests_total{result="hit"}`,
			`atelier_webhooks_deliveries_total{result="failed"}`,
		} {
			require.Contains(t, text, want)
		}
		require.NotContains(t, text, "path-4f2a", "raw paths never become labels")
	})
}

// A request yields a server span named by its procedure, the procedure's span within it, and the
// database queries within that; its log lines carry the trace id beside the request id.
func TestTraces(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans))
	base, _, logs := observedShop(t, nil, WithTracing(telemetry.NewTracing(tp)))

	res, _ := do(t, http.MethodGet, base+"/api/v1/products?page_size=12", "X-Request-ID", "trace-test-request-1")
	require.Equal(t, http.StatusOK, res.StatusCode)

	const procedure = "atelier.store.v1.CatalogService/ListProducts"
	var server, rpc sdktrace.ReadOnlySpan
	require.Eventually(t, func() bool {
		for _, s := range spans.Ended() {
			switch s.Name() {
			case "GET /" + procedure:
				server = s
			case procedure:
				rpc = s
			}
		}
		return server != nil && rpc != nil
	}, 5*time.Second, 10*time.Millisecond)
	require.Equal(t, trace.SpanKindServer, server.SpanKind())
	require.Equal(t, server.SpanContext().SpanID(), rpc.Parent().SpanID(), "the procedure's span is within the request's")
	var queries int
	for _, s := range spans.Ended() {
		if s.InstrumentationScope().Name == "github.com/exaring/otelpgx" && s.Parent().SpanID() == rpc.SpanContext().SpanID() {
			queries++
			for _, kv := range s.Attributes() {
				require.NotEqual(t, "pgx.query.parameters", string(kv.Key), "bound values are never recorded")
			}
		}
	}
	require.Positive(t, queries, "the catalogue's queries are spans within the procedure's")

	traceID := server.SpanContext().TraceID().String()
	var line map[string]any
	for raw := range strings.SplitSeq(logs.String(), "\n") {
		if strings.Contains(raw, `"msg":"request"`) && strings.Contains(raw, "trace-test-request-1") {
			require.NoError(t, json.Unmarshal([]byte(raw), &line))
		}
	}
	require.NotNil(t, line, "the access log line: %s", logs.String())
	require.Equal(t, traceID, line["trace_id"])
	require.Equal(t, "trace-test-request-1", line["request_id"])
}

// Without an endpoint nothing is traced: no tracer on the pool, no trace id in the logs.
func TestNoTracesUnlessConfigured(t *testing.T) {
	t.Parallel()
	base, a, logs := observedShop(t, nil)
	require.False(t, a.tracing.Enabled())
	require.Nil(t, a.pool.Config().ConnConfig.Tracer)
	res, _ := do(t, http.MethodGet, base+"/api/health", "traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NotContains(t, logs.String(), "trace_id")
}

// REST answers are compressed above the threshold, through the transcoder and the response
// cache alike; small ones and clients that accept nothing get them plain.
func TestCompressedAnswers(t *testing.T) {
	t.Parallel()
	base, _, _ := observedShop(t, map[string]string{"CATALOG_CACHE_TTL": "1m", "METRICS_ENABLED": "on", "METRICS_TOKEN": metricsToken})
	counts := cacheCounter(t, base)

	plainRes, plain := do(t, http.MethodGet, base+"/api/v1/products?page_size=12")
	require.Equal(t, http.StatusOK, plainRes.StatusCode)
	require.Empty(t, plainRes.Header.Get("Content-Encoding"))
	require.Equal(t, "Accept-Encoding", plainRes.Header.Get("Vary"))
	require.Greater(t, len(plain), 1024, "a page big enough to compress")
	counts.require(t, 0, 1)

	for range 2 {
		res, body := do(t, http.MethodGet, base+"/api/v1/products?page_size=12", "Accept-Encoding", "gzip")
		require.Equal(t, http.StatusOK, res.StatusCode)
		counts.require(t, 1, 0)
		require.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
		require.Equal(t, "Accept-Encoding", res.Header.Get("Vary"))
		require.Equal(t, "application/json", res.Header.Get("Content-Type"))
		zr, err := gzip.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		unzipped, err := io.ReadAll(zr)
		require.NoError(t, err)
		require.JSONEq(t, string(plain), string(unzipped))
		require.Less(t, len(body), len(plain)/2)
	}

	res, body := do(t, http.MethodGet, base+"/api/v1/products?page_size=12", "Accept-Encoding", "zstd, gzip")
	require.Equal(t, "zstd", res.Header.Get("Content-Encoding"))
	require.Less(t, len(body), len(plain)/2)
	// Not in the cache: compressed on the way out instead.
	res, body = do(t, http.MethodGet, base+"/api/v1/products?page_size=12&sort=newest", "Accept-Encoding", "gzip")
	counts.require(t, 1, 1, "the zstd answer from the cache, and this one not")
	require.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
	require.Equal(t, []string{"Accept-Encoding"}, res.Header.Values("Vary"))
	require.Less(t, len(body), len(plain)/2)

	// Small: an error body from the transcoder (which would gzip it itself) and the health check.
	for _, path := range []string{"/api/v1/products?page_size=7", "/api/health"} {
		res, body := do(t, http.MethodGet, base+path, "Accept-Encoding", "gzip")
		require.Empty(t, res.Header.Get("Content-Encoding"), path)
		require.Less(t, len(body), 1024, path)
		require.True(t, json.Valid(body), "%s: %s", path, body)
	}
}
