package app

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every answer says X-Content-Type-Options: nosniff, but JSON, which browsers never sniff; the
// header is settled as the answer goes out, whichever way it goes.
func TestNoSniff(t *testing.T) {
	t.Parallel()
	a := &App{logger: slog.New(slog.DiscardHandler)}
	for name, tc := range map[string]struct {
		handler http.HandlerFunc
		nosniff bool
	}{
		"JSON": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte(`{}`))
		}, false},
		"JSON with parameters, written without WriteHeader": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "Application/JSON; charset=utf-8")
			_, _ = w.Write([]byte(`{}`))
		}, false},
		"JSON error": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
		}, false},
		"a panic, answered in JSON": {func(http.ResponseWriter, *http.Request) { panic("boom") }, false},
		"HTML": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(`<p>hi</p>`))
		}, true},
		"JSON-like but not JSON": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/jsonp")
			w.WriteHeader(http.StatusOK)
		}, true},
		"no type: net/http sniffs one": {func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(`<html><script>alert(1)</script>`))
		}, true},
		"flushed before anything was written": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.(http.Flusher).Flush()
			_, _ = w.Write([]byte("data: 1\n\n"))
		}, true},
		"an image": {func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "image/webp")
			w.WriteHeader(http.StatusOK)
		}, true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(a.middleware(tc.handler))
			t.Cleanup(srv.Close)
			res, err := http.Get(srv.URL)
			require.NoError(t, err)
			require.NoError(t, res.Body.Close())
			want := ""
			if tc.nosniff {
				want = "nosniff"
			}
			require.Equal(t, want, res.Header.Get("X-Content-Type-Options"), res.Header)
			require.NotEmpty(t, res.Header.Get("X-Request-ID"))
		})
	}
}
