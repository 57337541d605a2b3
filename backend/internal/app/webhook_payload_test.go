package app

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"
)

// The webhook bodies the shop sends are what the OpenAPI document's webhooks say: a partner
// generating types from the document can decode every event. Real events, from real changes,
// delivered to a receiver on this machine.
func TestWebhookPayloadsMatchTheDocument(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	bodies := map[string][]byte{}
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var env struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(body, &env) == nil {
			mu.Lock()
			bodies[env.Type] = body
			mu.Unlock()
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(receiver.Close)
	env := maps.Clone(liftedThrottles)
	env["WEBHOOK_ALLOW_LOOPBACK"] = "true"
	s := newPaymentShopWith(t, env)
	admin, token := s.adminOf(t)
	admin.call(t, http.MethodPost, "/api/v1/admin/webhook-endpoints", `{"url": "`+receiver.URL+`/hooks",
		"event_types": ["order.created", "order.paid", "product.created", "product.updated", "stock.low"]}`, token).require(t, 200)

	created := admin.call(t, http.MethodPost, "/api/v1/admin/products", `{"name": "Neroli Water", "price_minor_units": "2200",
		"stock_quantity": 11, "attributes": {"attributes": []}}`, token).require(t, 200)["product"].(jsonMap)
	id := created["id"].(string)
	admin.call(t, http.MethodPatch, "/api/v1/admin/products/"+id, `{"description": "Distilled orange blossom."}`, token,
		"If-Match", `"1"`).require(t, 200)
	s.paidOrder(t, id, 2) // 11 → 9: stock runs low

	want := []string{"order.created", "order.paid", "product.created", "product.updated", "stock.low"}
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, typ := range want {
			if bodies[typ] == nil {
				return false
			}
		}
		return true
	}, 30*time.Second, 50*time.Millisecond, "every event is delivered")

	spec, err := os.ReadFile("../../../openapi/openapi.yaml")
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(spec)
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background(), openapi3.DisableExamplesValidation()))
	for _, typ := range want {
		schema := "atelier.webhooks.v1.ProductEvent"
		if typ[:6] == "order." {
			schema = "atelier.webhooks.v1.OrderEvent"
		}
		ref := doc.Components.Schemas[schema]
		require.NotNil(t, ref, schema)
		var payload any
		require.NoError(t, json.Unmarshal(bodies[typ], &payload))
		require.NoError(t, ref.Value.VisitJSON(payload), "%s: %s", typ, bodies[typ])
	}
}
