package main

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const policy = `
g, customer, anonymous
p, anonymous, /atelier.store.v1.CatalogService/ListProducts
p, customer, /atelier.store.v1.CatalogService/ListProducts
p, customer, /atelier.store.v1.WishlistService/GetWishlist
p, admin, /atelier.admin.v1.*
p, catalog:read, /atelier.store.v1.WishlistService/GetWishlist
p, catalog:read, /atelier.store.v1.CatalogService/ListProducts
p, products:write, /atelier.admin.v1.ProductService/*
`

const generated = `openapi: 3.1.0
info: {title: T, version: "1"}
components:
  schemas:
    Money:
      type: object
      properties:
        minor_units: {type: [integer, string], format: int64, examples: [2499]}
        count: {type: integer, format: int32}
        big: {type: [integer, string, "null"], format: uint64}
    Product: {type: object, properties: {price: {$ref: "#/components/schemas/Money"}}}
    Login:
      type: object
      required: [email]
      properties:
        email: {type: string, minLength: 3}
        password: {type: string, minLength: 1}
        code: {type: string, maxLength: 6}
        nickname: {type: [string, "null"], minLength: 1}
        ids: {type: array, minItems: 1}
        tags: {type: array, minItems: 0}
        quantity: {type: integer, minimum: 1}
        page_size: {type: integer, minimum: 0}
    ListProductsRequest: {type: object}
    UploadRequest: {type: object, properties: {file: {$ref: "#/components/schemas/google.api.HttpBody"}}}
    google.api.HttpBody: {type: object}
    Unused: {type: object, properties: {also: {$ref: "#/components/schemas/UnusedToo"}}}
    UnusedToo: {type: object}
paths:
  /api/v1/products:
    get:
      operationId: CatalogService_ListProducts
      summary: ListProducts
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Login"}}}}
      responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Product"}}}}}
  /api/v1/account/wishlist:
    get:
      operationId: WishlistService_GetWishlist
      summary: GetWishlist
      responses: {"200": {description: ok}}
  /api/v1/admin/products/{id}/images:
    post:
      operationId: ProductService_UploadProductImage
      summary: UploadProductImage
      requestBody:
        content:
          application/json:
            schema: {description: The bytes., $ref: "#/components/schemas/google.api.HttpBody"}
      responses: {"200": {description: ok}}
security: []
`

const hooks = `components:
  schemas:
    Event: {type: object, properties: {data: {$ref: "#/components/schemas/Product"}}}
tags:
  - name: Webhooks
webhooks:
  order.paid:
    post:
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Event"}}}}
      responses: {"200": {description: ok}}
`

func finished(t *testing.T, doc string) map[string]any {
	t.Helper()
	out, err := finish([]byte(doc), parsePolicy(policy), []byte(hooks))
	if err != nil {
		t.Fatal(err)
	}
	again, err := finish(out, parsePolicy(policy), []byte(hooks))
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(out) {
		t.Errorf("a second run changed the document:\n%s", again)
	}
	var m map[string]any
	if err := yaml.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func at(t *testing.T, v any, path ...string) any {
	t.Helper()
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%v: not a mapping at %q", path, k)
		}
		v = m[k]
	}
	return v
}

func TestFinish(t *testing.T) {
	doc := finished(t, generated)
	schemas := at(t, doc, "components", "schemas").(map[string]any)

	t.Run("int64 is a string", func(t *testing.T) {
		money := at(t, schemas, "Money", "properties")
		if got := at(t, money, "minor_units", "type"); got != "string" {
			t.Errorf("int64 type = %v, want string", got)
		}
		if got := at(t, money, "minor_units", "examples"); !equal(got, []any{"2499"}) {
			t.Errorf("int64 examples = %v, want strings", got)
		}
		if got := at(t, money, "minor_units", "format"); got != "int64" {
			t.Errorf("int64 format = %v, want it kept", got)
		}
		if got := at(t, money, "count", "type"); got != "integer" {
			t.Errorf("int32 type = %v, want integer", got)
		}
		if got := at(t, money, "big", "type"); !equal(got, []any{"string", "null"}) {
			t.Errorf("nullable uint64 type = %v, want [string null]", got)
		}
	})

	t.Run("fields whose zero value the server refuses are required", func(t *testing.T) {
		want := []any{"email", "password", "ids", "quantity"}
		if got := at(t, schemas, "Login", "required"); !equal(got, want) {
			t.Errorf("required = %v, want %v", got, want)
		}
	})

	t.Run("security follows the least role the policy grants", func(t *testing.T) {
		cases := map[string]struct {
			path, method string
			want         []any
		}{
			"anonymous: optional session or key with its scopes": {"/api/v1/products", "get",
				[]any{map[string]any{}, map[string]any{"session": []any{}}, map[string]any{"apiKey": []any{"catalog:read"}}}},
			"customer: session only, even where a scope is granted": {"/api/v1/account/wishlist", "get",
				[]any{map[string]any{"session": []any{}}}},
			"admin by wildcard: session or key with its scopes": {"/api/v1/admin/products/{id}/images", "post",
				[]any{map[string]any{"session": []any{}}, map[string]any{"apiKey": []any{"products:write"}}}},
		}
		for name, c := range cases {
			t.Run(name, func(t *testing.T) {
				if got := at(t, doc, "paths", c.path, c.method, "security"); !equal(got, c.want) {
					t.Errorf("security = %v, want %v", got, c.want)
				}
			})
		}
		if _, ok := doc["security"]; ok {
			t.Error("the empty root security is still there")
		}
	})

	t.Run("an operation no role may call fails generation", func(t *testing.T) {
		doc := strings.Replace(generated, "WishlistService_GetWishlist", "WishlistService_Forgotten", 1)
		_, err := finish([]byte(doc), parsePolicy(policy), []byte(hooks))
		if err == nil || !strings.Contains(err.Error(), "/atelier.store.v1.WishlistService/Forgotten") {
			t.Errorf("err = %v, want one naming the procedure", err)
		}
	})

	t.Run("upload body is raw bytes", func(t *testing.T) {
		content := at(t, doc, "paths", "/api/v1/admin/products/{id}/images", "post", "requestBody", "content")
		want := map[string]any{"application/octet-stream": map[string]any{"schema": map[string]any{
			"type": "string", "format": "binary", "description": "The bytes."}}}
		if !equal(content, want) {
			t.Errorf("content = %v, want %v", content, want)
		}
	})

	t.Run("summaries are words", func(t *testing.T) {
		if got := at(t, doc, "paths", "/api/v1/products", "get", "summary"); got != "List products" {
			t.Errorf("summary = %v", got)
		}
	})

	t.Run("webhooks merged, unused schemas dropped", func(t *testing.T) {
		if at(t, doc, "webhooks", "order.paid", "post") == nil {
			t.Error("no webhook")
		}
		if !equal(doc["tags"], []any{map[string]any{"name": "Webhooks"}}) {
			t.Errorf("tags = %v", doc["tags"])
		}
		for _, name := range []string{"Money", "Product", "Event"} {
			if _, ok := schemas[name]; !ok {
				t.Errorf("%s was dropped but is used", name)
			}
		}
		for _, name := range []string{"Unused", "UnusedToo", "ListProductsRequest", "UploadRequest", "google.api.HttpBody"} {
			if _, ok := schemas[name]; ok {
				t.Errorf("%s is unused but kept", name)
			}
		}
	})

	t.Run("a webhooks component that clashes with a generated one fails", func(t *testing.T) {
		clash := strings.Replace(generated, "    Unused: {type: object, properties", "    Event: {type: string}\n    Unused: {type: object, properties", 1)
		_, err := finish([]byte(clash), parsePolicy(policy), []byte(hooks))
		if err == nil || !strings.Contains(err.Error(), "components.schemas.Event") {
			t.Errorf("err = %v", err)
		}
	})
}

func equal(a, b any) bool {
	x, errA := yaml.Marshal(a)
	y, errB := yaml.Marshal(b)
	return errA == nil && errB == nil && string(x) == string(y)
}
