package app

import (
	"bytes"
	"context"
	"fmt"
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
	status, _, served := raw(t, apiRequest(t, http.MethodGet, base+"/api/openapi.yaml", "", "", false))
	require.Equal(t, 200, status)

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
		"/api/v1/pages/{slug}", "/api/v1/carts", "/api/v1/carts/{cart_id}", "/api/v1/carts/{cart_id}/items",
		"/api/v1/carts/{cart_id}/items/{product_id}", "/api/v1/newsletter/subscriptions", "/api/v1/contact-messages",
		"/api/v1/status"} {
		require.NotNil(t, doc.Paths.Find(path), "document lists %s", path)
	}

	// Every response the server gives for these requests conforms to the document.
	doc.Servers = openapi3.Servers{{URL: base}}
	router, err := legacy.NewRouter(doc)
	require.NoError(t, err)
	first := items(getJSON(t, base+"/api/v1/products?page_size=6", 200), "products")[0]["id"].(string)
	plenty, _, soldOut := demoProducts(t, base)
	cartID := sendJSON(t, http.MethodPost, base+"/api/v1/carts", "{}", 200)["cart"].(jsonMap)["id"].(string)
	cart, unknownCart := "/api/v1/carts/"+cartID, "/api/v1/carts/00000000-0000-4000-8000-000000000000"
	addPlenty := `{"product_id": "` + plenty["id"].(string) + `", "quantity": 2}`
	// refused marks a request the document itself rules out (a protovalidate rule it states): the
	// document must say so, and the server's refusal must still be described.
	for _, r := range []struct {
		method, path, body string
		refused            bool
	}{
		{http.MethodGet, "/api/v1/products?page_size=12&sort=price_desc&category=Verdant%20%26%20Co", "", false},
		{http.MethodGet, "/api/v1/products?search=serum&min_price=1000&max_price=50000", "", false},
		{http.MethodGet, "/api/v1/products?page_size=7", "", true},
		{http.MethodGet, "/api/v1/products/" + first, "", false},
		{http.MethodGet, "/api/v1/products/00000000-0000-4000-8000-000000000000", "", false},
		{http.MethodGet, "/api/v1/products/" + first + "/related", "", false},
		{http.MethodGet, "/api/v1/featured-products?mode=top_price", "", false},
		{http.MethodGet, "/api/v1/categories", "", false},
		{http.MethodGet, "/api/v1/delivery-options", "", false},
		{http.MethodGet, "/api/v1/store-settings", "", false},
		{http.MethodGet, "/api/v1/pages/faq", "", false},
		{http.MethodPost, "/api/v1/carts", "{}", false},
		{http.MethodGet, cart, "", false}, // empty: no delivery
		{http.MethodPost, cart + "/items", addPlenty, false},
		{http.MethodPost, cart + "/items", `{"product_id": "` + soldOut["id"].(string) + `", "quantity": 1}`, false},
		{http.MethodPost, cart + "/items", `{"product_id": "` + first + `", "quantity": 0}`, true},
		{http.MethodPatch, cart + "/items/" + plenty["id"].(string), `{"quantity": 1}`, false},
		{http.MethodGet, cart, "", false}, // with a line, delivery and images
		{http.MethodGet, unknownCart, "", false},
		{http.MethodDelete, cart + "/items/" + plenty["id"].(string), "", false},
		{http.MethodDelete, cart + "/items", "", false},
		{http.MethodPost, "/api/v1/newsletter/subscriptions", `{"email": "openapi@example.com"}`, false},
		{http.MethodPost, "/api/v1/newsletter/subscriptions", `{"email": "nope"}`, false}, // format: email, which kin-openapi does not check
		{http.MethodPost, "/api/v1/contact-messages", `{"name": "A", "email": "a@example.com", "subject": "S", "message": "M"}`, false},
		{http.MethodPost, "/api/v1/contact-messages", `{"name": " ", "email": "a@example.com", "subject": "S", "message": "M"}`, false},
		{http.MethodGet, "/api/v1/status", "", false},
	} {
		name := r.method + " " + r.path
		newReq := func() *http.Request {
			var body io.Reader
			if r.body != "" {
				body = strings.NewReader(r.body)
			}
			req, err := http.NewRequest(r.method, base+r.path, body)
			require.NoError(t, err)
			if r.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			return req
		}
		req := newReq()
		route, params, err := router.FindRoute(req)
		require.NoError(t, err, name)
		// Security is checked by the auth tests; here the calls are anonymous, which every one allows.
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: anonymousAllowed}}
		if err := openapi3filter.ValidateRequest(context.Background(), in); r.refused {
			require.Error(t, err, "%s: the document allows what the server refuses", name)
		} else {
			require.NoError(t, err, name)
		}
		status, header, body := raw(t, newReq())
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header,
			Body: io.NopCloser(bytes.NewReader(body)), Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		require.NoError(t, openapi3filter.ValidateResponse(context.Background(), out), "%s: %s", name, body)
	}
}

// anonymousAllowed accepts a request that carries no credentials when the operation lists the
// empty requirement `{}` among its schemes, and refuses it otherwise.
func anonymousAllowed(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	if in.RequestValidationInput.Request.Header.Get("Authorization") != "" {
		return nil
	}
	return fmt.Errorf("anonymous call to an operation that needs %s", in.SecuritySchemeName)
}

func TestAPIDocsPage(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	status, header, body := raw(t, apiRequest(t, http.MethodGet, base+"/api/docs", "", "", false))
	require.Equal(t, 200, status)
	require.Contains(t, header.Get("Content-Type"), "text/html")
	require.Contains(t, header.Get("Content-Security-Policy"), "default-src 'none'", "no scripts, no CDN")
	for _, want := range []string{"Atelier Store API", "/api/v1/products", "/api/v1/pages/{slug}", "ListProductsResponse", "/api/openapi.yaml"} {
		require.Contains(t, string(body), want)
	}
	require.NotContains(t, string(body), "<script")
}
