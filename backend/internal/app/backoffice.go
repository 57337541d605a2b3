package app

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/api"
)

// backOfficePath is where the back office's single-page app is served (BACKOFFICE_DIR). Its API
// door (api.BackOfficeAPIPrefix) and River's UI (jobsUIPath) live under it, on routes of their own.
const backOfficePath = "/admin/"

// backOfficeApp serves the back office's build, Vite's output: index.html and the content-hashed
// files under assets/. A path naming a file is answered with it; any other path is one of the
// app's client-side routes (/admin/orders/AL-123) and gets index.html, so that a reload or a
// shared link opens the right page. Files are opened with os.OpenInRoot, which refuses any path
// (or symbolic link) leading out of the folder.
type backOfficeApp struct {
	dir string // "" when BACKOFFICE_DIR is unset: nothing is served here
}

// newBackOfficeApp checks that dir, if given, holds a build.
func newBackOfficeApp(dir string) (*backOfficeApp, error) {
	if dir != "" {
		if st, err := os.Stat(filepath.Join(dir, "index.html")); err != nil || !st.Mode().IsRegular() {
			return nil, fmt.Errorf("app.newBackOfficeApp: BACKOFFICE_DIR %s has no index.html (build the back office first)", dir)
		}
	}
	return &backOfficeApp{dir: dir}, nil
}

func (b *backOfficeApp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if b.dir == "" {
		api.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		api.MethodNotAllowed(w, "GET, HEAD")
		return
	}
	rel, ok := strings.CutPrefix(r.URL.Path, backOfficePath)
	if !ok {
		// "/admin": the app's root is "/admin/", which its relative links need.
		http.Redirect(w, r, backOfficePath, http.StatusMovedPermanently)
		return
	}
	rel = strings.TrimSuffix(rel, "/")
	if rel == "" || rel == "index.html" {
		b.serveIndex(w, r)
		return
	}
	// Neither a path out of the folder nor a hidden file is served, nor taken for a page.
	if !fs.ValidPath(rel) || strings.ContainsAny(rel, `\`+"\x00") || strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.") {
		api.NotFound(w, r)
		return
	}
	if b.serveFile(w, r, rel) {
		return
	}
	if strings.HasPrefix(rel, "assets/") {
		// A missing asset (an old build's chunk) is not a page: index.html in its place would be
		// run as a script or style and fail obscurely.
		api.NotFound(w, r)
		return
	}
	b.serveIndex(w, r)
}

// serveFile serves the regular file rel if there is one, and reports whether it did. Vite names
// everything under assets/ by its content's hash, so those are kept for good; other files
// (favicon, robots.txt) are checked again on each use.
func (b *backOfficeApp) serveFile(w http.ResponseWriter, r *http.Request, rel string) bool {
	f, err := os.OpenInRoot(b.dir, filepath.FromSlash(rel))
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	if strings.HasPrefix(rel, "assets/") {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	http.ServeContent(w, r, st.Name(), st.ModTime(), f)
	return true
}

// serveIndex serves index.html, always revalidated, so a new build is picked up at once. The
// back office may not be framed by another site (clickjacking of an admin's clicks).
func (b *backOfficeApp) serveIndex(w http.ResponseWriter, r *http.Request) {
	f, err := os.OpenInRoot(b.dir, "index.html")
	if err != nil {
		api.WriteHTTPError(w, http.StatusServiceUnavailable, connect.NewError(connect.CodeUnavailable,
			errors.New("the back office is not installed on this server")))
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		api.WriteHTTPError(w, http.StatusServiceUnavailable, connect.NewError(connect.CodeUnavailable,
			errors.New("the back office is not installed on this server")))
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	http.ServeContent(w, r, "index.html", st.ModTime(), f)
}
