package app

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/stretchr/testify/require"
)

const apiKeys = "/api/v1/admin/api-keys"

// createKey makes a key through the admin API and returns its secret and id.
func createKey(t *testing.T, s authShop, admin, body string) (secret, id string) {
	t.Helper()
	created := s.call(t, http.MethodPost, apiKeys, body, admin)
	out := created.require(t, 200)
	require.Equal(t, "no-store", created.header.Get("Cache-Control"), "the secret is never cached")
	return out["secret"].(string), out["api_key"].(jsonMap)["id"].(string)
}

// A partner's key, as the README's "For partners" section uses it: made by an admin and shown
// once, it calls what its scopes grant and nothing else, its changes are recorded as its own on
// its creator's behalf, and once revoked it is refused at once, exactly like a key that never was.
func TestRESTAPIKeys(t *testing.T) {
	t.Parallel()
	s, admin := adminShop(t)

	secret, id := createKey(t, s, admin, `{"name": " Warehouse sync ", "kind": "API_KEY_KIND_SECRET",
		"scopes": ["products:write", "orders:read"]}`)
	require.Regexp(t, `^atl_sk_[0-9A-Za-z]{43}$`, secret)
	listed := items(s.call(t, http.MethodGet, apiKeys, "", admin).require(t, 200), "api_keys")
	require.Len(t, listed, 1)
	k := listed[0]
	require.Equal(t, id, k["id"])
	require.Equal(t, "Warehouse sync", k["name"])
	require.Equal(t, secret[:13], k["prefix"])
	require.Equal(t, []any{"orders:read", "products:write"}, k["scopes"], "in the order scopes are listed")
	require.Equal(t, "Ava Sinclair", k["created_by"].(jsonMap)["name"])
	require.NotContains(t, string(s.call(t, http.MethodGet, apiKeys, "", admin).raw), secret[13:], "never shown again")
	require.Nil(t, k["last_used_at"])

	// What its scopes grant.
	s.call(t, http.MethodGet, "/api/v1/admin/orders", "", secret).require(t, 200)
	created := s.call(t, http.MethodPost, "/api/v1/admin/products", `{"name": "Key-made balm", "price_minor_units": "1200",
		"stock_quantity": 1, "attributes": {"attributes": []}}`, secret)
	require.Equal(t, "API key “Warehouse sync”", created.require(t, 200)["product"].(jsonMap)["updated_by"].(jsonMap)["display_name"])
	require.NotNil(t, items(s.call(t, http.MethodGet, apiKeys, "", admin).require(t, 200), "api_keys")[0]["last_used_at"])

	// Nothing else: not even what everyone may do, not the admin's other powers, never keys.
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, "/api/v1/products", ""},
		{http.MethodGet, "/api/v1/admin/accounts", ""},
		{http.MethodGet, "/api/v1/admin/dashboard", ""},
		{http.MethodGet, apiKeys, ""},
		{http.MethodPost, apiKeys, `{"name": "More", "kind": "API_KEY_KIND_SECRET", "scopes": ["orders:write"]}`},
	} {
		refused := s.call(t, c.method, c.path, c.body, secret)
		refused.require(t, 403)
		require.Equal(t, "scope_missing", refused.reason(t), "%s %s", c.method, c.path)
	}
	// A secret key is for servers: a browser sending it is refused.
	browser := s.call(t, http.MethodGet, "/api/v1/admin/orders", "", secret, "Origin", "https://partner.example")
	browser.require(t, 403)
	require.Equal(t, "secret_key_in_browser", browser.reason(t))

	renamed := s.call(t, http.MethodPatch, apiKeys+"/"+id, `{"name": "Warehouse"}`, admin).require(t, 200)
	require.Equal(t, "Warehouse", renamed["api_key"].(jsonMap)["name"])

	revoke := func() jsonMap {
		// (The OpenAPI router cannot match a custom method after a path variable, so this call
		// goes unchecked against the document.)
		status, _, body := doRequest(t, apiRequest(t, http.MethodPost, s.base+apiKeys+"/"+id+":revoke", admin, `{"reason": "rotated"}`, false))
		require.Equal(t, 200, status, "%v", body)
		return body
	}
	revoked := revoke()
	require.NotNil(t, revoked["api_key"].(jsonMap)["revoked_at"])
	gone := s.call(t, http.MethodGet, "/api/v1/admin/orders", "", secret)
	gone.require(t, 401)
	require.Equal(t, "invalid_api_key", gone.reason(t))
	never := s.call(t, http.MethodGet, "/api/v1/admin/orders", "", "atl_sk_"+strings.Repeat("A", 43))
	never.require(t, 401)
	require.Equal(t, gone.raw, never.raw, "a revoked key and one that never was answer alike")
	require.Equal(t, gone.header.Get("WWW-Authenticate"), never.header.Get("WWW-Authenticate"))
	again := revoke()
	require.Equal(t, revoked["api_key"].(jsonMap)["revoked_at"], again["api_key"].(jsonMap)["revoked_at"], "revoking twice changes nothing")
	stale := s.call(t, http.MethodPatch, apiKeys+"/"+id, `{"name": "Back"}`, admin)
	stale.require(t, 400)
	require.Equal(t, "api_key_revoked", stale.reason(t))

	for name, c := range map[string]struct{ body, reason string }{
		"a write scope on a publishable key": {`{"name": "P", "kind": "API_KEY_KIND_PUBLISHABLE", "scopes": ["orders:read"],
			"allowed_origins": ["https://partner.example"]}`, "scope_not_publishable"},
		"a publishable key without origins": {`{"name": "P", "kind": "API_KEY_KIND_PUBLISHABLE", "scopes": ["catalog:read"]}`, "origins_required"},
		"a secret key with origins": {`{"name": "S", "kind": "API_KEY_KIND_SECRET", "scopes": ["catalog:read"],
			"allowed_origins": ["https://partner.example"]}`, "origins_not_allowed"},
		"an origin with a path": {`{"name": "P", "kind": "API_KEY_KIND_PUBLISHABLE", "scopes": ["catalog:read"],
			"allowed_origins": ["https://partner.example/shop"]}`, "invalid_origin"},
		"plain http elsewhere than localhost": {`{"name": "P", "kind": "API_KEY_KIND_PUBLISHABLE", "scopes": ["catalog:read"],
			"allowed_origins": ["http://partner.example"]}`, "invalid_origin"},
		"an unknown scope": {`{"name": "S", "kind": "API_KEY_KIND_SECRET", "scopes": ["everything"]}`, "unknown_scope"},
		"a blank name":     {`{"name": "  ", "kind": "API_KEY_KIND_SECRET", "scopes": ["catalog:read"]}`, "invalid_name"},
	} {
		refused := s.call(t, http.MethodPost, apiKeys, c.body, admin)
		refused.require(t, 400)
		require.Equal(t, c.reason, refused.reason(t), name)
	}
	require.Len(t, items(s.call(t, http.MethodGet, apiKeys, "", admin).require(t, 200), "api_keys"), 1, "refusals made no key")
	scopes := items(s.call(t, http.MethodGet, "/api/v1/admin/api-key-scopes", "", admin).require(t, 200), "scopes")
	require.Equal(t, "catalog:read", scopes[0]["scope"])
	require.Equal(t, true, scopes[0]["publishable"])
}

// preflight sends a browser's CORS preflight for a GET with an Authorization header.
func preflight(t *testing.T, base, path, origin string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodOptions, base+path, nil)
	require.NoError(t, err)
	req.Header.Set("Origin", origin)
	req.Header.Set("Access-Control-Request-Method", "GET")
	req.Header.Set("Access-Control-Request-Headers", "authorization, x-secret-header")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.NoError(t, res.Body.Close())
	return res
}

// Browser apps: a publishable key's origins, and the configured ones for calls without a key,
// get their preflights answered and may read the answers; other origins may not, and a
// publishable key is refused from anywhere but its own origins. Credentials are never allowed.
func TestCORS(t *testing.T) {
	t.Parallel()
	s, admin := adminShopWith(t, map[string]string{"CORS_ALLOWED_ORIGINS": "https://open.example"})
	key, _ := createKey(t, s, admin, `{"name": "Lookbook", "kind": "API_KEY_KIND_PUBLISHABLE", "scopes": ["catalog:read"],
		"allowed_origins": ["https://Partner.example/"]}`)
	require.True(t, strings.HasPrefix(key, "atl_pk_"))

	for _, origin := range []string{"https://partner.example", "https://open.example"} {
		res := preflight(t, s.base, "/api/v1/products", origin)
		require.Equal(t, http.StatusNoContent, res.StatusCode, origin)
		require.Equal(t, origin, res.Header.Get("Access-Control-Allow-Origin"))
		require.Equal(t, "authorization", res.Header.Get("Access-Control-Allow-Headers"), "only headers the API takes")
		require.Contains(t, res.Header.Values("Vary"), "Origin")
		require.Empty(t, res.Header.Get("Access-Control-Allow-Credentials"))
	}
	evil := preflight(t, s.base, "/api/v1/products", "https://evil.example")
	require.Equal(t, http.StatusForbidden, evil.StatusCode)
	require.Empty(t, evil.Header.Get("Access-Control-Allow-Origin"))
	door := preflight(t, s.base, "/admin/api/api/v1/admin/orders", "https://partner.example")
	require.Empty(t, door.Header.Get("Access-Control-Allow-Origin"), "the back office is never open to other origins")

	ok := s.call(t, http.MethodGet, "/api/v1/products", "", key, "Origin", "https://partner.example")
	ok.require(t, 200)
	require.Equal(t, "https://partner.example", ok.header.Get("Access-Control-Allow-Origin"))
	require.Contains(t, ok.header.Get("Access-Control-Expose-Headers"), "RateLimit-Remaining")
	server := s.call(t, http.MethodGet, "/api/v1/products", "", key)
	server.require(t, 200)
	require.Empty(t, server.header.Get("Access-Control-Allow-Origin"), "no Origin, no CORS headers")

	elsewhere := s.call(t, http.MethodGet, "/api/v1/products", "", key, "Origin", "https://open.example")
	elsewhere.require(t, 403)
	require.Equal(t, "origin_not_allowed", elsewhere.reason(t), "a key works on its own origins only")
	anonymous := s.call(t, http.MethodGet, "/api/v1/products", "", "", "Origin", "https://evil.example")
	anonymous.require(t, 200)
	require.Empty(t, anonymous.header.Get("Access-Control-Allow-Origin"), "the browser keeps the answer from the page")
}

// rateLimit reads an answer's RateLimit-* headers.
func rateLimit(t *testing.T, h http.Header) (limit, remaining, reset int) {
	t.Helper()
	var err error
	for _, f := range []struct {
		to   *int
		name string
	}{{&limit, "RateLimit-Limit"}, {&remaining, "RateLimit-Remaining"}, {&reset, "RateLimit-Reset"}} {
		*f.to, err = strconv.Atoi(h.Get(f.name))
		require.NoError(t, err, "%s: %q", f.name, h.Get(f.name))
	}
	return limit, remaining, reset
}

// Requests are counted per client address and per key; every answer says how many are left, and
// one beyond is refused with 429 and Retry-After in REST's shape or Connect's. Trying unknown keys
// is charged to the address; the shop's own server (a trusted proxy naming no client) is not
// limited, and the shoppers it names are.
func TestRateLimits(t *testing.T) {
	t.Parallel()
	s, admin := adminShopWith(t, map[string]string{"RATE_LIMIT_PER_CLIENT": "3", "RATE_LIMIT_PER_KEY": "2",
		"TRUSTED_PROXIES": "10.0.0.0/8"})
	// Signing in and making the key took two of the address's three requests.
	key, _ := createKey(t, s, admin, `{"name": "Feed", "kind": "API_KEY_KIND_SECRET", "scopes": ["catalog:read"]}`)

	exhausted := s.call(t, http.MethodGet, "/api/v1/categories", "", "")
	exhausted.require(t, 200)
	limit, remaining, reset := rateLimit(t, exhausted.header)
	require.Equal(t, 3, limit)
	require.Equal(t, 0, remaining)
	require.Equal(t, 60, reset)
	require.Empty(t, exhausted.header.Get("Ratelimit-Policy"), "the policy comes with refusals")

	refused := s.call(t, http.MethodGet, "/api/v1/products", "", "")
	refused.require(t, 429)
	require.Equal(t, "rate_limited", refused.reason(t))
	require.Equal(t, "20", refused.header.Get("Retry-After"), "one request's worth of a minute at 3 a minute")
	require.Equal(t, "3;w=60", refused.header.Get("Ratelimit-Policy"))
	_, remaining, _ = rateLimit(t, refused.header)
	require.Equal(t, 0, remaining)

	_, err := storev1connect.NewCatalogServiceClient(http.DefaultClient, s.base).
		ListCategories(context.Background(), connect.NewRequest(&storev1.ListCategoriesRequest{}))
	require.Equal(t, connect.CodeResourceExhausted, connect.CodeOf(err), "%v", err)
	var ce *connect.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "20", ce.Meta().Get("Retry-After"))

	health, err := http.Get(s.base + "/api/health")
	require.NoError(t, err)
	require.NoError(t, health.Body.Close())
	require.Equal(t, 200, health.StatusCode, "health checks are not counted")

	// A key has its own allowance, whatever its address has left.
	first := s.call(t, http.MethodGet, "/api/v1/categories", "", key)
	first.require(t, 200)
	_, remaining, _ = rateLimit(t, first.header)
	require.Equal(t, 1, remaining)
	s.call(t, http.MethodGet, "/api/v1/categories", "", key).require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/categories", "", key).require(t, 429)

	// An unknown key costs its address a request: with none left, guessing is refused too.
	guess := s.call(t, http.MethodGet, "/api/v1/categories", "", "atl_sk_"+strings.Repeat("b", 43))
	guess.require(t, 429)
	require.Equal(t, "rate_limited", guess.reason(t))
}
