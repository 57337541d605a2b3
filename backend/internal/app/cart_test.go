package app

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// errorInfo returns the ErrorInfo detail of a REST error body: its reason and metadata.
func errorInfo(t *testing.T, body jsonMap) (string, map[string]any) {
	t.Helper()
	details, _ := body["details"].([]any)
	for _, d := range details {
		if m := d.(jsonMap); strings.HasSuffix(m["@type"].(string), "google.rpc.ErrorInfo") {
			meta, _ := m["metadata"].(jsonMap)
			return m["reason"].(string), meta
		}
	}
	t.Fatalf("no ErrorInfo in %v", body)
	return "", nil
}

// demoProducts picks demo products by stock without changing any: adding to a cart never
// touches stock, so the shared shop stays as seeded.
func demoProducts(t *testing.T, base string) (plenty, scarce, soldOut jsonMap) {
	t.Helper()
	for _, p := range items(getJSON(t, base+"/api/v1/products?page_size=0&sort=price_asc", 200), "products") {
		stock := p["stock_quantity"].(float64)
		switch {
		case plenty == nil && stock >= 20 && minor(t, p["price"]) < 2500:
			plenty = p
		case scarce == nil && stock >= 2 && stock < 10:
			scarce = p
		case soldOut == nil && stock == 0:
			soldOut = p
		}
	}
	require.NotNil(t, plenty, "a cheap product with plenty of stock")
	require.NotNil(t, scarce, "a low-stock product")
	require.NotNil(t, soldOut, "an out-of-stock product")
	return plenty, scarce, soldOut
}

// The whole cart over REST, on the paths partners read in the OpenAPI document.
func TestRESTCart(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	plenty, scarce, soldOut := demoProducts(t, base)
	plentyID, price := plenty["id"].(string), minor(t, plenty["price"])

	created := sendJSON(t, http.MethodPost, base+"/api/v1/carts", "{}", 200)["cart"].(jsonMap)
	id := created["id"].(string)
	_, err := uuid.Parse(id)
	require.NoError(t, err)
	require.Empty(t, items(created, "lines"))
	require.Equal(t, 0.0, created["item_count"], "zero values are present")
	require.Equal(t, int64(0), minor(t, created["total"]))
	require.NotContains(t, created, "delivery", "an empty cart has no delivery charge")
	require.NotEmpty(t, created["updated_at"])
	other := sendJSON(t, http.MethodPost, base+"/api/v1/carts", "", 200)["cart"].(jsonMap)
	require.NotEqual(t, id, other["id"], "a body is optional and every cart is new")

	cartURL, itemsURL := base+"/api/v1/carts/"+id, base+"/api/v1/carts/"+id+"/items"
	add := func(productID string, q int, status int) jsonMap {
		t.Helper()
		return sendJSON(t, http.MethodPost, itemsURL, fmt.Sprintf(`{"product_id": %q, "quantity": %d}`, productID, q), status)
	}

	add(plentyID, 1, 200)
	c := add(plentyID, 2, 200)["cart"].(jsonMap)
	lines := items(c, "lines")
	require.Len(t, lines, 1, "adding again raises the quantity")
	require.Equal(t, 3.0, lines[0]["quantity"])
	require.Equal(t, plentyID, lines[0]["product"].(jsonMap)["id"])
	require.Equal(t, price, minor(t, lines[0]["unit_price"]))
	require.Equal(t, 3*price, minor(t, lines[0]["line_total"]))
	require.Equal(t, false, lines[0]["exceeds_stock"])
	require.Equal(t, 3.0, c["item_count"])
	require.Equal(t, 3*price, minor(t, c["subtotal"]))
	require.Equal(t, c, getJSON(t, cartURL, 200)["cart"], "GET answers what the write answered")

	// Delivery: Standard £17.35 up to £50, free above.
	c = sendJSON(t, http.MethodPatch, itemsURL+"/"+plentyID, `{"quantity": 1}`, 200)["cart"].(jsonMap)
	require.Equal(t, 1.0, items(c, "lines")[0]["quantity"])
	delivery := c["delivery"].(jsonMap)
	require.Equal(t, "standard", delivery["code"])
	require.Equal(t, "Standard", delivery["name"])
	require.Equal(t, int64(1735), minor(t, delivery["price"]))
	require.Equal(t, int64(5000), minor(t, delivery["free_over"]))
	total := price + 1735
	require.Equal(t, total, minor(t, c["total"]))
	require.Equal(t, money.GBP(total).VATIncluded(20).Minor, minor(t, c["vat_included"]))
	over := int(5000/price) + 1
	require.LessOrEqual(t, over, int(plenty["stock_quantity"].(float64)))
	c = sendJSON(t, http.MethodPatch, itemsURL+"/"+plentyID, fmt.Sprintf(`{"quantity": %d}`, over), 200)["cart"].(jsonMap)
	require.Equal(t, int64(0), minor(t, c["delivery"].(jsonMap)["price"]), "free over £50")
	require.Equal(t, minor(t, c["subtotal"]), minor(t, c["total"]))

	// Refusals, each with its status and stable reason.
	stock := int(scarce["stock_quantity"].(float64))
	body := add(scarce["id"].(string), stock+1, http.StatusBadRequest)
	require.Equal(t, float64(connect.CodeFailedPrecondition), body["code"])
	require.Equal(t, fmt.Sprintf("Only %d of %s are in stock.", stock, scarce["name"]), body["message"])
	reason, meta := errorInfo(t, body)
	require.Equal(t, "insufficient_stock", reason)
	require.Equal(t, strconv.Itoa(stock), meta["available"], "the available quantity, for the client")

	body = add(soldOut["id"].(string), 1, http.StatusBadRequest)
	require.Equal(t, soldOut["name"].(string)+" is out of stock.", body["message"])
	reason, _ = errorInfo(t, body)
	require.Equal(t, "out_of_stock", reason)

	body = add(uuid.NewString(), 1, http.StatusNotFound)
	reason, _ = errorInfo(t, body)
	require.Equal(t, "product_not_found", reason)

	for name, q := range map[string]int{"zero": 0, "negative": -2, "too many": 1001} {
		body = add(plentyID, q, http.StatusBadRequest)
		require.Equal(t, float64(connect.CodeInvalidArgument), body["code"], name)
		require.Contains(t, body["message"], "quantity", name)
	}
	body = add("not-a-uuid", 1, http.StatusBadRequest)
	require.Contains(t, body["message"], "product_id")

	body = sendJSON(t, http.MethodPatch, itemsURL+"/"+scarce["id"].(string), `{"quantity": 1}`, http.StatusNotFound)
	reason, _ = errorInfo(t, body)
	require.Equal(t, "cart_item_not_found", reason)

	unknown := base + "/api/v1/carts/" + uuid.NewString()
	for _, r := range []struct{ method, url, body string }{
		{http.MethodGet, unknown, ""},
		{http.MethodPost, unknown + "/items", fmt.Sprintf(`{"product_id": %q, "quantity": 1}`, plentyID)},
		{http.MethodPatch, unknown + "/items/" + plentyID, `{"quantity": 1}`},
		{http.MethodDelete, unknown + "/items/" + plentyID, ""},
		{http.MethodDelete, unknown + "/items", ""},
	} {
		body = sendJSON(t, r.method, r.url, r.body, http.StatusNotFound)
		require.Equal(t, float64(connect.CodeNotFound), body["code"])
		require.Equal(t, "cart not found", body["message"])
		reason, _ = errorInfo(t, body)
		require.Equal(t, "cart_not_found", reason, "%s %s", r.method, r.url)
	}
	body = getJSON(t, base+"/api/v1/carts/not-a-uuid", http.StatusBadRequest)
	require.Contains(t, body["message"], "cart_id")

	// A refused request changed nothing.
	require.Len(t, items(getJSON(t, cartURL, 200)["cart"].(jsonMap), "lines"), 1)

	add(scarce["id"].(string), 1, 200)
	c = sendJSON(t, http.MethodDelete, itemsURL+"/"+plentyID, "", 200)["cart"].(jsonMap)
	require.Len(t, items(c, "lines"), 1)
	require.Equal(t, scarce["id"], items(c, "lines")[0]["product"].(jsonMap)["id"])
	sendJSON(t, http.MethodDelete, itemsURL+"/"+plentyID, "", 200) // already gone: still fine
	c = sendJSON(t, http.MethodDelete, itemsURL, "", 200)["cart"].(jsonMap)
	require.Empty(t, items(c, "lines"))
	require.NotContains(t, c, "delivery")
	require.Empty(t, items(getJSON(t, cartURL, 200)["cart"].(jsonMap), "lines"))
}

func TestConnectCart(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	plenty, _, soldOut := demoProducts(t, base)
	client := storev1connect.NewCartServiceClient(http.DefaultClient, base)
	ctx := context.Background()
	created, err := client.CreateCart(ctx, connect.NewRequest(&storev1.CreateCartRequest{}))
	require.NoError(t, err)
	id := created.Msg.GetCart().GetId()
	added, err := client.AddCartItem(ctx, connect.NewRequest(&storev1.AddCartItemRequest{CartId: id, ProductId: plenty["id"].(string), Quantity: 2}))
	require.NoError(t, err)
	require.Equal(t, int32(2), added.Msg.GetCart().GetItemCount())
	require.Equal(t, "standard", added.Msg.GetCart().GetDelivery().GetCode())

	_, err = client.AddCartItem(ctx, connect.NewRequest(&storev1.AddCartItemRequest{CartId: id, ProductId: soldOut["id"].(string), Quantity: 1}))
	require.Equal(t, connect.CodeFailedPrecondition, connect.CodeOf(err))
	_, err = client.GetCart(ctx, connect.NewRequest(&storev1.GetCartRequest{CartId: uuid.NewString()}))
	require.Equal(t, connect.CodeNotFound, connect.CodeOf(err))

	cleared, err := client.ClearCart(ctx, connect.NewRequest(&storev1.ClearCartRequest{CartId: id}))
	require.NoError(t, err)
	require.Empty(t, cleared.Msg.GetCart().GetLines())
	require.Nil(t, cleared.Msg.GetCart().GetDelivery())
}
