package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/media"
)

// MediaHandler serves the stored image renditions under media.PathPrefix with year-long caching
// and range and conditional requests. It is mounted for GET (and so HEAD) only.
type MediaHandler struct {
	store  *media.Store
	logger *slog.Logger
}

// NewMediaHandler returns the handler of store's files.
func NewMediaHandler(store *media.Store, logger *slog.Logger) *MediaHandler {
	return &MediaHandler{store: store, logger: logger}
}

// ServeHTTP serves one file; a missing one answers 404 in the API's error shape.
func (h *MediaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, err := h.store.Open(r.Context(), strings.TrimPrefix(r.URL.Path, media.PathPrefix))
	if err != nil {
		WriteError(w, r, h.logger, err)
		return
	}
	defer f.Close()
	hd := w.Header()
	hd.Set("Content-Type", f.ContentType())
	hd.Set("Cache-Control", media.CacheControl)
	hd.Set("Cross-Origin-Resource-Policy", "cross-origin")
	hd.Set("ETag", fmt.Sprintf(`"%x-%x"`, f.ModTime().UnixNano(), f.Size()))
	http.ServeContent(w, r, "", f.ModTime(), f)
}
