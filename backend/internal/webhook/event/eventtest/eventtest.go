// Package eventtest holds the webhook payloads the tests produce to the API document partners
// read and generate clients from (openapi.yaml's `atelier.webhooks.v1` schemas, as the server
// embeds it), so that what the shop sends and what it says it sends cannot drift apart: a payload
// must be valid against its schema, and every field it carries must be declared there. Outbox
// reads the events a test's changes wrote.
package eventtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apidocs"
	"github.com/getkin/kin-openapi/openapi3"
)

var document = sync.OnceValues(func() (*openapi3.T, error) {
	return openapi3.NewLoader().LoadFromData(apidocs.Spec)
})

// RequireDocumented fails the test unless payload (an event's body as sent) is valid against the
// document's component schema named schema (e.g. "atelier.webhooks.v1.OrderEvent") and declares
// every field the payload has.
func RequireDocumented(t testing.TB, schema string, payload []byte) {
	t.Helper()
	if err := Check(schema, payload); err != nil {
		t.Fatalf("%s: %v\npayload: %s", schema, err, payload)
	}
}

// Check is RequireDocumented's verdict: nil, or what is wrong with payload.
func Check(schema string, payload []byte) error {
	doc, err := document()
	if err != nil {
		return fmt.Errorf("eventtest.Check: loading the API document: %w", err)
	}
	ref, ok := doc.Components.Schemas[schema]
	if !ok || ref.Value == nil {
		return fmt.Errorf("the API document has no schema %q", schema)
	}
	var value any
	if err := json.Unmarshal(payload, &value); err != nil {
		return fmt.Errorf("eventtest.Check: not JSON: %w", err)
	}
	if err := ref.Value.VisitJSON(value, openapi3.MultiErrors()); err != nil {
		return fmt.Errorf("eventtest.Check: not valid against the schema: %w", err)
	}
	return undeclared(ref.Value, value, "$")
}

// undeclared finds a field of value (at path) that schema does not declare. It follows allOf
// (the envelope and its data), anyOf and oneOf (a nullable field), properties and array items.
func undeclared(schema *openapi3.Schema, value any, path string) error {
	switch v := value.(type) {
	case map[string]any:
		props := properties(schema)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var errs []error
		for _, k := range keys {
			prop, ok := props[k]
			if !ok {
				errs = append(errs, fmt.Errorf("%s.%s is sent but not in the document", path, k))
				continue
			}
			errs = append(errs, undeclared(prop, v[k], path+"."+k))
		}
		return errors.Join(errs...)
	case []any:
		items := itemsOf(schema)
		if items == nil {
			return nil
		}
		var errs []error
		for i, item := range v {
			errs = append(errs, undeclared(items, item, fmt.Sprintf("%s[%d]", path, i)))
		}
		return errors.Join(errs...)
	}
	return nil
}

// properties are the fields schema declares, its allOf, anyOf and oneOf parts' included.
func properties(schema *openapi3.Schema) map[string]*openapi3.Schema {
	out := map[string]*openapi3.Schema{}
	for name, ref := range schema.Properties {
		if ref.Value != nil {
			out[name] = ref.Value
		}
	}
	for _, part := range slices.Concat(schema.AllOf, schema.AnyOf, schema.OneOf) {
		if part.Value == nil {
			continue
		}
		for name, s := range properties(part.Value) {
			// A property both parts declare (the envelope's untyped data, the event's typed one):
			// the one with fields of its own says more.
			if prev, ok := out[name]; !ok || len(properties(prev)) == 0 {
				out[name] = s
			}
		}
	}
	return out
}

// itemsOf is the item schema of an array schema (or of its parts), or nil.
func itemsOf(schema *openapi3.Schema) *openapi3.Schema {
	if schema.Items != nil {
		return schema.Items.Value
	}
	for _, part := range slices.Concat(schema.AllOf, schema.AnyOf, schema.OneOf) {
		if part.Value != nil {
			if items := itemsOf(part.Value); items != nil {
				return items
			}
		}
	}
	return nil
}
