package app

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/logtest"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// edgeShop is a server of its own for the tests of what arrives at the edge, with its database at
// hand (to prove a refused request changed nothing) and its log captured (to prove a client's
// mistake is not logged as the server's).
type edgeShop struct {
	url string
	app *App
	log *logtest.Buffer
}

func startEdgeShop(t testing.TB) *edgeShop {
	t.Helper()
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	env := map[string]string{"DATABASE_URL": dbtest.URL(t), "PUBLIC_URL": srv.URL, "MEDIA_BUCKET_URL": "file://" + t.TempDir(),
		"CATALOG_CACHE_TTL": "0", "STOREFRONT_URL": "https://shop.example",
		// These tests send hundreds of requests from one address; TestRateLimits has its own.
		"RATE_LIMIT_PER_CLIENT": "0",
		// So that /metrics is among the routes whose refusals are checked.
		"METRICS_ENABLED": "on", "METRICS_TOKEN": metricsToken}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	logs := &logtest.Buffer{}
	a, err := New(context.Background(), cfg, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	require.NoError(t, err)
	t.Cleanup(a.Close)
	a.authn = testTokens{next: a.accounts}
	h, err := a.Handler()
	require.NoError(t, err)
	srv.Config.Handler = h
	return &edgeShop{url: srv.URL, app: a, log: logs}
}

// fingerprint is every row of every store table (River's own bookkeeping aside), hashed per table.
func (s *edgeShop) fingerprint(t *testing.T) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := s.app.pool.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'river%'`)
	require.NoError(t, err)
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.NotEmpty(t, tables)
	out := map[string]string{}
	for _, table := range tables {
		var n int64
		var sum string
		require.NoError(t, s.app.pool.QueryRow(ctx, fmt.Sprintf(
			`SELECT count(*), coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') FROM %s t`,
			pgx.Identifier{table}.Sanitize())).Scan(&n, &sum))
		out[table] = fmt.Sprintf("%d/%s", n, sum)
	}
	return out
}

// errorLines are the log lines at ERROR.
func (s *edgeShop) errorLines() []string {
	var out []string
	for line := range strings.SplitSeq(s.log.String(), "\n") {
		if strings.Contains(line, `"level":"ERROR"`) {
			out = append(out, line)
		}
	}
	return out
}

// raw sends one request as built and returns the status, headers and body.
func raw(t *testing.T, req *http.Request) (int, http.Header, []byte) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, res.Header, body
}

// requireErrorBody checks the one error shape every answer of the API carries: JSON with a
// numeric code, a message and a list of details, one of which is an ErrorInfo with a reason.
func requireErrorBody(t *testing.T, header http.Header, body []byte, context string) (reason string) {
	t.Helper()
	require.Equal(t, "application/json", header.Get("Content-Type"), "%s: %s", context, body)
	var out struct {
		Code    *int              `json:"code"`
		Message *string           `json:"message"`
		Details []json.RawMessage `json:"details"`
	}
	require.NoError(t, json.Unmarshal(body, &out), "%s: %s", context, body)
	require.NotNil(t, out.Code, "%s: %s", context, body)
	require.NotNil(t, out.Message, "%s: %s", context, body)
	require.NotEmpty(t, *out.Message, "%s: %s", context, body)
	r, _ := errorInfo(t, jsonMapOf(t, body))
	return r
}

func jsonMapOf(t *testing.T, body []byte) jsonMap {
	t.Helper()
	var m jsonMap
	require.NoError(t, json.Unmarshal(body, &m))
	return m
}

func gzipped(t *testing.T, parts ...[]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	require.NoError(t, err)
	for _, p := range parts {
		_, err := zw.Write(p)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// bomb is a small gzip body that inflates to far more than the request limit: a valid JSON
// object whose one string field runs to size bytes.
func bomb(t *testing.T, size int) []byte {
	t.Helper()
	return gzipped(t, []byte(`{"email":"`), bytes.Repeat([]byte("a"), size), []byte(`"}`))
}

// A compressed body is limited by what it inflates to, on every kind of route: REST (with and
// without path parameters), Connect with JSON and with binary protobuf, gRPC's per-message
// compression, the payment webhook, the media files, the operational endpoints and an unknown
// path. The bomb is refused with 413 and the usual error body before any handler decodes it, and
// nothing is written.
func TestDecompressionBombsAreRefusedEverywhere(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	boom := bomb(t, 8<<20)
	require.Less(t, len(boom), maxRequestBytes/20, "the bomb is small on the wire")
	before := s.fingerprint(t)

	routes := []struct {
		name, method, path, contentType string
	}{
		{"REST create", http.MethodPost, "/api/v1/carts", "application/json"},
		{"REST with a path parameter", http.MethodPost, "/api/v1/carts/00000000-0000-4000-8000-000000000000/checkout", "application/json"},
		{"REST sign-in", http.MethodPost, "/api/v1/auth/login", "application/json"},
		{"REST read with a body", http.MethodGet, "/api/v1/products", "application/json"},
		{"Connect JSON", http.MethodPost, "/atelier.store.v1.CartService/CreateCart", "application/json"},
		{"Connect protobuf", http.MethodPost, "/atelier.store.v1.NewsletterService/Subscribe", "application/proto"},
		{"payment webhook", http.MethodPost, "/api/v1/webhooks/stripe", "application/json"},
		{"media", http.MethodGet, "/media/x.jpg", "application/json"},
		{"health", http.MethodGet, "/api/health", "application/json"},
		{"unknown path", http.MethodPost, "/no/such/thing", "application/json"},
	}
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			t.Parallel()
			for _, enc := range []string{"gzip", "x-gzip", "GZIP"} {
				req, err := http.NewRequest(rt.method, s.url+rt.path, bytes.NewReader(boom))
				require.NoError(t, err)
				req.Header.Set("Content-Type", rt.contentType)
				req.Header.Set("Content-Encoding", enc)
				if strings.HasPrefix(rt.path, "/atelier.") {
					req.Header.Set("Connect-Protocol-Version", "1")
				}
				status, header, body := raw(t, req)
				require.Equal(t, http.StatusRequestEntityTooLarge, status, "%s: %s", enc, body)
				require.Equal(t, "request_too_large", requireErrorBody(t, header, body, rt.name))
			}
		})
	}

	t.Run("gRPC message compression", func(t *testing.T) {
		t.Parallel()
		// One length-prefixed message, flagged compressed: a NewsletterService.Subscribe whose email
		// field (1) inflates past the limit.
		var msg bytes.Buffer
		msg.WriteByte(0x0a)
		msg.Write(binary.AppendUvarint(nil, 8<<20))
		msg.Write(bytes.Repeat([]byte("a"), 8<<20))
		compressed := gzipped(t, msg.Bytes())
		frame := append([]byte{1}, binary.BigEndian.AppendUint32(nil, uint32(len(compressed)))...)
		req, err := http.NewRequest(http.MethodPost, s.url+"/atelier.store.v1.NewsletterService/Subscribe",
			bytes.NewReader(append(frame, compressed...)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/grpc")
		req.Header.Set("Grpc-Encoding", "gzip")
		req.Header.Set("TE", "trailers")
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		_, err = io.Copy(io.Discard, res.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, "gRPC reports errors in its status trailer")
		grpcStatus := res.Trailer.Get("Grpc-Status") + res.Header.Get("Grpc-Status")
		require.Equal(t, "8", grpcStatus, "resource exhausted: %s%s", res.Trailer.Get("Grpc-Message"), res.Header.Get("Grpc-Message"))
	})

	t.Run("uncompressed, without a length", func(t *testing.T) {
		t.Parallel()
		// A chunked body announces no length: it is counted as it arrives.
		req, err := http.NewRequest(http.MethodPost, s.url+"/api/v1/carts",
			io.MultiReader(strings.NewReader(`{"x":"`), strings.NewReader(strings.Repeat("a", 2<<20)), strings.NewReader(`"}`)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		status, header, body := raw(t, req)
		require.Equal(t, http.StatusRequestEntityTooLarge, status, "%s", body)
		require.Equal(t, "request_too_large", requireErrorBody(t, header, body, "chunked"))
	})

	t.Run("other encodings", func(t *testing.T) {
		t.Parallel()
		for _, enc := range []string{"br", "deflate", "zstd", "gzip, gzip", "compress"} {
			req, err := http.NewRequest(http.MethodPost, s.url+"/api/v1/carts", strings.NewReader("{}"))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Content-Encoding", enc)
			status, header, body := raw(t, req)
			require.Equal(t, http.StatusUnsupportedMediaType, status, "%s: %s", enc, body)
			require.Equal(t, "unsupported_content_encoding", requireErrorBody(t, header, body, enc))
		}
	})

	t.Run("corrupt gzip", func(t *testing.T) {
		t.Parallel()
		req, err := http.NewRequest(http.MethodPost, s.url+"/api/v1/carts", strings.NewReader("not gzip at all"))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", "gzip")
		status, header, body := raw(t, req)
		require.Equal(t, http.StatusBadRequest, status, "%s", body)
		require.Equal(t, "malformed_request", requireErrorBody(t, header, body, "corrupt gzip"))
	})

	// Cleanups run after the parallel subtests have finished.
	t.Cleanup(func() {
		require.Equal(t, before, s.fingerprint(t), "no refused request wrote anything")
		require.Empty(t, s.errorLines(), "a client's mistake is not logged as an error")
	})
}

// A small gzip-compressed body within the limit is inflated and served like any other, over REST
// and over Connect.
func TestCompressedBodiesWithinTheLimitAreServed(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	for _, path := range []string{"/api/v1/carts", "/atelier.store.v1.CartService/CreateCart"} {
		req, err := http.NewRequest(http.MethodPost, s.url+path, bytes.NewReader(gzipped(t, []byte("{}"))))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", "gzip")
		if strings.HasPrefix(path, "/atelier.") {
			req.Header.Set("Connect-Protocol-Version", "1")
		}
		status, _, body := raw(t, req)
		require.Equal(t, http.StatusOK, status, "%s: %s", path, body)
		require.Contains(t, string(body), `"id"`)
	}
}

// badValues are JSON values of the wrong kind for a schema; none can decode into it.
func badValues(schema *openapi3.Schema) []string {
	huge := []string{"18446744073709551616", "1e400"}
	switch {
	case schema == nil:
		return nil
	case schema.Type.Is("integer"):
		vals := []string{"1.5", `"abc"`, "[1]", "true", "{}"}
		if schema.Format == "int32" || schema.Format == "uint32" {
			vals = append(vals, "2147483648", "9223372036854775808")
		}
		return append(vals, huge...)
	case schema.Type.Is("number"):
		return []string{`"abc"`, "[1]", "true", "{}"}
	case schema.Type.Is("boolean"):
		return []string{`"abc"`, "2", "[true]", "{}"}
	case schema.Type.Is("array"):
		return []string{"{}", `"x"`, "1", "[{]"}
	case schema.Type.Is("string"):
		vals := []string{"1.5", "true", "[1]", `{"a":1}`, `"\u0000"`, `"a\u202eb"`, "\"\xff\xfe\""}
		if len(schema.Enum) > 0 {
			vals = append(vals, `"NOT_A_VALUE"`)
		}
		if schema.Format == "int64" || schema.Format == "uint64" {
			vals = append(vals, `"abc"`, `"1.5"`, `"18446744073709551616"`)
		}
		return vals
	case schema.Type.Is("object") || len(schema.Properties) > 0 || len(schema.AllOf) > 0:
		return []string{"1", `"x"`, "[1]", "true", `{"no_such_field":1}`}
	}
	return []string{`{"no_such_field":1}`, "[1]"}
}

// resolved follows allOf wrappers (the document's way of describing a message field).
func resolved(ref *openapi3.SchemaRef) *openapi3.Schema {
	if ref == nil {
		return nil
	}
	s := ref.Value
	if s != nil && len(s.AllOf) == 1 && len(s.Properties) == 0 {
		return s.AllOf[0].Value
	}
	return s
}

// badBodies are whole request bodies that cannot be decoded into the schema: each property in
// turn given a wrong value (also inside nested objects), and the body as a whole malformed.
func badBodies(schema *openapi3.Schema) []string {
	bodies := []string{
		`[1]`, `"x"`, `1`, `null x`, `{`, `{"a":`, "\xff\xfe", `{"` + "\xff" + `":1}`,
		`{"unit_price": 100}`, `{"total": 1, "status": "paid", "role": "admin"}`,
		strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
		`{"x":` + strings.Repeat(`{"x":`, 20000) + `1` + strings.Repeat("}", 20001),
	}
	if schema == nil {
		return bodies
	}
	names := make([]string, 0, len(schema.Properties))
	for name := range schema.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		prop := resolved(schema.Properties[name])
		for _, v := range badValues(prop) {
			bodies = append(bodies, fmt.Sprintf(`{%q: %s}`, name, v))
		}
		// A duplicated key, each time with a well-formed value of the wrong kind.
		bodies = append(bodies, fmt.Sprintf(`{%q: {}, %q: {}}`, name, name))
		// One level down, for message fields.
		if prop != nil && len(prop.Properties) > 0 {
			inner := make([]string, 0, len(prop.Properties))
			for n := range prop.Properties {
				inner = append(inner, n)
			}
			sort.Strings(inner)
			for _, n := range inner {
				for _, v := range badValues(resolved(prop.Properties[n])) {
					bodies = append(bodies, fmt.Sprintf(`{%q: {%q: %s}}`, name, n, v))
				}
			}
			bodies = append(bodies, fmt.Sprintf(`{%q: {"no_such_field": 1}}`, name))
		}
	}
	return bodies
}

// badQueries are query strings that cannot be decoded into an operation's parameters.
func badQueries(op *openapi3.Operation) []string {
	var out []string
	for _, p := range op.Parameters {
		if p.Value == nil || p.Value.In != "query" || p.Value.Schema == nil {
			continue
		}
		name := url.QueryEscape(p.Value.Name)
		s := p.Value.Schema.Value
		switch {
		case s.Type.Is("integer"), s.Type.Is("number"):
			out = append(out, name+"=abc", name+"=1.5", name+"=18446744073709551616", name+"=%00")
		case s.Type.Is("boolean"):
			out = append(out, name+"=maybe")
		case s.Type.Is("string"):
			out = append(out, name+"=a%00b", name+"=a%FFb", name+"=a%E2%80%AEb", name+"=%EF%BB%BFa")
			if len(s.Enum) > 0 {
				out = append(out, name+"=NOT_A_VALUE")
			}
		}
	}
	return out
}

// Property: every REST route of the OpenAPI document, given a body (or query) that cannot be
// decoded — wrong types, out-of-range numbers, unknown or duplicate fields, deep nesting,
// non-objects, truncated JSON, bytes that are not UTF-8, strings with a NUL or an invisible
// direction character, any body at all where the route takes none — answers 4xx with the usual
// JSON error body, logs nothing at ERROR, and leaves the database exactly as it was. It runs as an
// admin, so that no route stops at the door before decoding and validation have had their say.
func TestRESTRefusesUndecodableRequests(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	spec, err := os.ReadFile("../../../openapi/openapi.yaml")
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(spec)
	require.NoError(t, err)
	before := s.fingerprint(t)
	pathParam := regexp.MustCompile(`\{[^}]*\}`)

	sent, routes := 0, 0
	for _, path := range doc.Paths.InMatchingOrder() {
		item := doc.Paths.Find(path)
		for method, op := range item.Operations() {
			routes++
			target := pathParam.ReplaceAllString(path, "00000000-0000-4000-8000-000000000000")
			type badCase struct{ query, body, reason string }
			var cases []badCase
			switch {
			case op.RequestBody != nil && op.RequestBody.Value != nil:
				var schema *openapi3.Schema
				if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
					schema = resolved(mt.Schema)
				}
				for _, b := range badBodies(schema) {
					cases = append(cases, badCase{body: b})
				}
			case method == http.MethodPost && path == "/api/v1/newsletter/unsubscribe":
				// The one-click unsubscribe drops its body (RFC 8058's form) by design: oneClick.
			default:
				// The route takes no body (no "body:" in its google.api.http rule): sending one
				// is the caller's mistake, even a well-formed or empty JSON object.
				for _, b := range []string{`{}`, `{"a": 1}`, `[`} {
					cases = append(cases, badCase{body: b, reason: "malformed_request"})
				}
			}
			for _, q := range badQueries(op) {
				cases = append(cases, badCase{query: q})
			}
			for _, c := range cases {
				u := s.url + target
				if c.query != "" {
					u += "?" + c.query
				}
				var body io.Reader
				if c.body != "" {
					body = strings.NewReader(c.body)
				}
				req, err := http.NewRequest(method, u, body)
				require.NoError(t, err)
				if c.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				req.Header.Set("Authorization", "Bearer admin-token")
				status, header, out := raw(t, req)
				what := fmt.Sprintf("%s %s?%s body %.120q", method, target, c.query, c.body)
				require.GreaterOrEqual(t, status, 400, "%s: %s", what, out)
				require.Less(t, status, 500, "%s: %s", what, out)
				reason := requireErrorBody(t, header, out, what)
				if c.reason != "" {
					require.Equal(t, http.StatusBadRequest, status, "%s: %s", what, out)
					require.Equal(t, c.reason, reason, "%s: %s", what, out)
				}
				sent++
			}
		}
	}
	require.Greater(t, routes, 30, "the document's routes were walked")
	require.Greater(t, sent, 500, "bad requests were generated for them")
	t.Logf("%d undecodable requests over %d routes", sent, routes)
	require.Equal(t, before, s.fingerprint(t), "no refused request wrote anything")
	require.Empty(t, s.errorLines(), "a client's mistake is not logged as an error")
}

// Unknown JSON fields are refused over REST and Connect alike, naming the field, even beside
// fields that are right: a partner's typo or a price they hoped to set does not pass silently.
func TestUnknownFieldsAreRefused(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	before := s.fingerprint(t)
	for _, tc := range []struct {
		name, path, body, field string
		connect                 bool
	}{
		{"REST price", "/api/v1/carts", `{"unit_price": 1}`, "unit_price", false},
		{"REST role at sign-up", "/api/v1/auth/register",
			`{"first_name": "A", "last_name": "B", "email": "a@example.com", "password": "long enough pw", "role": "admin"}`, "role", false},
		{"REST typo", "/api/v1/newsletter/subscriptions", `{"emial": "a@example.com"}`, "emial", false},
		{"Connect price", "/atelier.store.v1.CartService/CreateCart", `{"unitPrice": 1}`, "unitPrice", true},
		{"Connect status", "/atelier.store.v1.NewsletterService/Subscribe", `{"email": "a@example.com", "status": "x"}`, "status", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, header, body := raw(t, apiRequest(t, http.MethodPost, s.url+tc.path, "", tc.body, tc.connect))
			require.Equal(t, http.StatusBadRequest, status, "%s", body)
			require.Contains(t, string(body), tc.field, "the field is named")
			// Connect's decoder refuses the field before any interceptor runs; the reason is added
			// after it (connectErrorBodies).
			require.Equal(t, "unknown_field", anyErrorReason(t, jsonMapOf(t, body)), "%s", body)
			if !tc.connect {
				require.Equal(t, "unknown_field", requireErrorBody(t, header, body, tc.name))
				_, meta := errorInfo(t, jsonMapOf(t, body))
				require.Equal(t, tc.field, meta["field"])
			}
		})
	}
	t.Cleanup(func() { require.Equal(t, before, s.fingerprint(t), "nothing was written") })
}

// Connect's own decoder refuses a body before any interceptor runs; its answer still carries the
// ErrorInfo reason every error has, as REST's does (an unknown field: TestUnknownFieldsAreRefused).
// The status and the Connect error shape stay Connect's.
func TestConnectDecoderErrorsCarryAReason(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	before := s.fingerprint(t)
	undecodable := map[string]string{`{`: "application/json", `"x"`: "application/json", ``: "application/json",
		"\xff\xff\xff": "application/proto"}
	for body, contentType := range undecodable {
		req, err := http.NewRequest(http.MethodPost, s.url+"/atelier.store.v1.CartService/CreateCart", strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		status, header, out := raw(t, req)
		answer := jsonMapOf(t, out)
		require.Equal(t, http.StatusBadRequest, status, "%q: %s", body, out)
		require.Equal(t, "application/json", header.Get("Content-Type"), "%q: %s", body, out)
		require.Equal(t, "invalid_argument", answer["code"], "%q: %s", body, out)
		require.Equal(t, "malformed_request", anyErrorReason(t, answer), "%q: %s", body, out)
	}
	require.Equal(t, before, s.fingerprint(t), "nothing was written")
	require.Empty(t, s.errorLines(), "a client's mistake is not logged as an error")
}

// Text that may not reach the database or a person's screen is refused at the edge, over both
// protocols, in queries, paths and bodies alike: 400 with reason invalid_text naming the field,
// not a 500 from PostgreSQL.
func TestInvalidTextIsRefusedAtTheEdge(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	before := s.fingerprint(t)
	for _, tc := range []struct {
		name, method, path, body string
		connect                  bool
	}{
		{"NUL in a search", http.MethodGet, "/api/v1/products?search=%00", "", false},
		{"NUL in a category", http.MethodGet, "/api/v1/products?category=a%00", "", false},
		{"not UTF-8 in a search", http.MethodGet, "/api/v1/products?search=%FF", "", false},
		{"direction override in a slug", http.MethodGet, "/api/v1/products/a%E2%80%AEb", "", false},
		{"NUL in a path id", http.MethodGet, "/api/v1/carts/a%00b", "", false},
		{"NUL in a body", http.MethodPost, "/api/v1/newsletter/subscriptions", `{"email": "a\u0000@example.com"}`, false},
		{"direction override in a name", http.MethodPost, "/api/v1/contact-messages",
			`{"name": "Jane \u202eeoD", "email": "jane@example.com", "subject": "Hi", "message": "Hello there, a question."}`, false},
		{"zero-width space over Connect", http.MethodPost, "/atelier.store.v1.NewsletterService/Subscribe",
			`{"email": "a\u200b@example.com"}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, header, out := raw(t, apiRequest(t, tc.method, s.url+tc.path, "", tc.body, tc.connect))
			require.Equal(t, http.StatusBadRequest, status, "%s", out)
			if tc.connect {
				require.Contains(t, string(out), "invalid_text")
				return
			}
			require.Equal(t, "invalid_text", requireErrorBody(t, header, out, tc.name))
		})
	}
	t.Cleanup(func() {
		require.Equal(t, before, s.fingerprint(t), "nothing was written")
		require.Empty(t, s.errorLines(), "nothing was logged as an error")
	})
}

// FuzzRESTBody throws arbitrary bytes at a few REST routes that write: whatever arrives, the
// answer is never a 5xx and always the JSON error body or a success. The seeds run with every
// `go test`; `go test -fuzz FuzzRESTBody ./internal/app` explores further.
func FuzzRESTBody(f *testing.F) {
	for _, seed := range []string{`{}`, `{"quantity": 1.5}`, `[1]`, "\xff", `{"email":"\u0000"}`, `{"a":{"b":[`,
		`{"product_id": "00000000-0000-4000-8000-000000000000", "quantity": 2147483648}`, `{"quantity": 1, "quantity": 2}`} {
		f.Add(seed)
	}
	s := startEdgeShop(f)
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/v1/carts/00000000-0000-4000-8000-000000000000/items", "/api/v1/newsletter/subscriptions",
			"/api/v1/auth/login", "/api/v1/carts/00000000-0000-4000-8000-000000000000/checkout"} {
			req, err := http.NewRequest(http.MethodPost, s.url+path, strings.NewReader(body))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			status, header, out := raw(t, req)
			require.Less(t, status, 500, "%s %q: %s", path, body, out)
			if status >= 400 {
				requireErrorBody(t, header, out, path)
			}
		}
	})
}
