package app

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// wishlistSlugs lists a REST wishlist's products by slug, in order.
func wishlistSlugs(body jsonMap) []string {
	out := []string{}
	for _, it := range items(body["wishlist"].(jsonMap), "items") {
		out = append(out, it["product"].(jsonMap)["slug"].(string))
	}
	return out
}

// The whole wishlist over REST, on the paths partners read in the OpenAPI document (every
// request and answer is checked against it), as real customers with real sessions.
func TestRESTWishlist(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, nil)
	ids := map[string]string{}
	for _, p := range []catalog.ProductInput{
		{Slug: "rose-serum", Name: "Rose Serum", Stock: 3, Published: true},
		{Slug: "moss-balm", Name: "Moss Balm", Stock: 0, Published: true},
		{Slug: "petal-mist", Name: "Petal Mist", Stock: 9, Published: true},
		{Slug: "draft-oil", Name: "Draft Oil", Stock: 9, Published: false},
	} {
		price := int64(2500)
		p.Price, p.Active = &price, true
		id, _, err := s.app.catalog.SaveProduct(context.Background(), p)
		require.NoError(t, err)
		ids[p.Slug] = id
	}
	_, alice := register(t, s, "Alice", "alice@example.com", "password1")
	_, bob := register(t, s, "Bob", "bob@example.com", "password1")
	const path = "/api/v1/account/wishlist"
	add := func(token, productID string) answer {
		return s.call(t, http.MethodPost, path+"/items", fmt.Sprintf(`{"product_id": %q}`, productID), token)
	}

	empty := s.call(t, http.MethodGet, path, "", alice).require(t, 200)
	require.Equal(t, jsonMap{"wishlist": jsonMap{"items": []any{}}}, empty, "an empty list, present on the wire")

	add(alice, ids["rose-serum"]).require(t, 200)
	added := add(alice, ids["moss-balm"]).require(t, 200)
	require.Equal(t, []string{"moss-balm", "rose-serum"}, wishlistSlugs(added), "newest first")
	first := items(added["wishlist"].(jsonMap), "items")[0]
	require.NotEmpty(t, first["added_at"])
	product := first["product"].(jsonMap)
	require.Equal(t, "Moss Balm", product["name"])
	require.Equal(t, "STOCK_STATUS_OUT_OF_STOCK", product["stock_status"], "the product as the shop shows it, stock included")
	require.Equal(t, int64(2500), minor(t, product["price"]))

	require.Equal(t, added, add(alice, ids["rose-serum"]).require(t, 200), "adding again changes nothing")
	require.Equal(t, added, s.call(t, http.MethodGet, path, "", alice).require(t, 200), "GET answers what the write answered")

	for name, c := range map[string]struct {
		productID, reason string
		status            int
	}{
		"hidden":  {ids["draft-oil"], "product_not_found", http.StatusNotFound},
		"unknown": {uuid.NewString(), "product_not_found", http.StatusNotFound},
	} {
		a := add(alice, c.productID)
		require.Equal(t, c.status, a.status, name)
		require.Equal(t, c.reason, a.reason(t), name)
	}
	bad := s.call(t, http.MethodPost, path+"/items", `{"product_id": "rose-serum"}`, alice).require(t, http.StatusBadRequest)
	require.Contains(t, bad["message"], "product_id")

	removed := s.call(t, http.MethodDelete, path+"/items/"+ids["rose-serum"], "", alice).require(t, 200)
	require.Equal(t, []string{"moss-balm"}, wishlistSlugs(removed))
	s.call(t, http.MethodDelete, path+"/items/"+ids["rose-serum"], "", alice).require(t, 200) // already gone: still fine

	// A guest's list at sign-in: unknown and hidden products are skipped, duplicates ignored.
	merged := s.call(t, http.MethodPost, path+"/merge", fmt.Sprintf(`{"product_ids": [%q, %q, %q, %q]}`,
		ids["petal-mist"], ids["draft-oil"], uuid.NewString(), ids["moss-balm"]), alice).require(t, 200)
	require.Equal(t, []string{"petal-mist", "moss-balm"}, wishlistSlugs(merged))
	bad = s.call(t, http.MethodPost, path+"/merge", `{"product_ids": ["nope"]}`, alice).require(t, http.StatusBadRequest)
	require.Contains(t, bad["message"], "product_ids")
	tooMany := `{"product_ids": ["` + strings.TrimSuffix(strings.Repeat(ids["petal-mist"]+`","`, 201), `","`) + `"]}`
	status, _ := sendAs(t, http.MethodPost, s.base+path+"/merge", alice, tooMany, false)
	require.Equal(t, http.StatusBadRequest, status, "the contract caps a merge at 200 ids")

	// Bob's wishlist is his own; nothing he does reaches Alice's.
	require.Empty(t, wishlistSlugs(s.call(t, http.MethodGet, path, "", bob).require(t, 200)))
	s.call(t, http.MethodDelete, path+"/items/"+ids["petal-mist"], "", bob).require(t, 200)
	require.Equal(t, merged, s.call(t, http.MethodGet, path, "", alice).require(t, 200))

	// Guests keep their wishlist in the browser: the API asks them to sign in.
	a := s.call(t, http.MethodGet, path, "", "")
	a.require(t, http.StatusUnauthorized)
	require.Equal(t, "unauthenticated", a.reason(t))

	// And over Connect, as the storefront calls it.
	client := storev1connect.NewWishlistServiceClient(http.DefaultClient, s.base)
	req := connect.NewRequest(&storev1.GetWishlistRequest{})
	req.Header().Set("Authorization", "Bearer "+alice)
	res, err := client.GetWishlist(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, res.Msg.GetWishlist().GetItems(), 2)
	require.Equal(t, ids["petal-mist"], res.Msg.GetWishlist().GetItems()[0].GetProduct().GetId())
}
