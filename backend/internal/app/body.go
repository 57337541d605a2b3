package app

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strings"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/api"
)

// readBoundedBody reads a request's whole body before any handler sees it, inflating it first
// when it arrives gzip-compressed, and refuses it when the inflated bytes pass limit. The limit
// must hold on what the handlers will decode, not on what crossed the wire: counting compressed
// bytes let a 796 KiB request inflate to 800 MiB. Reading here, once, covers every route kind —
// REST (Vanguard would inflate on its own), Connect, the webhook, and whatever is added later —
// so no handler has to remember to. Every API request is a unary call of at most limit bytes,
// so holding it in memory costs no more than decoding it would.
//
// On success the request carries the plain bytes (Content-Encoding removed, Content-Length
// set). Otherwise the returned status and error are the answer.
func readBoundedBody(r *http.Request, limit int64) (int, *connect.Error) {
	if r.Body == nil || r.Body == http.NoBody {
		return 0, nil
	}
	if r.ContentLength > limit {
		return http.StatusRequestEntityTooLarge, api.RequestTooLarge(limit)
	}
	// The raw bytes are bounded too (a compressed body is never larger than the limit it inflates
	// within, give or take gzip's framing).
	raw := io.LimitReader(r.Body, limit+1024)
	src := raw
	switch enc := strings.ToLower(strings.TrimSpace(r.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(raw)
		if err != nil {
			if errors.Is(err, io.EOF) {
				break // an empty body with a gzip label: nothing to inflate
			}
			return http.StatusBadRequest, api.MalformedRequest(errors.New("the gzip-compressed body cannot be read"))
		}
		defer zr.Close()
		src = zr
	default:
		return http.StatusUnsupportedMediaType, api.UnsupportedContentEncoding(enc)
	}
	body, err := io.ReadAll(io.LimitReader(src, limit+1))
	if err != nil {
		if r.Context().Err() != nil {
			return 499, connect.NewError(connect.CodeCanceled, errors.New("request cancelled"))
		}
		return http.StatusBadRequest, api.MalformedRequest(errors.New("the request body cannot be read"))
	}
	if int64(len(body)) > limit {
		return http.StatusRequestEntityTooLarge, api.RequestTooLarge(limit)
	}
	_ = r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	r.Header.Del("Content-Encoding")
	r.Header.Del("Transfer-Encoding")
	r.TransferEncoding = nil
	return 0, nil
}
