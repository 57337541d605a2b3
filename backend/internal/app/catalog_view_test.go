package app

import (
	"encoding/json"
	"net/http"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// listBody fetches a REST list and returns its products and the bytes it took.
func listBody(t *testing.T, rawURL string) ([]jsonMap, int) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, rawURL, nil)
	require.NoError(t, err)
	status, _, body := raw(t, req)
	require.Equal(t, http.StatusOK, status, "%s: %s", rawURL, body)
	var out jsonMap
	require.NoError(t, json.Unmarshal(body, &out))
	return items(out, "products"), len(body)
}

// summaryBytesBound is what a summary of a demo product weighs at most in a list answer. Issue
// 17 asks for 1 KB; a summary as specified (one image with its three renditions, four absolute
// URLs among them, ~700 bytes) weighs about 1.45 KB, so this guards the summary from growing
// back while the rest of the gap is the contract's to close (see the branch's report).
const summaryBytesBound = 1536

// Lists answer with summaries unless asked for PRODUCT_VIEW_FULL (AIP-157): a page of the demo
// shop weighs a fraction of the whole products, and the full view is the product endpoint's answer.
func TestRESTListViews(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	summaries, size := listBody(t, base+"/api/v1/products?page_size=12")
	require.NotEmpty(t, summaries)
	require.LessOrEqual(t, size/len(summaries), summaryBytesBound, "a summary's bytes (%d for %d)", size, len(summaries))
	basic, _ := listBody(t, base+"/api/v1/products?page_size=12&view=PRODUCT_VIEW_BASIC")
	require.Equal(t, summaries, basic, "unspecified is basic")

	withSeveral := 0
	for _, p := range summaries {
		full := getJSON(t, base+"/api/v1/products/"+p["id"].(string), 200)["product"].(jsonMap)
		require.Empty(t, p["sku"], "%s: a summary has no SKU", p["slug"])
		images := items(p, "images")
		require.Equal(t, len(items(full, "images")), int(p["image_count"].(float64)), "%s: image_count counts them all", p["slug"])
		require.Len(t, images, min(1, len(items(full, "images"))))
		if len(images) == 1 {
			require.Equal(t, true, images[0]["primary"])
			require.NotEmpty(t, images[0]["variants"])
		}
		if len(items(full, "images")) > 1 {
			withSeveral++
		}
		require.LessOrEqual(t, utf8.RuneCountInString(p["description"].(string)), 160)
		for _, a := range items(p, "attributes") {
			require.Contains(t, []string{"category", "brand", "feature"}, a["name"])
		}
		for _, key := range []string{"id", "slug", "name", "price", "stock_status", "category", "created_at"} {
			require.Equal(t, full[key], p[key], "%s: %s", p["slug"], key)
		}
	}
	require.Positive(t, withSeveral, "the demo has products with several images")

	// Vanguard reads an enum query parameter by name or by number.
	for _, view := range []string{"PRODUCT_VIEW_FULL", "2"} {
		fulls, fullSize := listBody(t, base+"/api/v1/products?page_size=12&view="+view)
		require.Greater(t, fullSize, 2*size, "view=%s: a summary weighs less than half the whole product", view)
		require.Len(t, fulls, len(summaries))
		for _, p := range fulls {
			require.Equal(t, getJSON(t, base+"/api/v1/products/"+p["id"].(string), 200)["product"], p, "view=%s: the whole product", view)
		}
	}

	featured, _ := listBody(t, base+"/api/v1/featured-products?mode=top_price")
	featuredFull, _ := listBody(t, base+"/api/v1/featured-products?mode=top_price&view=PRODUCT_VIEW_FULL")
	require.Len(t, featuredFull, len(featured))
	for i, p := range featured {
		require.Equal(t, featuredFull[i]["id"], p["id"])
		require.Empty(t, p["sku"])
		require.LessOrEqual(t, len(items(p, "images")), 1)
		require.Equal(t, getJSON(t, base+"/api/v1/products/"+p["id"].(string), 200)["product"], featuredFull[i])
	}
	for _, r := range items(getJSON(t, base+"/api/v1/products/"+summaries[0]["id"].(string)+"/related", 200), "products") {
		require.LessOrEqual(t, len(items(r, "images")), 1, "related products are summaries")
	}

	for _, bad := range []string{"/api/v1/products?view=7", "/api/v1/products?view=PRODUCT_VIEW_NOPE", "/api/v1/featured-products?view=9"} {
		getJSON(t, base+bad, http.StatusBadRequest)
	}
}
