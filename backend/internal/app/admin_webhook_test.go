package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The webhook endpoints over REST, as a partner's integration (or the back office) uses them: the
// secret shown once on create and on rotation, refusals of inside URLs with their reason, the
// delivery log and replay.
func TestRESTAdminWebhooks(t *testing.T) {
	t.Parallel()
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	t.Cleanup(receiver.Close)
	s, token := adminShopWith(t, map[string]string{"WEBHOOK_ALLOW_LOOPBACK": "true"})
	const endpoints = "/api/v1/admin/webhook-endpoints"

	s.call(t, http.MethodGet, endpoints, "", "").require(t, 401)

	for name, body := range map[string]string{
		"private address":   `{"url": "https://10.0.0.1/hooks", "event_types": ["order.paid"]}`,
		"metadata address":  `{"url": "https://169.254.169.254/latest", "event_types": ["order.paid"]}`,
		"decimal loopback":  `{"url": "http://2130706433/", "event_types": ["order.paid"]}`,
		"octal loopback":    `{"url": "https://0177.0.0.1/", "event_types": ["order.paid"]}`,
		"IPv6 unique local": `{"url": "https://[fd00:ec2::254]/", "event_types": ["order.paid"]}`,
	} {
		refused := s.call(t, http.MethodPost, endpoints, body, token)
		refused.require(t, 400)
		require.Equal(t, "webhook_url_not_allowed", refused.reason(t), name)
	}
	s.call(t, http.MethodPost, endpoints, `{"url": "https://partner.example/", "event_types": ["order.eaten"]}`, token).require(t, 400)
	s.call(t, http.MethodPost, endpoints, `{"url": "https://partner.example/", "event_types": []}`, token).require(t, 400)

	created := s.call(t, http.MethodPost, endpoints, `{"url": "`+receiver.URL+`/hooks", "description": "ERP",
		"event_types": ["order.paid", "stock.low"]}`, token)
	body := created.require(t, 200)
	require.Equal(t, "no-store", created.header.Get("Cache-Control"))
	secret := body["signing_secret"].(string)
	require.True(t, strings.HasPrefix(secret, "whsec_"))
	e := body["endpoint"].(jsonMap)
	require.Equal(t, true, e["enabled"])
	require.Equal(t, []any{"order.paid", "stock.low"}, e["event_types"])
	require.NotContains(t, e, "signing_secret")
	one := endpoints + "/" + e["id"].(string)

	got := s.call(t, http.MethodGet, one, "", token).require(t, 200)["endpoint"].(jsonMap)
	require.Equal(t, "ERP", got["description"])
	require.NotContains(t, strings.ToLower(s.call(t, http.MethodGet, endpoints, "", token).require(t, 200)["endpoints"].([]any)[0].(jsonMap)["url"].(string)), "whsec_")

	edited := s.call(t, http.MethodPatch, one, `{"description": "ERP sync", "enabled": false}`, token).require(t, 200)["endpoint"].(jsonMap)
	require.Equal(t, "ERP sync", edited["description"])
	require.Equal(t, false, edited["enabled"])
	require.Equal(t, []any{"order.paid", "stock.low"}, edited["event_types"], "not sent, kept")
	s.call(t, http.MethodPatch, one, `{"url": "https://192.168.1.1/"}`, token).require(t, 400)

	// (The OpenAPI router cannot match a custom method after a path variable, so these two calls go
	// unchecked against the document.)
	status, _, rotated := doRequest(t, apiRequest(t, http.MethodPost, s.base+one+":rotateSecret", token, `{}`, false))
	require.Equal(t, 200, status, "%v", rotated)
	require.NotEqual(t, secret, rotated["signing_secret"])
	require.NotEmpty(t, rotated["endpoint"].(jsonMap)["previous_secret_expires_at"])

	log := s.call(t, http.MethodGet, one+"/deliveries?page_size=10", "", token).require(t, 200)
	require.Empty(t, log["deliveries"])
	status, _, replay := doRequest(t, apiRequest(t, http.MethodPost,
		s.base+one+"/events/00000000-0000-4000-8000-000000000001:replay", token, `{}`, false))
	require.Equal(t, 400, status, "%v", replay)
	reason, _ := errorInfo(t, replay)
	require.Equal(t, "webhook_endpoint_disabled", reason)

	s.call(t, http.MethodDelete, one, "", token).require(t, 200)
	gone := s.call(t, http.MethodGet, one, "", token)
	gone.require(t, 404)
	require.Equal(t, "webhook_endpoint_not_found", gone.reason(t))
}
