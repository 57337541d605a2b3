package app

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// errorProbe is one request that a route must refuse.
type errorProbe struct {
	name, method, path, body string
	header                   http.Header
	status                   int    // the status wanted; 0 accepts any 4xx
	reason                   string // the reason wanted; "" accepts any
}

// routeProbes are the refusals particular to a route, beyond the wrong method every
// method-bound route is tried with. A route with no method and no Connect service must have an
// entry, or the test fails: a new route is covered on purpose, not by luck.
func routeProbes() map[string][]errorProbe {
	bigEvent := `{"id":"` + strings.Repeat("a", payment.MaxEventBytes) + `"}`
	return map[string][]errorProbe{
		restPrefix: {
			{name: "an unknown REST path", method: http.MethodGet, path: restPrefix + "no-such-thing", status: 404, reason: "not_found"},
		},
		"POST /api/v1/webhooks/stripe": {
			{name: "an unsigned event", method: http.MethodPost, path: "/api/v1/webhooks/stripe", body: `{"id":"evt_1"}`,
				status: 400, reason: "signature_missing"},
			{name: "a forged signature", method: http.MethodPost, path: "/api/v1/webhooks/stripe", body: `{"id":"evt_1"}`,
				header: http.Header{payment.SignatureHeader: {"nonsense"}},
				status: 400, reason: "signature_invalid"},
			{name: "an event over its limit", method: http.MethodPost, path: "/api/v1/webhooks/stripe", body: bigEvent,
				status: http.StatusRequestEntityTooLarge, reason: "request_too_large"},
		},
		"GET /metrics": {
			{name: "metrics, anonymous", method: http.MethodGet, path: "/metrics", status: 401, reason: "unauthenticated"},
			{name: "metrics, another token", method: http.MethodGet, path: "/metrics",
				header: http.Header{"Authorization": {"Bearer not-the-metrics-token"}}, status: 401, reason: "unauthenticated"},
		},
		jobsUIPath: {
			{name: "River's UI, anonymous", method: http.MethodGet, path: jobsUIPath, status: 401, reason: "unauthenticated"},
			{name: "River's UI API, anonymous", method: http.MethodGet, path: jobsUIPath + "api/jobs", status: 401, reason: "unauthenticated"},
			{name: "River's UI API, a customer", method: http.MethodGet, path: jobsUIPath + "api/jobs",
				header: http.Header{"Authorization": {"Bearer customer-token"}}, status: 403, reason: "permission_denied"},
			{name: "River's UI API, a cross-origin retry", method: http.MethodPost, path: jobsUIPath + "api/jobs/retry", body: `{"ids": ["1"]}`,
				header: http.Header{"Origin": {"https://evil.example"}}, status: 403, reason: "cross_origin_request"},
		},
		api.BackOfficeAPIPrefix + "/": {
			{name: "the door, anonymous", method: http.MethodGet, path: api.BackOfficeAPIPrefix + "/api/v1/admin/dashboard", status: 401, reason: "unauthenticated"},
			{name: "the door, a path it does not open", method: http.MethodGet, path: api.BackOfficeAPIPrefix + "/api/health", status: 404, reason: "not_found"},
			{name: "the door, a cross-site post", method: http.MethodPost, path: api.BackOfficeAPIPrefix + "/api/v1/auth/logout", body: "{}",
				header: http.Header{"Sec-Fetch-Site": {"cross-site"}}, status: 403, reason: "cross_origin_request"},
			{name: "the door, a form's body", method: http.MethodPost, path: api.BackOfficeAPIPrefix + "/api/v1/auth/logout", body: "{}",
				header: http.Header{"Content-Type": {"text/plain"}}, status: 415, reason: "unsupported_media_type"},
			{name: "the door, an unknown procedure", method: http.MethodPost, path: api.BackOfficeAPIPrefix + "/atelier.store.v1.AuthService/Nope", body: "{}",
				status: 404, reason: "not_found"},
		},
		backOfficePath: {
			{name: "the back office's pages, not built", method: http.MethodGet, path: backOfficePath + "orders", status: 404, reason: "not_found"},
		},
		strings.TrimSuffix(backOfficePath, "/"): {
			{name: "the back office's root, not built", method: http.MethodGet, path: strings.TrimSuffix(backOfficePath, "/"), status: 404, reason: "not_found"},
		},
		"GET " + media.PathPrefix: {
			{name: "a missing file", method: http.MethodGet, path: media.PathPrefix + "images/nope/400.jpg", status: 404, reason: "media_not_found"},
			{name: "a missing file's head", method: http.MethodHead, path: media.PathPrefix + "images/nope/400.jpg", status: 404},
		},
	}
}

// pathVariable is a variable of a google.api.http path template: {name} or {name=pattern}.
var pathVariable = regexp.MustCompile(`\{[^}]*\}`)

// restProbes are, for every REST binding of a Connect service's methods, a body with a field
// the contract does not have (when the binding takes a body) and a method the path is not
// served for.
func restProbes(t *testing.T, servicePath string) []errorProbe {
	t.Helper()
	name := protoreflect.FullName(strings.Trim(servicePath, "/"))
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(name)
	require.NoError(t, err, "the service of %s", servicePath)
	methods := d.(protoreflect.ServiceDescriptor).Methods()
	type binding struct {
		method, path, body string
		raw                bool // the body is the bytes of a google.api.HttpBody: any bytes are a body
	}
	var bindings []binding
	for i := range methods.Len() {
		m := methods.Get(i)
		rest, err := api.RESTBindings(m)
		require.NoError(t, err)
		require.NotEmpty(t, rest, "%s has a REST binding", m.FullName())
		for _, r := range rest {
			b := binding{method: r.Method, path: fillPath(m, r.Path), body: r.Body}
			if f := m.Input().Fields().ByName(protoreflect.Name(r.Body)); f != nil && f.Message() != nil {
				b.raw = f.Message().FullName() == "google.api.HttpBody"
			}
			bindings = append(bindings, b)
		}
	}
	var probes []errorProbe
	wrongMethodTried := map[string]bool{}
	for _, b := range bindings {
		if b.body != "" && !b.raw {
			probes = append(probes, errorProbe{name: b.method + " " + b.path + " with an unknown field", method: b.method,
				path: b.path, body: `{"no_such_field": 1}`, status: 400, reason: "unknown_field"})
		}
		if wrongMethodTried[b.path] {
			continue
		}
		wrongMethodTried[b.path] = true
		var served []string
		for _, other := range bindings {
			if other.path == b.path {
				served = append(served, other.method)
			}
		}
		for _, wrong := range []string{http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodPost, http.MethodGet} {
			if !slices.Contains(served, wrong) {
				probes = append(probes, errorProbe{name: wrong + " " + b.path, method: wrong, path: b.path,
					status: http.StatusMethodNotAllowed, reason: "method_not_allowed"})
				break
			}
		}
	}
	return probes
}

// Every HTTP answer that is not a Connect answer is an error in one shape: JSON, a google.rpc.Status
// with a numeric code and a message, and an ErrorInfo detail with a reason. The probes are made
// from the route table itself — every REST binding of every Connect service, every method-bound
// route with a wrong method, and each other route's own refusals — plus what no route serves.
func TestEveryRouteAnswersErrorsInOneShape(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	table, err := s.app.routeTable()
	require.NoError(t, err)
	extra := routeProbes()
	probes := []errorProbe{
		{name: "an unknown path", method: http.MethodGet, path: "/no/such/thing", status: 404, reason: "not_found"},
		{name: "an unknown path, posted", method: http.MethodPost, path: "/no/such/thing", body: "{}", status: 404, reason: "not_found"},
		{name: "the root", method: http.MethodGet, path: "/", status: 404, reason: "not_found"},
		{name: "a body over the limit", method: http.MethodPost, path: "/api/health", body: strings.Repeat("a", maxRequestBytes+1),
			status: http.StatusRequestEntityTooLarge, reason: "request_too_large"},
	}
	for _, rt := range table {
		method, path, bound := strings.Cut(rt.pattern, " ")
		switch {
		case bound:
			wrong := http.MethodDelete
			if method == http.MethodDelete {
				wrong = http.MethodGet
			}
			// A wrong method on a path under the REST prefix reaches Vanguard, which knows no such
			// path: 404 rather than 405.
			probes = append(probes, errorProbe{name: wrong + " " + path, method: wrong, path: path})
		case strings.HasPrefix(rt.pattern, "/atelier."):
			// The service's Connect answers are Connect's; a procedure it lacks is not one.
			probes = append(probes, errorProbe{name: rt.pattern + "NoSuchProcedure", method: http.MethodPost,
				path: rt.pattern + "NoSuchProcedure", body: "{}", status: 404, reason: "not_found"})
			probes = append(probes, restProbes(t, rt.pattern)...)
		default:
			_, ok := extra[rt.pattern]
			require.True(t, ok, "route %s has no error probe: add its refusals to routeProbes", rt.pattern)
		}
		probes = append(probes, extra[rt.pattern]...)
		delete(extra, rt.pattern)
	}
	require.Empty(t, extra, "probes for routes the table no longer has")
	require.Greater(t, len(probes), 60, "every REST binding is probed")

	for _, p := range probes {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequest(p.method, s.url+p.path, strings.NewReader(p.body))
			require.NoError(t, err)
			if p.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			maps.Copy(req.Header, p.header)
			status, header, body := raw(t, req)
			if p.status != 0 {
				require.Equal(t, p.status, status, "%s", body)
			} else {
				require.GreaterOrEqual(t, status, 400, "%s", body)
				require.Less(t, status, 500, "%s", body)
			}
			if status == http.StatusMethodNotAllowed {
				require.NotEmpty(t, header.Get("Allow"), "a 405 says what is allowed")
			}
			if p.method == http.MethodHead {
				require.Equal(t, "application/json", header.Get("Content-Type"))
				return
			}
			reason := requireErrorBody(t, header, body, p.name)
			if p.reason != "" {
				require.Equal(t, p.reason, reason, "%s", body)
			}
		})
	}
	t.Cleanup(func() { require.Empty(t, s.errorLines(), "a client's mistake is not logged as an error") })
}

// A handler that panics is answered 500 in the same shape, its panic logged with the request.
func TestPanicsAreAnsweredInTheErrorShape(t *testing.T) {
	t.Parallel()
	s := startEdgeShop(t)
	h := s.app.middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/health", nil))
	require.Equal(t, http.StatusInternalServerError, rec.Code)
	require.Equal(t, "internal", requireErrorBody(t, rec.Header(), rec.Body.Bytes(), "panic"))
	require.Contains(t, rec.Body.String(), `"internal error"`)
	require.True(t, slices.ContainsFunc(s.errorLines(), func(l string) bool { return strings.Contains(l, "boom") }))
}
