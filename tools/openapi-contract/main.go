// Command openapi-contract finishes the OpenAPI document that protoc-gen-connect-openapi writes,
// with only what no generator knows: who may call each operation (the Casbin policy, not the
// protos, decides), the webhooks (they name generated schemas, which the generator's base file
// cannot), raw-byte upload bodies, and int64 as the string the server always sends. `just gen`
// runs it on the generated documents, so its output is part of generation and the drift check.
//
// Usage: openapi-contract -policy POLICY.csv -webhooks WEBHOOKS.yaml FILE...
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
)

func main() {
	policyPath := flag.String("policy", "", "the Casbin policy (backend/internal/authz/policy.csv)")
	webhooksPath := flag.String("webhooks", "", "the webhooks to merge (openapi/webhooks.yaml)")
	flag.Parse()
	if *policyPath == "" || *webhooksPath == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: openapi-contract -policy POLICY.csv -webhooks WEBHOOKS.yaml FILE...")
		os.Exit(2)
	}
	if err := run(*policyPath, *webhooksPath, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "openapi-contract:", err)
		os.Exit(1)
	}
}

func run(policyPath, webhooksPath string, files []string) error {
	policyText, err := os.ReadFile(policyPath)
	if err != nil {
		return err
	}
	rules := parsePolicy(string(policyText))
	hooks, err := os.ReadFile(webhooksPath)
	if err != nil {
		return err
	}
	for _, path := range files {
		in, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, err := finish(in, rules, hooks)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if !bytes.Equal(in, out) {
			if err := os.WriteFile(path, out, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish applies every correction to one document. It is idempotent: `just gen` may run it on a
// document it has already finished.
func finish(doc []byte, rules []rule, hooks []byte) ([]byte, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		return nil, err
	}
	var extra yaml.Node
	if err := yaml.Unmarshal(hooks, &extra); err != nil {
		return nil, fmt.Errorf("webhooks: %w", err)
	}
	top := root.Content[0]
	int64AsString(top)
	requireNonEmpty(top)
	if err := forEachOperation(top, func(path, method string, op *yaml.Node) error {
		binaryBody(op)
		humaniseSummary(op)
		return secure(path, op, rules)
	}); err != nil {
		return nil, err
	}
	// Every operation states its own security; the generator's empty default says nothing.
	deleteKey(top, "security")
	if err := merge(top, extra.Content[0]); err != nil {
		return nil, err
	}
	dropUnusedSchemas(top)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		return nil, err
	}
	return buf.Bytes(), enc.Close()
}

var methods = []string{"get", "put", "post", "delete", "patch"}

func forEachOperation(top *yaml.Node, fn func(path, method string, op *yaml.Node) error) error {
	paths := get(top, "paths")
	if paths == nil {
		return errors.New("no paths")
	}
	for i := 0; i+1 < len(paths.Content); i += 2 {
		path, item := paths.Content[i].Value, paths.Content[i+1]
		for j := 0; j+1 < len(item.Content); j += 2 {
			if method := item.Content[j].Value; slices.Contains(methods, method) {
				if err := fn(path, method, item.Content[j+1]); err != nil {
					return fmt.Errorf("%s %s: %w", strings.ToUpper(method), path, err)
				}
			}
		}
	}
	return nil
}

// int64AsString states int64 fields as what the server sends: protojson writes 64-bit integers
// as JSON strings. The generator writes `type: [integer, string]`, true of what the server
// accepts but not of what it answers, and it makes a typed client's field `number | string`.
func int64AsString(n *yaml.Node) {
	if n.Kind == yaml.MappingNode {
		if t, f := get(n, "type"), get(n, "format"); t != nil && f != nil && t.Kind == yaml.SequenceNode &&
			slices.Contains([]string{"int64", "uint64"}, f.Value) {
			kept := t.Content[:0]
			for _, v := range t.Content {
				if v.Value != "integer" {
					kept = append(kept, v)
				}
			}
			t.Content = kept
			if len(kept) == 1 {
				*t = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: kept[0].Value}
			}
			// Examples too are strings on the wire.
			if ex := get(n, "examples"); ex != nil {
				for _, e := range ex.Content {
					if e.Tag == "!!int" {
						e.Tag, e.Style = "!!str", yaml.DoubleQuotedStyle
					}
				}
			}
		}
	}
	for _, c := range n.Content {
		int64AsString(c)
	}
}

// requireNonEmpty lists as required the properties whose protovalidate rule refuses the zero
// value (min_len, min_items, an integer gte of 1 or more): the generator marks only fields with
// `required`, but the server refuses an absent field of these as surely. Fields with presence
// (nullable) are left alone: absent is their own state. Responses lose nothing: the server emits
// every scalar and list, default or not.
func requireNonEmpty(n *yaml.Node) {
	if n.Kind == yaml.MappingNode {
		if props := get(n, "properties"); props != nil && props.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(props.Content); i += 2 {
				if refusesZero(props.Content[i+1]) {
					addRequired(n, props.Content[i].Value)
				}
			}
		}
	}
	for _, c := range n.Content {
		requireNonEmpty(c)
	}
}

func refusesZero(prop *yaml.Node) bool {
	if t := get(prop, "type"); t == nil || t.Kind != yaml.ScalarNode {
		return false // a $ref, or a nullable [type, "null"]
	}
	atLeastOne := func(key string) bool {
		v := get(prop, key)
		return v != nil && v.Value != "0" && !strings.HasPrefix(v.Value, "-")
	}
	switch get(prop, "type").Value {
	case "string":
		return atLeastOne("minLength")
	case "array":
		return atLeastOne("minItems")
	case "integer":
		return atLeastOne("minimum") && !strings.HasPrefix(get(prop, "minimum").Value, "0.")
	}
	return false
}

func addRequired(schema *yaml.Node, name string) {
	req := get(schema, "required")
	if req == nil {
		req = &yaml.Node{Kind: yaml.SequenceNode}
		set(schema, "required", req)
	}
	if !slices.ContainsFunc(req.Content, func(n *yaml.Node) bool { return n.Value == name }) {
		req.Content = append(req.Content, scalar(name))
	}
}

// binaryBody documents a request body bound to a google.api.HttpBody (an image upload) as the raw
// bytes the REST route takes, not as the JSON message the generator describes.
func binaryBody(op *yaml.Node) {
	content := get(get(op, "requestBody"), "content")
	schema := get(get(content, "application/json"), "schema")
	if ref := get(schema, "$ref"); ref == nil || ref.Value != "#/components/schemas/google.api.HttpBody" {
		return
	}
	desc := get(schema, "description")
	binary := mapping("type", scalar("string"), "format", scalar("binary"))
	if desc != nil {
		binary.Content = append(binary.Content, scalar("description"), desc)
	}
	content.Content = []*yaml.Node{scalar("application/octet-stream"), mapping("schema", binary)}
}

// humaniseSummary turns the generator's summary (the RPC's name, "ListProducts") into words
// ("List products"), the title the docs page and client generators show.
func humaniseSummary(op *yaml.Node) {
	s := get(op, "summary")
	if s == nil || strings.ContainsRune(s.Value, ' ') {
		return
	}
	var b strings.Builder
	for i, r := range s.Value {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	s.Value = b.String()
}

// A rule is one `p, subject, procedure` line of the Casbin policy: the subject is a role, or an
// API key scope ("orders:read"), which the operation's apiKey requirement then names.
type rule struct{ role, pattern string }

// isScope reports whether a policy subject is an API key scope rather than a role.
func isScope(subject string) bool { return strings.Contains(subject, ":") }

// rank orders the roles that nest (anonymous ⊂ customer ⊂ admin).
var rank = map[string]int{"anonymous": 0, "customer": 1, "admin": 2}

func parsePolicy(text string) []rule {
	var rules []rule
	for line := range strings.SplitSeq(text, "\n") {
		f := strings.Split(line, ",")
		if len(f) < 3 || strings.TrimSpace(f[0]) != "p" {
			continue
		}
		role := strings.TrimSpace(f[1])
		if _, ok := rank[role]; ok || isScope(role) {
			rules = append(rules, rule{role, strings.TrimSpace(f[2])})
		}
	}
	return rules
}

// keyMatch is Casbin's keyMatch: a trailing * matches any rest.
func keyMatch(name, pattern string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(name, prefix)
	}
	return name == pattern
}

// procedure names an operation's Connect procedure: the admin API lives under /api/v1/admin/
// (package atelier.admin.v1), the rest is the store's; the operation id is Service_Method.
func procedure(path string, op *yaml.Node) (string, error) {
	id := get(op, "operationId")
	if id == nil {
		return "", errors.New("no operationId")
	}
	service, method, ok := strings.Cut(id.Value, "_")
	if !ok {
		return "", fmt.Errorf("operationId %q is not Service_Method", id.Value)
	}
	pkg := "atelier.store.v1"
	if strings.HasPrefix(path, "/api/v1/admin/") {
		pkg = "atelier.admin.v1"
	}
	return "/" + pkg + "." + service + "/" + method, nil
}

// Security requirements by the least role the policy grants. Anonymous operations take a
// session or a key too (`{}` makes authentication optional); customer operations act on the
// caller's own account, so only a session names one; admin operations also take a key. A key
// is offered only where a scope grants the operation, and its requirement lists those scopes
// (OpenAPI 3.1 lets a non-OAuth requirement name the roles it needs). (The back office's cookie
// is honoured only behind its own door under /admin/api/, not on these paths.)
var requirements = map[string][]string{
	"anonymous": {"", "session", "apiKey"},
	"customer":  {"session"},
	"admin":     {"session", "apiKey"},
}

func secure(path string, op *yaml.Node, rules []rule) error {
	proc, err := procedure(path, op)
	if err != nil {
		return err
	}
	least := ""
	var scopes []string
	for _, r := range rules {
		switch {
		case !keyMatch(proc, r.pattern):
		case isScope(r.role):
			if !slices.Contains(scopes, r.role) {
				scopes = append(scopes, r.role)
			}
		case least == "" || rank[r.role] < rank[least]:
			least = r.role
		}
	}
	slices.Sort(scopes)
	if least == "" {
		return fmt.Errorf("%s: no role may call it in the policy", proc)
	}
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, scheme := range requirements[least] {
		req := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		roles := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		if scheme == "apiKey" {
			if len(scopes) == 0 {
				continue
			}
			for _, sc := range scopes {
				roles.Content = append(roles.Content, scalar(sc))
			}
		}
		if scheme != "" {
			req.Content = []*yaml.Node{scalar(scheme), roles}
		}
		list.Content = append(list.Content, req)
	}
	set(op, "security", list)
	return nil
}

// merge adds webhooks.yaml: its components next to the generated ones (a name in both is an
// error: one of them would be lost), its tags after the generated tags, its webhooks at the top.
func merge(top, extra *yaml.Node) error {
	for i := 0; i+1 < len(extra.Content); i += 2 {
		key, val := extra.Content[i].Value, extra.Content[i+1]
		switch key {
		case "components":
			components := get(top, "components")
			for j := 0; j+1 < len(val.Content); j += 2 {
				kind, entries := val.Content[j].Value, val.Content[j+1]
				have := get(components, kind)
				if have == nil {
					have = &yaml.Node{Kind: yaml.MappingNode}
					set(components, kind, have)
				}
				for k := 0; k+1 < len(entries.Content); k += 2 {
					name := entries.Content[k].Value
					if old := get(have, name); old != nil {
						if same(old, entries.Content[k+1]) {
							continue
						}
						return fmt.Errorf("components.%s.%s is both generated and in the webhooks file", kind, name)
					}
					have.Content = append(have.Content, entries.Content[k], entries.Content[k+1])
				}
			}
		case "tags":
			tags := get(top, "tags")
			if tags == nil {
				tags = &yaml.Node{Kind: yaml.SequenceNode}
				set(top, "tags", tags)
			}
			for _, t := range val.Content {
				if !slices.ContainsFunc(tags.Content, func(n *yaml.Node) bool { return same(n, t) }) {
					tags.Content = append(tags.Content, t)
				}
			}
		default:
			set(top, key, val)
		}
	}
	return nil
}

// dropUnusedSchemas removes the schemas nothing refers to: the generator keeps every RPC's request
// message, even one whose fields all became path and query parameters.
func dropUnusedSchemas(top *yaml.Node) {
	schemas := get(get(top, "components"), "schemas")
	if schemas == nil {
		return
	}
	const prefix = "#/components/schemas/"
	used := map[string]bool{}
	var queue []string
	var refs func(n *yaml.Node)
	refs = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode {
			if ref := get(n, "$ref"); ref != nil {
				if name, ok := strings.CutPrefix(ref.Value, prefix); ok && !used[name] {
					used[name] = true
					queue = append(queue, name)
				}
			}
		}
		for _, c := range n.Content {
			refs(c)
		}
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value != "components" {
			refs(top.Content[i+1])
			continue
		}
		components := top.Content[i+1]
		for j := 0; j+1 < len(components.Content); j += 2 {
			if components.Content[j].Value != "schemas" {
				refs(components.Content[j+1])
			}
		}
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if s := get(schemas, name); s != nil {
			refs(s)
		}
	}
	kept := schemas.Content[:0]
	for i := 0; i+1 < len(schemas.Content); i += 2 {
		if used[schemas.Content[i].Value] {
			kept = append(kept, schemas.Content[i], schemas.Content[i+1])
		}
	}
	schemas.Content = kept
}

func same(a, b *yaml.Node) bool {
	x, errA := yaml.Marshal(a)
	y, errB := yaml.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(x, y)
}

func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func set(m *yaml.Node, key string, val *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = val
			return
		}
	}
	m.Content = append(m.Content, scalar(key), val)
}

func deleteKey(m *yaml.Node, key string) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content = slices.Delete(m.Content, i, i+2)
			return
		}
	}
}

func scalar(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }

func mapping(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Content = append(m.Content, scalar(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return m
}
