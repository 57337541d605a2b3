package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/stretchr/testify/require"
)

func TestResponseCache(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t), "MEDIA_BUCKET_URL": "file://" + t.TempDir(), "CATALOG_CACHE_TTL": "1h",
		"METRICS_ENABLED": "on", "METRICS_TOKEN": metricsToken}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	a, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(a.Close)
	save := func(slug string, price int64) {
		_, _, err := a.catalog.SaveProduct(context.Background(), catalog.ProductInput{Slug: slug, Name: slug, Price: &price, Active: true, Published: true})
		require.NoError(t, err)
	}
	save("first", 1000)
	h, err := a.Handler()
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	get := func(path string, header ...string) (*http.Response, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip
		require.NoError(t, err)
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		var out map[string]any
		if len(body) > 0 {
			require.NoError(t, json.Unmarshal(body, &out), string(body))
		}
		return res, out
	}

	counts := cacheCounter(t, srv.URL)

	res, body := get("/api/v1/products?page_size=12&sort=newest")
	counts.require(t, 0, 1)
	require.Equal(t, 1.0, body["total_count"])
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)

	res, _ = get("/api/v1/products?sort=newest&page_size=12", "Accept-Encoding", "gzip")
	counts.require(t, 1, 0, "the same query in another order")
	require.Empty(t, res.Header.Get("Content-Encoding"))
	require.Equal(t, "application/json", res.Header.Get("Content-Type"))
	require.NotEmpty(t, res.Header.Get("X-Request-ID"))

	res, _ = get("/api/v1/products?page_size=12&sort=newest", "If-None-Match", etag)
	require.Equal(t, http.StatusNotModified, res.StatusCode)
	counts.require(t, 1, 0)

	// A write through this process is visible at once.
	save("second", 2000)
	res, body = get("/api/v1/products?page_size=12&sort=newest")
	counts.require(t, 0, 1)
	require.Equal(t, 2.0, body["total_count"])
	require.NotEqual(t, etag, res.Header.Get("ETag"))

	// Errors are never kept.
	for range 2 {
		res, _ = get("/api/v1/products?page_size=7")
		require.Equal(t, http.StatusBadRequest, res.StatusCode)
		counts.require(t, 0, 1)
	}
	// Non-catalogue routes are not cached here; above all not carts, which change with every
	// write, nor the status page, which must show the state of the moment.
	res, _ = get("/api/v1/delivery-options")
	require.Equal(t, http.StatusOK, res.StatusCode)
	counts.require(t, 0, 0)
	created, err := a.carts.Create(context.Background(), "", "")
	require.NoError(t, err)
	for range 2 {
		for _, path := range []string{"/api/v1/carts/" + created.ID, "/api/v1/status"} {
			res, _ = get(path)
			require.Equal(t, http.StatusOK, res.StatusCode, path)
			require.Empty(t, res.Header.Get("ETag"), path)
			counts.require(t, 0, 0, path)
		}
	}
}

// cacheCounts follows the response cache's hit and miss counters on a shop's /metrics (served
// with metricsToken).
type cacheCounts struct {
	base      string
	hit, miss int
}

func cacheCounter(t *testing.T, base string) *cacheCounts {
	t.Helper()
	c := &cacheCounts{base: base}
	c.hit, c.miss = c.read(t)
	return c
}

func (c *cacheCounts) read(t *testing.T) (hit, miss int) {
	t.Helper()
	res, body := do(t, http.MethodGet, c.base+"/metrics", "Authorization", "Bearer "+metricsToken)
	require.Equal(t, http.StatusOK, res.StatusCode)
	counter := func(result string) int {
		re := regexp.MustCompile(`(?m)^atelier_catalog_response_cache_requests_total\{result="` + result + `"\} (\d+)$`)
		m := re.FindSubmatch(body)
		require.NotNil(t, m, "the %s counter", result)
		n, err := strconv.Atoi(string(m[1]))
		require.NoError(t, err)
		return n
	}
	return counter("hit"), counter("miss")
}

// require checks the hits and misses since the last check.
func (c *cacheCounts) require(t *testing.T, hits, misses int, msgAndArgs ...any) {
	t.Helper()
	hit, miss := c.read(t)
	require.Equal(t, [2]int{hits, misses}, [2]int{hit - c.hit, miss - c.miss}, msgAndArgs...)
	c.hit, c.miss = hit, miss
}

// A cached catalogue answer, the cheapest answer the API gives, carries at most 8 header fields:
// net/http keeps an answer's header in a Go map, which holds 8 entries in one group; past that,
// every answer pays for a grown map and for its copy, which cost the cached reads 8–14 % of their
// rate in `just bench` (ADR 012). A new header on every answer has to find its room.
func TestCachedAnswerHeaderBudget(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t), "MEDIA_BUCKET_URL": "file://" + t.TempDir(), "CATALOG_CACHE_TTL": "1h",
		"RATE_LIMIT_PER_CLIENT": "1000"}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	a, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(a.Close)
	price := int64(1000)
	id, _, err := a.catalog.SaveProduct(context.Background(), catalog.ProductInput{Slug: "budget", Name: "Budget", Price: &price,
		Active: true, Published: true})
	require.NoError(t, err)
	h, err := a.Handler()
	require.NoError(t, err)

	for _, path := range []string{"/api/v1/products?page_size=12", "/api/v1/products/" + id} {
		for _, round := range []string{"miss", "hit"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			res := rec.Result()
			require.Equal(t, http.StatusOK, res.StatusCode, path)
			for _, name := range []string{"Content-Type", "Content-Length", "ETag", "Vary", "X-Request-Id",
				"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} {
				require.NotEmpty(t, res.Header.Get(name), "%s (%s): %s", path, round, name)
			}
			require.LessOrEqual(t, len(res.Header), 8, "%s (%s): %v", path, round, res.Header)
		}
	}
}
