// Package apidocs serves a human-readable API reference for partner
// developers, rendered on the server from the OpenAPI document.
//
// The page is plain HTML and CSS: partners read it behind corporate proxies,
// offline and with assistive technology, so it loads no JavaScript, fonts or
// CDN assets, and everything a reader needs is in one response. The document
// is static for the life of the process, so the page is rendered once and the
// same bytes are served to every request.
package apidocs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// New parses the OpenAPI document once and returns a handler that serves the rendered HTML page.
// specURL is where the raw document is served; the page offers it as a download.
func New(specYAML []byte, specURL string) (http.Handler, error) {
	loader := openapi3.NewLoader()
	// Origins let the page follow the document's own order for paths and
	// properties, which mirrors the .proto files, instead of Go map order.
	loader.IncludeOrigin = true
	// External references stay disabled (the default): resolving them would
	// make New read files or fetch URLs named by the document.
	doc, err := loader.LoadFromData(specYAML)
	if err != nil {
		return nil, fmt.Errorf("apidocs.New: load OpenAPI document: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("apidocs.New: validate OpenAPI document: %w", err)
	}

	body, err := render(buildPage(doc, specURL))
	if err != nil {
		return nil, fmt.Errorf("apidocs.New: render page: %w", err)
	}
	sum := sha256.Sum256(body)
	return &handler{
		body: body,
		etag: `"` + hex.EncodeToString(sum[:12]) + `"`,
		csp:  contentSecurityPolicy(),
	}, nil
}

// contentSecurityPolicy allows exactly the embedded stylesheet by hash, so an
// injected <style> or style attribute would be inert even if escaping failed.
func contentSecurityPolicy() string {
	sum := sha256.Sum256([]byte(stylesheet))
	return "default-src 'none'; " +
		"style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; " +
		"img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

type handler struct {
	body []byte
	etag string
	csp  string
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Content-Security-Policy", h.csp)
	hdr.Set("X-Content-Type-Options", "nosniff")
	// no-cache still lets browsers keep the page; the ETag makes their
	// revalidation a 304 until a deploy changes the document.
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("ETag", h.etag)
	// ServeContent answers HEAD, If-None-Match and Range for us.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(h.body))
}
