package api

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// templateVariable is a path variable of a google.api.http template that names a field and
// nothing more ("{cart_id}"); "{name=shelves/*}" and a ":verb" suffix are not used here.
var templateVariable = regexp.MustCompile(`^\{[A-Za-z_][A-Za-z0-9_.]*\}$`)

// RefuseUnexpectedBodies serves rest, the REST transcoder of the Connect services mounted at
// services ("/package.Service/"), except that a request with a body to a route whose
// google.api.http rule takes none (no "body:", as every GET and DELETE here) is answered 400
// malformed_request before the transcoder sees it. Vanguard (v0.4.0) refuses such a body too, but
// as an Unknown or Internal error, a 500 that blames the server for the caller's mistake, and
// only once the handler has begun reading its request. The body is refused rather than ignored,
// as Vanguard means to: a client sending one expects it to count, as a filter or a payload, and
// should learn that it does not. Bodies are read whole before routing (the middleware), so the
// length is known.
func RefuseUnexpectedBodies(services []string, rest http.Handler) (http.Handler, error) {
	bodyless := http.NewServeMux()
	registered := map[string]bool{}
	for _, path := range services {
		service, err := serviceAt("api.RefuseUnexpectedBodies", path)
		if err != nil {
			return nil, err
		}
		for i := range service.Methods().Len() {
			bindings, err := RESTBindings(service.Methods().Get(i))
			if err != nil {
				return nil, fmt.Errorf("api.RefuseUnexpectedBodies: %w", err)
			}
			for _, b := range bindings {
				if b.Body != "" {
					continue
				}
				pattern, err := muxPattern(b)
				if err != nil {
					return nil, fmt.Errorf("api.RefuseUnexpectedBodies: %s: %w", service.Methods().Get(i).FullName(), err)
				}
				if !registered[pattern] {
					registered[pattern] = true
					bodyless.Handle(pattern, http.NotFoundHandler())
				}
			}
		}
	}
	refusal := errors.New("this endpoint takes no request body; its parameters go in the path and the query (see /api/docs)")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > 0 {
			if _, pattern := bodyless.Handler(r); pattern != "" {
				WriteHTTPError(w, http.StatusBadRequest, MalformedRequest(refusal))
				return
			}
		}
		rest.ServeHTTP(w, r)
	}), nil
}

// RESTBinding is one google.api.http binding of a procedure: its HTTP method, its path template
// and its body rule ("*", a field, or "" for none).
type RESTBinding struct {
	Method, Path, Body string
}

// RESTBindings are m's REST bindings, its google.api.http rule first and then the rule's
// additional bindings; none when m has no rule.
func RESTBindings(m protoreflect.MethodDescriptor) ([]RESTBinding, error) {
	rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
	if rule == nil {
		return nil, nil
	}
	var out []RESTBinding
	for _, r := range append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...) {
		b := RESTBinding{Body: r.GetBody()}
		switch p := r.GetPattern().(type) {
		case *annotations.HttpRule_Get:
			b.Method, b.Path = http.MethodGet, p.Get
		case *annotations.HttpRule_Post:
			b.Method, b.Path = http.MethodPost, p.Post
		case *annotations.HttpRule_Put:
			b.Method, b.Path = http.MethodPut, p.Put
		case *annotations.HttpRule_Patch:
			b.Method, b.Path = http.MethodPatch, p.Patch
		case *annotations.HttpRule_Delete:
			b.Method, b.Path = http.MethodDelete, p.Delete
		default:
			return nil, fmt.Errorf("api.RESTBindings: %s: a custom REST method", m.FullName())
		}
		out = append(out, b)
	}
	return out, nil
}

// muxPattern is the http.ServeMux pattern of a REST binding: its method and path, each variable
// renamed (a field path such as "{product.id}" is not a wildcard name ServeMux accepts, and the
// name does not matter for matching).
func muxPattern(b RESTBinding) (string, error) {
	segments := strings.Split(b.Path, "/")
	for i, s := range segments {
		switch {
		case templateVariable.MatchString(s):
			segments[i] = fmt.Sprintf("{v%d}", i)
		case strings.ContainsAny(s, "{}*:"):
			return "", fmt.Errorf("path template %q has a segment the body check cannot match", b.Path)
		}
	}
	return b.Method + " " + strings.Join(segments, "/"), nil
}
