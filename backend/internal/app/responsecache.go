package app

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

// responseCache keeps the encoded REST answers to public catalogue reads. The catalogue already
// caches its query results, but profiling `just bench` showed most of a cached request's time
// going into encoding the same page as JSON again; this keeps the bytes instead. Entries live as
// long as the catalogue's own cache (CATALOG_CACHE_TTL) and die at once when the catalogue's
// generation moves (a write through this process). Only GETs of the catalogue routes that answer
// 200 are kept. Whether a request was answered from it is counted (hits, misses; served as
// metrics), not said in each answer: one more header would take a cached answer past the 8 fields
// net/http handles cheaply (TestCachedAnswerHeaderBudget, ADR 012).
type responseCache struct {
	ttl        time.Duration
	generation func() uint64
	now        func() time.Time

	mu      sync.RWMutex
	entries map[string]*cachedResponse

	// hits and misses count the cacheable requests answered from the cache and the others.
	hits, misses atomic.Uint64
}

type cachedResponse struct {
	header     http.Header
	body       []byte
	etag       string
	generation uint64
	// etagValue and lengthValue are the ETag and the plain body's Content-Length as header
	// values, shared by every hit (header values are replaced or appended to, never changed).
	etagValue   []string
	lengthValue []string
	expires     time.Time

	// encoded holds the body compressed, per coding, made at the first request that accepts it:
	// compressing the same page again for every hit would cost more than the cache saves.
	mu      sync.Mutex
	encoded map[string][]byte
}

// Bounds on what is kept: search text makes keys unbounded, so past maxEntries the cache starts
// afresh; a response larger than maxBody (a huge "All" page) is not worth holding.
const (
	responseCacheMaxEntries = 2000
	responseCacheMaxBody    = 1 << 20
)

// cacheableRoutes are the REST reads whose answers depend only on the catalogue. A hit is
// answered before the authorization interceptor runs, so they must stay open to anonymous
// callers (TestCachedRoutesArePublic).
var cacheableRoutes = []string{"/api/v1/products", "/api/v1/featured-products", "/api/v1/categories"}

func newResponseCache(ttl time.Duration, generation func() uint64) *responseCache {
	return &responseCache{ttl: ttl, generation: generation, now: time.Now, entries: map[string]*cachedResponse{}}
}

func cacheable(r *http.Request) bool {
	// A request with credentials (an API key, whose scopes and revocation are checked on every
	// request) goes to the authorization interceptor, which a cached answer would skip.
	if r.Method != http.MethodGet || r.Header.Get("Authorization") != "" {
		return false
	}
	for _, route := range cacheableRoutes {
		if r.URL.Path == route || strings.HasPrefix(r.URL.Path, route+"/") {
			return true
		}
	}
	return false
}

func (c *responseCache) wrap(next http.Handler) http.Handler {
	if c.ttl <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !cacheable(r) {
			next.ServeHTTP(w, r)
			return
		}
		gen := c.generation()
		// The request as written is looked up first; query parameters in any order name the same
		// answer, so a miss is looked up again by the canonical order, which costs a parse.
		raw := r.URL.Path + "?" + r.URL.RawQuery
		c.mu.RLock()
		e := c.entries[raw]
		c.mu.RUnlock()
		key := raw
		if e == nil {
			key = r.URL.Path + "?" + r.URL.Query().Encode()
			c.mu.RLock()
			e = c.entries[key]
			c.mu.RUnlock()
		}
		if e != nil && e.generation == gen && c.now().Before(e.expires) {
			if key != raw {
				c.store(raw, e)
			}
			c.hits.Add(1)
			e.write(w, r)
			return
		}
		c.misses.Add(1)
		// Keep the stored body uncompressed, whatever this client accepts.
		r.Header.Del("Accept-Encoding")
		rec := &bufferedResponse{header: http.Header{}, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		if rec.status != http.StatusOK || rec.header.Get("Content-Encoding") != "" || rec.body.Len() > responseCacheMaxBody {
			rec.copyTo(w)
			return
		}
		e = newCachedResponse(rec.header, rec.body.Bytes(), gen, c.now().Add(c.ttl))
		c.store(key, e)
		if key != raw {
			c.store(raw, e)
		}
		e.write(w, r)
	})
}

// store keeps e under key.
func (c *responseCache) store(key string, e *cachedResponse) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= responseCacheMaxEntries {
		c.entries = map[string]*cachedResponse{}
	}
	c.entries[key] = e
}

// newCachedResponse keeps a recorded answer, with the header values every hit sends made once:
// a hit then adds them to the answer without allocating.
func newCachedResponse(header http.Header, body []byte, gen uint64, expires time.Time) *cachedResponse {
	header.Del("Content-Length")
	header.Del("Accept-Encoding") // vanguard v0.4.0 echoes it on responses
	for k, v := range header {
		// Full slices: a later Add on the answer's header copies instead of writing into ours.
		header[k] = slices.Clip(v)
	}
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	return &cachedResponse{header: header, body: body, generation: gen, expires: expires, etag: etag,
		etagValue: []string{etag}, lengthValue: []string{strconv.Itoa(len(body))}}
}

func (e *cachedResponse) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	maps.Copy(h, e.header)
	h["Etag"] = e.etagValue
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, e.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := e.body
	if enc := api.AcceptedEncoding(r.Context()); enc != "" && len(body) >= api.CompressMinBytes {
		if encoded := e.encodedAs(enc); encoded != nil {
			// What api.Compress would have sent; it passes an answer already encoded through.
			body = encoded
			h.Set("Content-Encoding", enc)
			if !slices.Contains(h.Values("Vary"), "Accept-Encoding") {
				h.Add("Vary", "Accept-Encoding")
			}
		}
	}
	h["Content-Length"] = e.lengthValue
	if len(body) != len(e.body) {
		h["Content-Length"] = []string{strconv.Itoa(len(body))}
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// encodedAs is the body in enc, or nil if it cannot be encoded (then it goes out plain, and
// api.Compress encodes it).
func (e *cachedResponse) encodedAs(enc string) []byte {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b, ok := e.encoded[enc]; ok {
		return b
	}
	b, err := api.Encode(enc, e.body)
	if err != nil {
		return nil
	}
	if e.encoded == nil {
		e.encoded = map[string][]byte{}
	}
	e.encoded[enc] = b
	return b
}

// bufferedResponse records a whole response so it can be stored before it is sent.
type bufferedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedResponse) Header() http.Header         { return b.header }
func (b *bufferedResponse) WriteHeader(code int)        { b.status = code }
func (b *bufferedResponse) Write(p []byte) (int, error) { return b.body.Write(p) }
func (b *bufferedResponse) Flush()                      {}

func (b *bufferedResponse) copyTo(w http.ResponseWriter) {
	h := w.Header()
	maps.Copy(h, b.header)
	w.WriteHeader(b.status)
	_, _ = w.Write(b.body.Bytes())
}

// collectors are the cache's counts as Prometheus metrics.
func (c *responseCache) collectors() []prometheus.Collector {
	count := func(result string, n *atomic.Uint64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: metrics.Namespace, Subsystem: "catalog", Name: "response_cache_requests_total",
			Help:        "Public catalogue reads (REST GETs) by whether the response cache answered them (hit) or not (miss).",
			ConstLabels: prometheus.Labels{"result": result},
		}, func() float64 { return float64(n.Load()) })
	}
	return []prometheus.Collector{count("hit", &c.hits), count("miss", &c.misses)}
}
