package app

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/stretchr/testify/require"
)

// The served document is valid OpenAPI 3, identical to the committed one, lists every route, and
// describes what the server really answers.
func TestOpenAPIDocument(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	res, err := http.Get(base + "/api/openapi.yaml")
	require.NoError(t, err)
	served, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, 200, res.StatusCode)

	committed, err := os.ReadFile("../../../openapi/openapi.yaml")
	require.NoError(t, err)
	require.Equal(t, string(committed), string(served), "the server embeds the committed document")

	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(served)
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()))
	require.True(t, strings.HasPrefix(doc.OpenAPI, "3."))
	for _, path := range []string{"/api/v1/products", "/api/v1/products/{id}", "/api/v1/products/{id}/related",
		"/api/v1/featured-products", "/api/v1/categories", "/api/v1/delivery-options", "/api/v1/store-settings",
		"/api/v1/pages/{slug}"} {
		require.NotNil(t, doc.Paths.Find(path), "document lists %s", path)
	}

	// Every response the server gives for these requests conforms to the document.
	doc.Servers = openapi3.Servers{{URL: base}}
	router, err := legacy.NewRouter(doc)
	require.NoError(t, err)
	first := items(getJSON(t, base+"/api/v1/products?page_size=6", 200), "products")[0]["id"].(string)
	for _, path := range []string{
		"/api/v1/products?page_size=12&sort=price_desc&category=Verdant%20%26%20Co",
		"/api/v1/products?search=serum&min_price=1000&max_price=50000",
		"/api/v1/products?page_size=7",
		"/api/v1/products/" + first,
		"/api/v1/products/00000000-0000-4000-8000-000000000000",
		"/api/v1/products/" + first + "/related",
		"/api/v1/featured-products?mode=top_price",
		"/api/v1/categories",
		"/api/v1/delivery-options",
		"/api/v1/store-settings",
		"/api/v1/pages/faq",
	} {
		req, err := http.NewRequest(http.MethodGet, base+path, nil)
		require.NoError(t, err)
		route, params, err := router.FindRoute(req)
		require.NoError(t, err, path)
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
		require.NoError(t, openapi3filter.ValidateRequest(context.Background(), in), path)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		require.NoError(t, err)
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode, Header: res.Header,
			Body: io.NopCloser(bytes.NewReader(body)), Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		require.NoError(t, openapi3filter.ValidateResponse(context.Background(), out), "%s: %s", path, body)
	}
}

func TestAPIDocsPage(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	res, err := http.Get(base + "/api/docs")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, 200, res.StatusCode)
	require.Contains(t, res.Header.Get("Content-Type"), "text/html")
	require.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'none'", "no scripts, no CDN")
	for _, want := range []string{"Atelier Store API", "/api/v1/products", "/api/v1/pages/{slug}", "ListProductsResponse", "/api/openapi.yaml"} {
		require.Contains(t, string(body), want)
	}
	require.NotContains(t, string(body), "<script")
}
