package apidocs

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const specURL = "/api/openapi.yaml"

func fixture(t *testing.T) []byte {
	t.Helper()
	spec, err := os.ReadFile("testdata/openapi.yaml")
	require.NoError(t, err)
	return spec
}

func get(t *testing.T, h http.Handler, method string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, "/docs", nil))
	return rec.Result()
}

func renderFixture(t *testing.T) string {
	t.Helper()
	h, err := New(fixture(t), specURL)
	require.NoError(t, err)
	res := get(t, h, http.MethodGet)
	require.Equal(t, http.StatusOK, res.StatusCode)
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(body)
}

func TestRendersEveryPathOperationTagAndSchema(t *testing.T) {
	page := renderFixture(t)

	doc, err := openapi3.NewLoader().LoadFromData(fixture(t))
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()))

	ops := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops++
			assert.Contains(t, page, `id="op-`+op.OperationID+`"`, "anchor for %s %s", method, path)
			assert.Contains(t, page, `href="#op-`+op.OperationID+`"`, "table of contents entry for %s %s", method, path)
			assert.Contains(t, page, `<span class="method method-`+strings.ToLower(method)+`">`+method+`</span> <code class="path">`+path+`</code>`)
		}
	}
	assert.Equal(t, 8, ops, "fixture changed; update the expectation")

	for _, tag := range doc.Tags {
		assert.Contains(t, page, `<h2 id="tag-`+tag.Name+`">`+tag.Name+`</h2>`)
	}
	for name := range doc.Components.Schemas {
		assert.Contains(t, page, `<h3 id="schema-`+name+`">`+name+`</h3>`)
	}

	// Titles come from operation IDs because protoc-gen-openapi writes no summaries.
	assert.Contains(t, page, `>List products</h3>`)
	assert.Contains(t, page, `>Add cart item</h3>`)
	// Info and servers.
	assert.Contains(t, page, `<h1>Atelier Store API</h1>`)
	assert.Contains(t, page, `version 1.0.0`)
	assert.Contains(t, page, `<code>http://localhost:8080</code>`)
	assert.Contains(t, page, `<a href="/api/openapi.yaml" download>`)
}

func TestOperationsFollowDocumentOrderWithinTags(t *testing.T) {
	page := renderFixture(t)
	// CatalogService's paths are declared categories, products, products/{slug}.
	iCategories := strings.Index(page, `id="op-CatalogService_ListCategories"`)
	iProducts := strings.Index(page, `id="op-CatalogService_ListProducts"`)
	iProduct := strings.Index(page, `id="op-CatalogService_GetProduct"`)
	assert.True(t, iCategories < iProducts && iProducts < iProduct)

	// Properties keep the order of the .proto fields, not alphabetical order.
	order := page[strings.Index(page, `id="schema-Order"`):] //nolint:gocritic // offBy1: a missing schema panics, which fails the test
	assert.Less(t, strings.Index(order, `>id</code>`), strings.Index(order, `>status</code>`))
	assert.Less(t, strings.Index(order, `>status</code>`), strings.Index(order, `>lines</code>`))
}

func TestEscapesHTMLInDescriptions(t *testing.T) {
	page := renderFixture(t)

	assert.NotContains(t, page, `<script`, "no markup from the spec and no JavaScript of our own")
	assert.Contains(t, page, `&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;`)
	assert.NotContains(t, page, `<b>Cached</b>`)
	assert.Contains(t, page, `&lt;b&gt;Cached&lt;/b&gt;`)

	// Blank lines separate paragraphs.
	assert.Contains(t, page, `<p>Long description shown on the product page.</p><p>Merchants sometimes paste markup`)
}

func TestParameterTypes(t *testing.T) {
	page := renderFixture(t)

	// Enum values are listed.
	for _, v := range []string{"SORT_NEWEST", "SORT_PRICE_ASC", "SORT_PRICE_DESC", "ORDER_STATUS_SHIPPED"} {
		assert.Contains(t, page, `<code>`+v+`</code>`)
	}
	// protoc-gen-openapi's format "enum" is dropped once the values are shown.
	assert.NotContains(t, page, `<span class="format">enum</span>`)
	// Array parameters show their item type.
	assert.Contains(t, page, `<code class="name">category</code>`)
	assert.Contains(t, page, `<code class="type">string[]</code>`)
	// Formats are shown next to the type.
	assert.Contains(t, page, `<code class="type">string</code> <span class="format">int64</span>`)
	assert.Contains(t, page, `<code class="type">integer</code> <span class="format">int32</span>`)
}

func TestSchemaReferencesAreLinked(t *testing.T) {
	page := renderFixture(t)

	assert.Contains(t, page, `<code class="type"><a href="#schema-Status">Status</a></code>`, "default response")
	assert.Contains(t, page, `<code class="type"><a href="#schema-Product">Product</a>[]</code>`, "array of $ref")
	assert.Contains(t, page, `<code class="type"><a href="#schema-Money">Money</a></code>`, "nested $ref")
	assert.Contains(t, page, `<code class="type"><a href="#schema-CreateCartRequest">CreateCartRequest</a></code>`, "request body")
	assert.Contains(t, page, `<code class="type">map&lt;string, string&gt;</code>`, "map field")
	assert.Contains(t, page, `<span class="parent">shippingAddress.</span>countryCode`, "nested inline object")
	assert.Contains(t, page, `<span class="flag flag-required">required</span>`)
	assert.Contains(t, page, `<span class="flag">read-only</span>`)
	assert.Contains(t, page, `Additional properties: <code class="type">any</code>`, "GoogleProtobufAny")

	// Every in-page link has a target, and ids are unique.
	ids := map[string]int{}
	for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		ids[m[1]]++
	}
	for id, n := range ids {
		assert.Equal(t, 1, n, "duplicate id %q", id)
	}
	for _, m := range regexp.MustCompile(`href="#([^"]*)"`).FindAllStringSubmatch(page, -1) {
		assert.Contains(t, ids, m[1], "dangling link #%s", m[1])
	}
}

func TestCurlExamples(t *testing.T) {
	page := renderFixture(t)

	assert.Contains(t, page, "curl -G &#39;http://localhost:8080/api/v1/products&#39; \\\n"+
		"  --data-urlencode &#39;search=SEARCH&#39; \\\n"+
		"  --data-urlencode &#39;category=CATEGORY&#39; \\\n"+
		"  --data-urlencode &#39;sort=SORT_NEWEST&#39;</code>",
		"first three query parameters, skipping the UNSPECIFIED enum value")
	assert.Contains(t, page, "curl &#39;http://localhost:8080/api/v1/orders/ORDER_ID&#39;</code>")
	assert.Contains(t, page, "curl -X POST &#39;http://localhost:8080/api/v1/carts&#39; \\\n"+
		"  -H &#39;Content-Type: application/json&#39; \\\n"+
		"  -d &#39;{\n"+
		"    &#34;currencyCode&#34;: &#34;string&#34;\n"+
		"  }&#39;</code>")
}

func TestMinimalDocumentWithoutServersTagsOrComponents(t *testing.T) {
	spec := []byte(`openapi: 3.0.3
info: {title: Tiny, version: "0.1"}
paths:
  /api/v1/ping:
    get:
      parameters:
        - {name: echo, in: query, schema: {type: string}}
      responses:
        "200": {description: OK}
`)
	h, err := New(spec, specURL)
	require.NoError(t, err)
	body, err := io.ReadAll(get(t, h, http.MethodGet).Body)
	require.NoError(t, err)
	page := string(body)

	assert.Contains(t, page, `>Other operations</h2>`)
	assert.Contains(t, page, `>GET /api/v1/ping</h3>`)
	assert.Contains(t, page, "curl -G &#39;/api/v1/ping&#39;", "relative URL without servers")
	assert.NotContains(t, page, `id="schemas"`)
	assert.NotContains(t, page, "Base URL")
}

func TestPageStructureForAssistiveTechnology(t *testing.T) {
	page := renderFixture(t)

	assert.Contains(t, page, `<html lang="en">`)
	assert.Contains(t, page, `<meta name="viewport" content="width=device-width, initial-scale=1">`)
	assert.Contains(t, page, `<a class="skip-link" href="#main">`)
	assert.Contains(t, page, `<header class="masthead">`)
	assert.Contains(t, page, `<nav class="toc" aria-labelledby="toc-heading">`)
	assert.Contains(t, page, `<main id="main" tabindex="-1">`)
	assert.Contains(t, page, `<th scope="col" role="columnheader">Name</th>`)
	assert.Contains(t, page, `<th scope="row" role="rowheader">`)
	assert.Equal(t, 1, strings.Count(page, "<h1"))

	// Headings never skip a level on the way down.
	prev := 1
	for _, m := range regexp.MustCompile(`<h([1-6])[ >]`).FindAllStringSubmatch(page, -1) {
		level, _ := strconv.Atoi(m[1])
		assert.LessOrEqual(t, level, prev+1, "heading jumps from h%d to h%d", prev, level)
		prev = level
	}

	// Nothing is fetched from elsewhere.
	assert.NotRegexp(t, `(src|href)="(https?:)?//`, page)
}

func TestServesHeaders(t *testing.T) {
	h, err := New(fixture(t), specURL)
	require.NoError(t, err)

	res := get(t, h, http.MethodGet)
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)

	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/html; charset=utf-8", res.Header.Get("Content-Type"))
	assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"))
	assert.Equal(t, strconv.Itoa(len(body)), res.Header.Get("Content-Length"))

	csp := res.Header.Get("Content-Security-Policy")
	for _, directive := range []string{
		"default-src 'none'", "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
	} {
		assert.Contains(t, csp, directive)
	}
	// The policy allows the inline stylesheet by hash, so the hash must match
	// the bytes actually served between the <style> tags.
	m := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindSubmatch(body)
	require.NotNil(t, m)
	sum := sha256.Sum256(m[1])
	assert.Contains(t, csp, "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	assert.NotContains(t, csp, "unsafe-inline")
	assert.NotContains(t, string(body), ` style="`, "inline style attributes would be blocked by the policy")
}

func TestHeadAndConditionalGet(t *testing.T) {
	h, err := New(fixture(t), specURL)
	require.NoError(t, err)

	full := get(t, h, http.MethodGet)
	head := get(t, h, http.MethodHead)
	assert.Equal(t, http.StatusOK, head.StatusCode)
	assert.Equal(t, full.Header.Get("Content-Length"), head.Header.Get("Content-Length"))
	assert.Equal(t, full.Header.Get("Content-Security-Policy"), head.Header.Get("Content-Security-Policy"))
	body, err := io.ReadAll(head.Body)
	require.NoError(t, err)
	assert.Empty(t, body)

	etag := full.Header.Get("ETag")
	require.NotEmpty(t, etag)
	req := httptest.NewRequest(http.MethodGet, "/docs", nil)
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusNotModified, rec.Code)
}

func TestRejectsOtherMethods(t *testing.T) {
	h, err := New(fixture(t), specURL)
	require.NoError(t, err)

	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodOptions} {
		res := get(t, h, method)
		assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode, method)
		assert.Equal(t, "GET, HEAD", res.Header.Get("Allow"), method)
	}
}

func TestNewRejectsBadDocuments(t *testing.T) {
	_, err := New([]byte("openapi: 3.0.3\ninfo: [unclosed\n"), specURL)
	require.Error(t, err, "invalid YAML")

	_, err = New([]byte("openapi: 3.0.3\npaths: {}\n"), specURL)
	assert.ErrorContains(t, err, "validate", "missing info must fail validation")
}

func TestOperationTitle(t *testing.T) {
	for id, want := range map[string]string{
		"CatalogService_ListProducts": "List products",
		"OrderService_GetSKUPrice":    "Get SKU price",
		"listOrders":                  "List orders",
		"Service_":                    "Service",
	} {
		assert.Equal(t, want, operationTitle("/p", "GET", &openapi3.Operation{OperationID: id}), id)
	}
	assert.Equal(t, "Custom", operationTitle("/p", "GET", &openapi3.Operation{Summary: "Custom", OperationID: "X_Y"}))
	assert.Equal(t, "DELETE /p", operationTitle("/p", "DELETE", &openapi3.Operation{}))
}

func TestParagraphs(t *testing.T) {
	assert.Equal(t, []string{"one two", "three"}, paragraphs("one\ntwo\r\n \r\nthree\n"))
	assert.Nil(t, paragraphs("  \n "))
}
