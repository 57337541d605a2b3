package app

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/stretchr/testify/require"
)

// The dashboard over REST, as the README's curl example reads it: admins only, a period of 7,
// 30 or 90 days, and an answer in the documented shape (the call checks it against the OpenAPI
// document) whose figures include a sale paid just now.
func TestRESTAdminDashboard(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	ctx := context.Background()
	_, err := s.app.pool.Exec(ctx, `INSERT INTO products (slug, name, sku, stock_quantity) VALUES ('last-one', 'Last One', 'LAST-1', 1)`)
	require.NoError(t, err)
	_, err = s.app.pool.Exec(ctx, `WITH o AS (
			INSERT INTO orders (number, email, status, idempotency_key, request_hash, shipping_address, requires_signature,
				delivery_code, delivery_name, delivery_minor, subtotal_minor, vat_minor, total_minor, currency_code, expires_at, paid_at)
			VALUES ('AL-DASH0001', 'ada@example.com', 'paid', 'dash-1', 'h', '{"first_name": "Ada", "last_name": "Lovelace"}',
				false, 'standard', 'Standard', 395, 4500, 815, 4895, 'GBP', now(), now()) RETURNING id)
		INSERT INTO order_status_history (order_id, status, at) SELECT id, 'paid', now() FROM o`)
	require.NoError(t, err)
	// Written behind the order package's back: summed into the dashboard's summary by hand.
	require.NoError(t, order.RebuildSales(ctx, s.app.pool))

	d := s.call(t, http.MethodGet, "/api/v1/admin/dashboard?period_days=7", "", token)
	body := d.require(t, 200)
	require.Equal(t, "no-store", d.header.Get("Cache-Control"), "admin answers are never cached")
	require.Equal(t, "1", body["total_orders"])
	require.Equal(t, "1", body["pending_orders"])
	require.Equal(t, jsonMap{"currency_code": "GBP", "minor_units": "4895"}, body["total_revenue"])
	require.Equal(t, jsonMap{"currency_code": "GBP", "minor_units": "815"}, body["total_vat"])
	require.InDelta(t, 7, body["period_days"], 0)
	days := body["days"].([]any)
	require.Len(t, days, 7)
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)
	today := days[6].(jsonMap)
	if today["date"] == time.Now().In(london).Format(time.DateOnly) { // not when midnight passed in between
		require.Equal(t, "1", today["order_count"])
	}
	recent := body["recent_orders"].([]any)
	require.Len(t, recent, 1)
	sale := recent[0].(jsonMap)
	require.Equal(t, "AL-DASH0001", sale["number"])
	require.Equal(t, "Ada Lovelace", sale["customer_name"])
	require.Equal(t, "ORDER_STATUS_PAID", sale["status"])
	low := body["low_stock_products"].([]any)
	require.Contains(t, low, jsonMap{"id": low[0].(jsonMap)["id"], "name": "Last One", "sku": "LAST-1", "stock": float64(1)})

	require.Len(t, s.call(t, http.MethodGet, "/api/v1/admin/dashboard", "", token).require(t, 200)["days"], 30, "30 days by default")
	s.call(t, http.MethodGet, "/api/v1/admin/dashboard?period_days=14", "", token).require(t, 400)
	s.call(t, http.MethodGet, "/api/v1/admin/dashboard", "", "").require(t, 401)
	_, customer := register(t, s, "Jane", "jane@example.com", "password1")
	s.call(t, http.MethodGet, "/api/v1/admin/dashboard", "", customer).require(t, 403)
}
