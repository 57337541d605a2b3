package app

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// walkREST follows next_page_token through list (a path with its query) with a partner's key,
// returning the ids of the key's items in the order met; every page after the first is numbered 0.
func walkREST(t *testing.T, s authShop, key, list, items string) []any {
	t.Helper()
	var seen []any
	next := ""
	for range 50 {
		page := s.call(t, http.MethodGet, list+"&page_token="+url.QueryEscape(next), "", key).require(t, 200)
		if next != "" {
			require.EqualValues(t, 0, page["page"], "a token's page has no number")
		}
		for _, it := range page[items].([]any) {
			seen = append(seen, it.(jsonMap)["id"])
		}
		if next, _ = page["next_page_token"].(string); next == "" {
			return seen
		}
	}
	t.Fatal("the pages never ended")
	return nil
}

func restIDs(t *testing.T, page jsonMap, items string) []any {
	t.Helper()
	var out []any
	for _, it := range page[items].([]any) {
		out = append(out, it.(jsonMap)["id"])
	}
	return out
}

// Partners walk the admin order and product lists by page tokens over REST with a read-only key,
// meeting every row once in the order of the back office's numbered pages; a token is refused
// with another sort or beside a page number.
func TestRESTAdminPageTokens(t *testing.T) {
	t.Parallel()
	s := newPaymentShop(t)
	api, admin := s.adminOf(t)
	key, _ := createKey(t, api, admin, `{"name": "Partner sync", "kind": "API_KEY_KIND_SECRET", "scopes": ["orders:read", "products:read"]}`)
	serum := s.product(t, "Night Serum", 3200, 20)
	balm := s.product(t, "Day Balm", 1800, 20)
	s.product(t, "Rose Oil", 3200, 1) // ties with the serum's price
	s.product(t, "Iris Mist", 900, 0)
	s.product(t, "Amber Soap", 1800, 4)
	for _, p := range []string{serum, balm, serum, balm, serum} {
		s.placeOrder(t, p, 1)
	}

	for _, list := range []struct{ path, items, other string }{
		{"/api/v1/admin/orders?sort=ORDER_SORT_TOTAL_LOW_TO_HIGH", "orders", "/api/v1/admin/orders?sort=ORDER_SORT_OLDEST"},
		{"/api/v1/admin/products?sort=price&descending=true", "products", "/api/v1/admin/products?sort=price"},
	} {
		all := api.call(t, http.MethodGet, list.path+"&page_size=100", "", key)
		want := restIDs(t, all.require(t, 200), list.items)
		require.GreaterOrEqual(t, len(want), 5, list.path)
		require.Equal(t, want, walkREST(t, api, key, list.path+"&page_size=2", list.items), list.path)

		first := api.call(t, http.MethodGet, list.path+"&page_size=2", "", key).require(t, 200)
		token := url.QueryEscape(first["next_page_token"].(string))
		refused := api.call(t, http.MethodGet, list.other+"&page_size=2&page_token="+token, "", key)
		refused.require(t, 400)
		require.Equal(t, "invalid_page_token", refused.reason(t), list.path)
		both := api.call(t, http.MethodGet, list.path+"&page_size=2&page=2&page_token="+token, "", key)
		both.require(t, 400)
		require.Equal(t, "page_with_page_token", both.reason(t), list.path)
		api.call(t, http.MethodGet, list.path+"&page_token="+strings.Repeat("e", 501), "", key).require(t, 400)
	}
}
