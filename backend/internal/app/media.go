package app

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/media"
)

// serveMedia serves stored image renditions with year-long caching and range/conditional support.
func (a *App) serveMedia(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	f, err := a.media.Open(r.Context(), strings.TrimPrefix(r.URL.Path, media.PathPrefix))
	if ae := apperr.As(err); ae != nil && ae.Kind == apperr.KindNotFound {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		a.logger.ErrorContext(r.Context(), "media", "error", err.Error())
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", f.ContentType())
	h.Set("Cache-Control", media.CacheControl)
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	h.Set("ETag", fmt.Sprintf(`"%x-%x"`, f.ModTime().UnixNano(), f.Size()))
	http.ServeContent(w, r, "", f.ModTime(), f)
}
