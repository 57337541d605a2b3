package apidocs

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
)

// The view model is flat and fully resolved so the template stays free of
// logic: every decision about wording, order and linking is made here, where
// it can be tested.

type page struct {
	Title       string
	Version     string
	Description []string
	BaseURL     string
	SpecURL     string
	Groups      []*group
	Schemas     []*schemaView
}

type group struct {
	Name        string
	Anchor      string
	Description []string
	Operations  []*operation
}

type operation struct {
	Anchor      string
	Title       string
	Method      string
	MethodClass string
	Path        string
	Deprecated  bool
	Description []string
	Parameters  []paramView
	Body        *bodyView
	Responses   []responseView
	Curl        string
}

type paramView struct {
	Name        string
	In          string
	Required    bool
	Deprecated  bool
	Type        typeView
	Description []string
}

type bodyView struct {
	MediaType   string
	Required    bool
	Description []string
	Type        *typeView
	Properties  []propertyView
}

type responseView struct {
	Status      string
	Description []string
	MediaType   string
	Type        *typeView
}

type schemaView struct {
	Name        string
	Anchor      string
	Description []string
	Type        *typeView
	Composition *composition
	Properties  []propertyView
	Additional  *typeView
}

type composition struct {
	Label string
	Types []typeView
}

type propertyView struct {
	// Parent is the dotted path of an enclosing inline object, shown so that
	// nested fields read as "shippingAddress.city" without a second table.
	Parent      string
	Name        string
	Type        typeView
	Required    bool
	ReadOnly    bool
	WriteOnly   bool
	Deprecated  bool
	Description []string
}

// typeView renders as Prefix + Label + Suffix, with Label linked when it names
// a component schema; that split keeps "map<string, Money[]>" readable while
// linking only the schema name.
type typeView struct {
	Prefix   string
	Label    string
	Anchor   string
	Suffix   string
	Format   string
	Enum     []string
	Nullable bool
}

const componentSchemaPrefix = "#/components/schemas/"

// maxInlineDepth bounds how far nested inline objects are flattened into the
// parent's table; deeper structure is rare in generated documents and would
// make rows unreadable.
const maxInlineDepth = 3

type builder struct {
	doc          *openapi3.T
	used         map[string]bool
	schemaAnchor map[string]string
}

func buildPage(doc *openapi3.T, specURL string) *page {
	b := &builder{
		doc: doc,
		// Reserved ids used by the page skeleton.
		used:         map[string]bool{"main": true, "toc-heading": true, "schemas": true},
		schemaAnchor: map[string]string{},
	}
	p := &page{SpecURL: specURL, BaseURL: baseURL(doc)}
	if doc.Info != nil {
		p.Title = doc.Info.Title
		p.Version = doc.Info.Version
		p.Description = paragraphs(doc.Info.Description)
	}

	var schemaNames []string
	if doc.Components != nil {
		schemaNames = sortedKeys(doc.Components.Schemas)
	}
	// Anchors for schemas are fixed first so operations can link to them.
	for _, name := range schemaNames {
		b.schemaAnchor[name] = b.anchor("schema-", name)
	}

	p.Groups = b.groups()
	for _, name := range schemaNames {
		p.Schemas = append(p.Schemas, b.schema(name, doc.Components.Schemas[name]))
	}
	return p
}

// groups buckets operations by their first tag: declared tags keep the
// document's order, undeclared ones follow in order of first use, and
// untagged operations come last.
func (b *builder) groups() []*group {
	byName := map[string]*group{}
	var order []*group
	get := func(name, description string) *group {
		if g, ok := byName[name]; ok {
			return g
		}
		g := &group{Name: name, Description: paragraphs(description)}
		byName[name] = g
		order = append(order, g)
		return g
	}
	for _, t := range b.doc.Tags {
		if t != nil {
			get(t.Name, t.Description)
		}
	}
	var untagged *group
	for _, path := range b.pathsInOrder() {
		item := b.doc.Paths.Value(path)
		for _, method := range methodsInOrder(item) {
			op := item.GetOperation(method)
			var g *group
			if len(op.Tags) > 0 {
				g = get(op.Tags[0], "")
			} else {
				if untagged == nil {
					untagged = &group{Name: "Other operations"}
				}
				g = untagged
			}
			g.Operations = append(g.Operations, b.operation(path, method, item, op))
		}
	}
	if untagged != nil {
		order = append(order, untagged)
	}

	var out []*group
	for _, g := range order {
		if len(g.Operations) == 0 {
			continue
		}
		g.Anchor = b.anchor("tag-", g.Name)
		out = append(out, g)
	}
	return out
}

func (b *builder) pathsInOrder() []string {
	if b.doc.Paths == nil {
		return nil
	}
	keys := b.doc.Paths.Keys()
	slices.SortStableFunc(keys, func(x, y string) int {
		return cmp.Compare(line(b.doc.Paths.Value(x).Origin), line(b.doc.Paths.Value(y).Origin))
	})
	return keys
}

var methodRank = map[string]int{
	http.MethodGet: 1, http.MethodHead: 2, http.MethodPost: 3, http.MethodPut: 4,
	http.MethodPatch: 5, http.MethodDelete: 6, http.MethodOptions: 7, http.MethodTrace: 8,
}

func methodsInOrder(item *openapi3.PathItem) []string {
	var methods []string
	for m, op := range item.Operations() {
		if op != nil {
			methods = append(methods, m)
		}
	}
	slices.SortFunc(methods, func(x, y string) int {
		rx, ry := methodRank[x], methodRank[y]
		if rx == 0 {
			rx = len(methodRank) + 1
		}
		if ry == 0 {
			ry = len(methodRank) + 1
		}
		return cmp.Or(cmp.Compare(rx, ry), cmp.Compare(x, y))
	})
	return methods
}

func (b *builder) operation(path, method string, item *openapi3.PathItem, op *openapi3.Operation) *operation {
	o := &operation{
		Title:       operationTitle(path, method, op),
		Method:      method,
		MethodClass: strings.ToLower(method),
		Path:        path,
		Deprecated:  op.Deprecated,
		Description: paragraphs(op.Description),
	}
	o.Anchor = b.anchor("op-", cmp.Or(op.OperationID, method+"-"+path))

	params := mergeParameters(item.Parameters, op.Parameters)
	for _, prm := range params {
		o.Parameters = append(o.Parameters, paramView{
			Name:        prm.Name,
			In:          prm.In,
			Required:    prm.Required,
			Deprecated:  prm.Deprecated,
			Type:        b.typeOf(parameterSchema(prm)),
			Description: paragraphs(prm.Description),
		})
	}

	var bodySchema *openapi3.SchemaRef
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		rb := op.RequestBody.Value
		mediaType, media := pickMedia(rb.Content)
		o.Body = &bodyView{MediaType: mediaType, Required: rb.Required, Description: paragraphs(rb.Description)}
		if media != nil && media.Schema != nil {
			bodySchema = media.Schema
			if bodySchema.Ref == "" && bodySchema.Value != nil && len(bodySchema.Value.Properties) > 0 {
				o.Body.Properties = b.properties(bodySchema.Value, "", 0, nil)
			} else {
				t := b.typeOf(bodySchema)
				o.Body.Type = &t
			}
		}
	}

	if op.Responses != nil {
		statuses := op.Responses.Keys()
		slices.SortFunc(statuses, compareStatus)
		for _, status := range statuses {
			ref := op.Responses.Value(status)
			if ref == nil || ref.Value == nil {
				continue
			}
			rv := responseView{Status: status}
			if ref.Value.Description != nil {
				rv.Description = paragraphs(*ref.Value.Description)
			}
			mediaType, media := pickMedia(ref.Value.Content)
			rv.MediaType = mediaType
			if media != nil && media.Schema != nil {
				t := b.typeOf(media.Schema)
				rv.Type = &t
			}
			o.Responses = append(o.Responses, rv)
		}
	}

	o.Curl = curlExample(baseURL(b.doc), method, path, params, bodySchema)
	return o
}

// mergeParameters applies the OpenAPI rule that operation parameters
// override path-level ones with the same name and location.
func mergeParameters(pathLevel, opLevel openapi3.Parameters) []*openapi3.Parameter {
	var out []*openapi3.Parameter
	seen := map[string]bool{}
	for _, ref := range opLevel {
		if ref != nil && ref.Value != nil {
			out = append(out, ref.Value)
			seen[ref.Value.In+"\x00"+ref.Value.Name] = true
		}
	}
	var inherited []*openapi3.Parameter
	for _, ref := range pathLevel {
		if ref != nil && ref.Value != nil && !seen[ref.Value.In+"\x00"+ref.Value.Name] {
			inherited = append(inherited, ref.Value)
		}
	}
	return append(inherited, out...)
}

func parameterSchema(p *openapi3.Parameter) *openapi3.SchemaRef {
	if p.Schema != nil {
		return p.Schema
	}
	if _, media := pickMedia(p.Content); media != nil {
		return media.Schema
	}
	return nil
}

// pickMedia prefers JSON because that is what partners send and receive;
// other media types fall back to a stable alphabetical choice.
func pickMedia(content openapi3.Content) (string, *openapi3.MediaType) {
	if len(content) == 0 {
		return "", nil
	}
	if m := content["application/json"]; m != nil {
		return "application/json", m
	}
	keys := sortedKeys(content)
	return keys[0], content[keys[0]]
}

// compareStatus sorts explicit codes numerically-by-text and "default" last,
// which is where readers look for the catch-all error shape.
func compareStatus(x, y string) int {
	xd, yd := strings.EqualFold(x, "default"), strings.EqualFold(y, "default")
	if xd != yd {
		if xd {
			return 1
		}
		return -1
	}
	return cmp.Compare(x, y)
}

func (b *builder) schema(name string, ref *openapi3.SchemaRef) *schemaView {
	v := &schemaView{Name: name, Anchor: b.schemaAnchor[name]}
	if ref == nil || ref.Value == nil {
		return v
	}
	s := ref.Value
	v.Description = paragraphs(s.Description)

	switch {
	case len(s.OneOf) > 0:
		v.Composition = b.composition("One of", s.OneOf)
	case len(s.AnyOf) > 0:
		v.Composition = b.composition("Any of", s.AnyOf)
	case len(s.AllOf) > 0:
		v.Composition = b.composition("All of", s.AllOf)
	}

	if len(s.Properties) > 0 {
		v.Properties = b.properties(s, "", 0, nil)
		if ap := s.AdditionalProperties; ap.Schema != nil {
			t := b.typeOf(ap.Schema)
			v.Additional = &t
		} else if ap.Has != nil && *ap.Has {
			v.Additional = &typeView{Label: "any"}
		}
	} else if v.Composition == nil {
		t := b.typeOf(&openapi3.SchemaRef{Value: s})
		v.Type = &t
	}
	return v
}

func (b *builder) composition(label string, refs openapi3.SchemaRefs) *composition {
	c := &composition{Label: label}
	for _, r := range refs {
		c.Types = append(c.Types, b.typeOf(r))
	}
	return c
}

// properties flattens s's properties, descending into inline (non-$ref)
// objects so their fields appear with a dotted parent path.
func (b *builder) properties(s *openapi3.Schema, parent string, depth int, out []propertyView) []propertyView {
	for _, name := range propertiesInOrder(s.Properties) {
		ref := s.Properties[name]
		pv := propertyView{
			Parent:   parent,
			Name:     name,
			Type:     b.typeOf(ref),
			Required: slices.Contains(s.Required, name),
		}
		if ref != nil && ref.Value != nil {
			pv.ReadOnly = ref.Value.ReadOnly
			pv.WriteOnly = ref.Value.WriteOnly
			pv.Deprecated = ref.Value.Deprecated
			// A $ref's resolved description belongs to the referenced type,
			// which has its own section; repeating it on every field is noise.
			if ref.Ref == "" {
				pv.Description = paragraphs(ref.Value.Description)
			}
		}
		out = append(out, pv)

		if depth+1 >= maxInlineDepth || ref == nil || ref.Ref != "" || ref.Value == nil {
			continue
		}
		switch inner := ref.Value; {
		case len(inner.Properties) > 0:
			out = b.properties(inner, parent+name+".", depth+1, out)
		case inner.Items != nil && inner.Items.Ref == "" && inner.Items.Value != nil && len(inner.Items.Value.Properties) > 0:
			out = b.properties(inner.Items.Value, parent+name+"[].", depth+1, out)
		}
	}
	return out
}

func propertiesInOrder(props openapi3.Schemas) []string {
	keys := sortedKeys(props)
	slices.SortStableFunc(keys, func(x, y string) int {
		return cmp.Compare(line(props[x].Origin), line(props[y].Origin))
	})
	return keys
}

func (b *builder) typeOf(ref *openapi3.SchemaRef) typeView {
	if ref == nil {
		return typeView{Label: "any"}
	}
	if name, ok := strings.CutPrefix(ref.Ref, componentSchemaPrefix); ok {
		t := typeView{Label: name, Anchor: b.schemaAnchor[name]}
		if ref.Value != nil {
			t.Nullable = ref.Value.Nullable
		}
		return t
	}
	s := ref.Value
	if s == nil {
		return typeView{Label: cmp.Or(ref.Ref, "any")}
	}

	// A lone allOf is how generators attach a description or nullable to a
	// $ref in OpenAPI 3.0; readers want the referenced type.
	if len(s.AllOf) == 1 && s.Type.IsEmpty() && len(s.Properties) == 0 {
		t := b.typeOf(s.AllOf[0])
		t.Nullable = t.Nullable || s.Nullable
		return t
	}

	var t typeView
	switch {
	case s.Type.Is(openapi3.TypeArray) || (s.Type.IsEmpty() && s.Items != nil):
		t = b.typeOf(s.Items)
		t.Suffix += "[]"
	case len(s.Properties) == 0 && s.AdditionalProperties.Schema != nil:
		t = b.typeOf(s.AdditionalProperties.Schema)
		t.Prefix = "map<string, " + t.Prefix
		t.Suffix += ">"
	default:
		types := s.Type.Slice()
		switch {
		case len(types) > 0:
			t.Label = strings.Join(types, " | ")
		case len(s.Properties) > 0:
			t.Label = "object"
		case len(s.OneOf)+len(s.AnyOf) > 0:
			t.Label = "one of several types"
		default:
			t.Label = "any"
		}
		t.Format = s.Format
		for _, e := range s.Enum {
			t.Enum = append(t.Enum, enumText(e))
		}
		// protoc-gen-openapi marks enums with format "enum", which says
		// nothing once the values are listed.
		if len(t.Enum) > 0 && t.Format == "enum" {
			t.Format = ""
		}
	}
	t.Nullable = t.Nullable || s.Nullable
	return t
}

func enumText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return "null"
	}
	if b, err := json.Marshal(v); err == nil {
		return string(b)
	}
	return fmt.Sprint(v)
}

// anchor returns a unique, URL-safe id so that two tags or schemas whose
// names differ only in punctuation cannot steal each other's links.
func (b *builder) anchor(prefix, name string) string {
	base := prefix + slug(name)
	id := base
	for n := 2; b.used[id]; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	b.used[id] = true
	return id
}

func slug(s string) string {
	var sb strings.Builder
	dash := false
	for _, r := range s {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.') {
			sb.WriteRune(r)
			dash = false
		} else if !dash && sb.Len() > 0 {
			sb.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(sb.String(), "-")
}

// operationTitle prefers the summary; protoc-gen-openapi never writes one,
// so "CatalogService_ListProducts" becomes "List products".
func operationTitle(path, method string, op *openapi3.Operation) string {
	if op.Summary != "" {
		return op.Summary
	}
	if op.OperationID != "" {
		id := op.OperationID
		if i := strings.LastIndex(id, "_"); i >= 0 && i < len(id)-1 {
			id = id[i+1:]
		}
		if w := words(id); len(w) > 0 {
			for i := 1; i < len(w); i++ {
				if strings.ToUpper(w[i]) != w[i] {
					w[i] = strings.ToLower(w[i])
				}
			}
			r := []rune(w[0])
			r[0] = unicode.ToUpper(r[0])
			w[0] = string(r)
			return strings.Join(w, " ")
		}
	}
	return method + " " + path
}

// words splits identifiers in snake_case, kebab-case and camelCase,
// keeping acronyms together ("GetSKUPrice" → Get, SKU, Price).
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || unicode.IsSpace(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) ||
			(unicode.IsUpper(rs[i-1]) && i+1 < len(rs) && unicode.IsLower(rs[i+1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

var blankLine = regexp.MustCompile(`\n[ \t]*\n`)

// paragraphs turns a description into plain-text paragraphs. Descriptions
// are CommonMark in theory but proto comments in practice; rendering them as
// text keeps markup written by any API author out of the page.
func paragraphs(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var out []string
	for _, p := range blankLine.Split(s, -1) {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func baseURL(doc *openapi3.T) string {
	if len(doc.Servers) == 0 || doc.Servers[0] == nil {
		return ""
	}
	srv := doc.Servers[0]
	u := srv.URL
	for name, v := range srv.Variables {
		if v != nil {
			u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
		}
	}
	return strings.TrimSuffix(u, "/")
}

func line(o *openapi3.Origin) int {
	if o == nil || o.Key == nil {
		return 0
	}
	return o.Key.Line
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
