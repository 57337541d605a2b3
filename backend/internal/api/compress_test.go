package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// decode undoes the answer's Content-Encoding.
func decode(t *testing.T, res *http.Response) []byte {
	t.Helper()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	switch res.Header.Get("Content-Encoding") {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		body, err = io.ReadAll(zr)
		require.NoError(t, err)
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		defer zr.Close()
		body, err = io.ReadAll(zr)
		require.NoError(t, err)
	case "":
	default:
		t.Fatalf("unexpected Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	return body
}

func TestCompress(t *testing.T) {
	t.Parallel()
	big := `{"products":[` + strings.Repeat(`{"name":"Linen shirt","price":4500},`, 100) + `{}]}`
	small := `{"status":"ok"}`
	tests := map[string]struct {
		method string
		header http.Header
		// answer is what the handler writes: its headers, status and body (in as many writes as given).
		answerHeader http.Header
		status       int
		writes       []string
		// wantEncoding is the answer's Content-Encoding; wantVary whether it says Vary: Accept-Encoding.
		wantEncoding string
		wantVary     bool
		// wantAcceptEncoding is the Accept-Encoding the handler saw.
		wantAcceptEncoding string
	}{
		"a big answer, gzip accepted": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantEncoding: "gzip", wantVary: true},
		"a big answer, zstd preferred": {header: http.Header{"Accept-Encoding": {"gzip, deflate, br, zstd"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantEncoding: "zstd", wantVary: true},
		"a big answer in small writes": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big[:100], big[100:900], big[900:]}, wantEncoding: "gzip", wantVary: true},
		"zstd refused by weight": {header: http.Header{"Accept-Encoding": {"zstd;q=0, gzip;q=0.5"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantEncoding: "gzip", wantVary: true},
		"any coding": {header: http.Header{"Accept-Encoding": {"*"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantEncoding: "zstd", wantVary: true},
		"a small answer": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{small}, wantVary: true},
		"a small answer with its length": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}, "Content-Length": {"15"}}, writes: []string{small}, wantVary: true},
		"nothing accepted": {answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantVary: true},
		"only identity accepted": {header: http.Header{"Accept-Encoding": {"identity"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantVary: true},
		"an image": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"image/webp"}}, writes: []string{big}},
		"already encoded": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}, "Content-Encoding": {"br"}}, writes: []string{big}, wantEncoding: "br"},
		"a partial answer": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"text/plain"}, "Content-Range": {"bytes 0-1999/5000"}}, status: http.StatusPartialContent, writes: []string{big}},
		"no-transform": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}, "Cache-Control": {"no-transform"}}, writes: []string{big}},
		"an error answer, big": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, status: http.StatusBadRequest, writes: []string{big}, wantEncoding: "gzip", wantVary: true},
		"no type given": {header: http.Header{"Accept-Encoding": {"gzip"}}, writes: []string{"<!doctype html><html>" + big}, wantEncoding: "gzip", wantVary: true},
		"a HEAD request": {method: http.MethodHead, header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, wantVary: true},
		"a Connect call": {method: http.MethodPost, header: http.Header{"Accept-Encoding": {"gzip"}, "Connect-Protocol-Version": {"1"}, "Content-Type": {"application/json"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantAcceptEncoding: "gzip"},
		"a Connect GET": {header: http.Header{"Accept-Encoding": {"gzip"}},
			answerHeader: http.Header{"Content-Type": {"application/json"}}, writes: []string{big}, wantAcceptEncoding: "gzip"},
		"a gRPC call": {method: http.MethodPost, header: http.Header{"Accept-Encoding": {"gzip"}, "Content-Type": {"application/grpc+proto"}},
			answerHeader: http.Header{"Content-Type": {"application/grpc+proto"}}, writes: []string{big}, wantAcceptEncoding: "gzip"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var sawAcceptEncoding string
			h := Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				sawAcceptEncoding = r.Header.Get("Accept-Encoding")
				maps.Copy(w.Header(), tc.answerHeader)
				if tc.status != 0 {
					w.WriteHeader(tc.status)
				}
				for _, part := range tc.writes {
					_, _ = io.WriteString(w, part)
				}
			}))
			method := tc.method
			if method == "" {
				method = http.MethodGet
			}
			target := "/api/v1/products"
			if name == "a Connect GET" {
				target = "/atelier.store.v1.CatalogService/ListProducts?connect=v1&encoding=json&message=%7B%7D"
			}
			req := httptest.NewRequest(method, target, nil)
			maps.Copy(req.Header, tc.header)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			defer res.Body.Close()

			require.Equal(t, tc.wantAcceptEncoding, sawAcceptEncoding, "what the handler was told the client accepts")
			require.Equal(t, tc.wantEncoding, res.Header.Get("Content-Encoding"))
			if tc.wantVary {
				require.Equal(t, []string{"Accept-Encoding"}, res.Header.Values("Vary"))
			} else {
				require.Empty(t, res.Header.Values("Vary"))
			}
			if tc.status != 0 {
				require.Equal(t, tc.status, res.StatusCode)
			}
			if tc.wantEncoding == "br" || method == http.MethodHead {
				return
			}
			body := decode(t, res)
			require.Equal(t, strings.Join(tc.writes, ""), string(body))
			if tc.wantEncoding != "" {
				require.Empty(t, res.Header.Get("Content-Length"), "the plain length does not describe the compressed body")
				require.NotEmpty(t, res.Header.Get("Content-Type"), "set from the plain bytes, not sniffed from the compressed ones")
			}
		})
	}
}

// A compressed answer is much smaller, and a revision's ETag survives (If-Match compares it
// strongly).
func TestCompressKeepsETagAndSaves(t *testing.T) {
	t.Parallel()
	body := `{"products":[` + strings.Repeat(`{"name":"Linen shirt","price":4500},`, 100) + `{}]}`
	h := Compress(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("ETag", `"7"`)
		w.Header().Set("Vary", "Origin")
		_, _ = io.WriteString(w, body)
	}))
	req := httptest.NewRequest(http.MethodGet, "/api/v1/admin/products/x", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, "gzip", rec.Header().Get("Content-Encoding"))
	require.Equal(t, `"7"`, rec.Header().Get("ETag"))
	require.Equal(t, []string{"Origin", "Accept-Encoding"}, rec.Header().Values("Vary"))
	require.Less(t, rec.Body.Len(), len(body)/5)
}

// A streamed answer flushed before the threshold goes out as it is, as soon as it is flushed.
func TestCompressFlushBeforeThreshold(t *testing.T) {
	t.Parallel()
	flushed := make(chan struct{})
	h := Compress(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: one\n\n")
		_ = http.NewResponseController(w).Flush()
		close(flushed)
		_, _ = io.WriteString(w, strings.Repeat("data: more\n\n", 200))
	}))
	req := httptest.NewRequest(http.MethodGet, "/stream", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	<-flushed
	require.True(t, rec.Flushed)
	require.Empty(t, rec.Header().Get("Content-Encoding"))
	require.True(t, strings.HasPrefix(rec.Body.String(), "data: one\n\n"))
}

// A handler that keeps answers ready-encoded learns the coding chosen, sends its own bytes in
// it, and Compress passes them through untouched.
func TestCompressPassesReadyEncodedAnswers(t *testing.T) {
	t.Parallel()
	body := strings.Repeat(`{"name":"Linen shirt"},`, 100)
	h := Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		enc := AcceptedEncoding(r.Context())
		require.Equal(t, "zstd", enc)
		encoded, err := Encode(enc, []byte(body))
		require.NoError(t, err)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", enc)
		_, _ = w.Write(encoded)
	}))
	req := httptest.NewRequest(http.MethodGet, "/api/v1/products", nil)
	req.Header.Set("Accept-Encoding", "gzip, zstd")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	defer res.Body.Close()
	require.Equal(t, "zstd", res.Header.Get("Content-Encoding"))
	require.Equal(t, body, string(decode(t, res)), "encoded once, not twice")
}
