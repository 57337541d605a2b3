package apidocs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// maxExampleQuery keeps the curl example short enough to read at a glance;
// required query parameters are always included on top of it.
const maxExampleQuery = 3

// maxExampleDepth stops example bodies from unrolling deep or recursive
// schemas into something nobody would paste.
const maxExampleDepth = 3

// curlExample builds a copy-pasteable request. Placeholders are the
// parameter name in capitals (CART_ID) rather than invented data, so nobody
// mistakes them for real identifiers.
func curlExample(base, method, path string, params []*openapi3.Parameter, body *openapi3.SchemaRef) string {
	target := path
	var query []*openapi3.Parameter
	for _, p := range params {
		switch p.In {
		case openapi3.ParameterInPath:
			target = strings.ReplaceAll(target, "{"+p.Name+"}", url.PathEscape(exampleValue(p)))
		case openapi3.ParameterInQuery:
			if p.Required || len(query) < maxExampleQuery {
				query = append(query, p)
			}
		}
	}
	target = base + target

	var args []string
	useG := method == http.MethodGet && len(query) > 0
	switch {
	case useG:
		// -G with --data-urlencode keeps each parameter on its own line
		// and leaves the encoding to curl.
		args = append(args, "curl -G "+shellQuote(target))
		for _, p := range query {
			args = append(args, "--data-urlencode "+shellQuote(p.Name+"="+exampleValue(p)))
		}
	default:
		if len(query) > 0 {
			q := url.Values{}
			for _, p := range query {
				q.Add(p.Name, exampleValue(p))
			}
			target += "?" + q.Encode()
		}
		first := "curl"
		if method != http.MethodGet {
			first += " -X " + method
		}
		args = append(args, first+" "+shellQuote(target))
	}
	if body != nil && body.Value != nil {
		var buf strings.Builder
		// Indented to line up under the continuation lines.
		writeJSONExample(&buf, body.Value, "  ", 0, nil)
		args = append(args, "-H 'Content-Type: application/json'", "-d "+shellQuote(buf.String()))
	}
	return strings.Join(args, " \\\n  ")
}

func exampleValue(p *openapi3.Parameter) string {
	if p.Example != nil {
		return enumText(p.Example)
	}
	if s := parameterSchema(p); s != nil && s.Value != nil {
		v := s.Value
		if v.Items != nil && v.Items.Value != nil {
			v = v.Items.Value
		}
		switch {
		case v.Example != nil:
			return enumText(v.Example)
		case v.Default != nil:
			return enumText(v.Default)
		case len(v.Enum) > 0:
			return enumText(pickEnum(v.Enum))
		case v.Type.Is(openapi3.TypeBoolean):
			return "true"
		}
	}
	return strings.ToUpper(strings.Join(words(p.Name), "_"))
}

// pickEnum skips protobuf's zero value (FOO_UNSPECIFIED), which servers
// usually reject or treat as "no filter", making it a useless example.
func pickEnum(values []any) any {
	for _, v := range values {
		if s, ok := v.(string); !ok || !strings.HasSuffix(s, "UNSPECIFIED") {
			return v
		}
	}
	return values[0]
}

// writeJSONExample writes an indented example in the schema's property
// order, which encoding/json cannot do for maps. Read-only fields are left
// out because the server ignores them in requests.
func writeJSONExample(w *strings.Builder, s *openapi3.Schema, indent string, depth int, seen []*openapi3.Schema) {
	if s == nil || slices.Contains(seen, s) || depth > maxExampleDepth {
		w.WriteString("{}")
		return
	}
	if len(s.AllOf) == 1 && s.Type.IsEmpty() && len(s.Properties) == 0 && s.AllOf[0] != nil {
		writeJSONExample(w, s.AllOf[0].Value, indent, depth, seen)
		return
	}
	seen = append(seen, s)
	inner := indent + "  "
	switch {
	case s.Example != nil:
		w.WriteString(jsonText(s.Example))
	case len(s.Properties) > 0:
		var names []string
		for _, n := range propertiesInOrder(s.Properties) {
			if p := s.Properties[n]; p != nil && p.Value != nil && !p.Value.ReadOnly {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteString("{\n")
		for i, n := range names {
			w.WriteString(inner + jsonText(n) + ": ")
			writeJSONExample(w, s.Properties[n].Value, inner, depth+1, seen)
			if i < len(names)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "}")
	case s.Type.Is(openapi3.TypeArray) || s.Items != nil:
		w.WriteByte('[')
		if s.Items != nil {
			writeJSONExample(w, s.Items.Value, indent, depth+1, seen)
		}
		w.WriteByte(']')
	case s.AdditionalProperties.Schema != nil:
		w.WriteString("{\n" + inner + `"key": `)
		writeJSONExample(w, s.AdditionalProperties.Schema.Value, inner, depth+1, seen)
		w.WriteString("\n" + indent + "}")
	case s.Default != nil:
		w.WriteString(jsonText(s.Default))
	case len(s.Enum) > 0:
		w.WriteString(jsonText(pickEnum(s.Enum)))
	case s.Type.Is(openapi3.TypeBoolean):
		w.WriteString("false")
	case s.Type.Is(openapi3.TypeInteger), s.Type.Is(openapi3.TypeNumber):
		w.WriteString("0")
	case s.Type.Is(openapi3.TypeString):
		w.WriteString(jsonText(stringExample(s.Format)))
	default:
		w.WriteString("{}")
	}
}

func stringExample(format string) string {
	switch format {
	case "int64", "uint64":
		return "0"
	case "date-time":
		return "2025-01-31T12:00:00Z"
	case "date":
		return "2025-01-31"
	case "byte":
		return ""
	default:
		return "string"
	}
}

// jsonText encodes without HTML escaping: the example is shown as text and
// html/template escapes it once, so "<" must not become "\u003c".
func jsonText(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%q", fmt.Sprint(v))
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// shellQuote single-quotes s for POSIX shells, the only quoting in which
// nothing inside is special.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
