package api

import (
	"bytes"
	"context"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// CompressMinBytes is the smallest answer Compress compresses: below it, the encoding's own
// overhead (headers, frames) and the CPU spent outweigh the bytes saved.
const CompressMinBytes = 1024

// Compress compresses answers with zstd or gzip, whichever the client accepts (zstd first: it is
// smaller and cheaper), when they are at least CompressMinBytes long and of a textual type (JSON,
// YAML, HTML, CSS, JavaScript, SVG). Every such answer says Vary: Accept-Encoding, compressed or
// not, so caches keep the variants apart.
//
// It leaves alone what is compressed already (an answer that set Content-Encoding itself, images),
// partial answers (206), answers marked Cache-Control: no-transform, HEAD requests, and every
// Connect and gRPC call: those protocols negotiate compression of their own (Connect unary calls
// through Accept-Encoding and Content-Encoding, streams per message), which the handlers do.
// For the rest (REST, the API document, the back office's files) the request's Accept-Encoding is
// taken away before the handler sees it, so that the transcoder (Vanguard, which would gzip any
// answer, however small) answers plain and this is the one place that compresses.
func Compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rpcCall(r) {
			next.ServeHTTP(w, r)
			return
		}
		enc := ""
		if r.Method != http.MethodHead {
			enc = negotiateEncoding(r.Header.Values("Accept-Encoding"))
		}
		if r.Header.Get("Accept-Encoding") != "" {
			ctx := r.Context()
			if enc != "" {
				ctx = context.WithValue(ctx, encodingKey{}, enc)
			}
			r = r.Clone(ctx)
			r.Header.Del("Accept-Encoding")
		}
		if enc == "" {
			// Nothing to encode for this client: no writer in the way of the hot path (a cached
			// catalogue page), only the Vary every answer a client could get encoded carries.
			vw := &varyWriter{ResponseWriter: w}
			next.ServeHTTP(vw, r)
			if !vw.wrote {
				// Nothing written (a HEAD answer): net/http sends 200 with these headers.
				vw.WriteHeader(http.StatusOK)
			}
			return
		}
		cw := &compressWriter{ResponseWriter: w, encoding: enc}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

type encodingKey struct{}

// AcceptedEncoding is the coding Compress chose for ctx's request ("zstd", "gzip", or "" for
// none). A handler that keeps answers ready-encoded (the response cache) sends one in that coding,
// labelled with Content-Encoding, and Compress passes it through.
func AcceptedEncoding(ctx context.Context) string {
	enc, _ := ctx.Value(encodingKey{}).(string)
	return enc
}

// Encode returns b in encoding ("zstd" or "gzip"), as Compress would send it.
func Encode(encoding string, b []byte) ([]byte, error) {
	var buf bytes.Buffer
	enc, release := newEncoder(encoding, &buf)
	defer release()
	if _, err := enc.Write(b); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// rpcCall reports whether r is a Connect or gRPC call rather than a REST or plain HTTP request.
func rpcCall(r *http.Request) bool {
	if r.Header.Get("Connect-Protocol-Version") != "" {
		return true
	}
	ct := r.Header.Get("Content-Type")
	if strings.HasPrefix(ct, "application/grpc") || strings.HasPrefix(ct, "application/connect+") {
		return true
	}
	// A Connect unary GET carries its protocol version in the query. Parsed only when it may be
	// there: this runs on every request, and parsing a query allocates.
	return r.Method == http.MethodGet && strings.Contains(r.URL.RawQuery, "connect=v1") &&
		r.URL.Query().Get("connect") == "v1"
}

// negotiateEncoding picks zstd or gzip from the Accept-Encoding values, or "" for none. A coding
// with q=0 is refused; "*" stands for any coding not named.
func negotiateEncoding(values []string) string {
	q := map[string]float64{}
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			weight := 1.0
			if p, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
				if f, err := strconv.ParseFloat(p, 64); err == nil {
					weight = f
				}
			}
			if name != "" {
				q[name] = weight
			}
		}
	}
	best, bestQ := "", 0.0
	for _, enc := range []string{"zstd", "gzip"} {
		w, ok := q[enc]
		if !ok {
			w, ok = q["*"]
		}
		if ok && w > bestQ {
			best, bestQ = enc, w
		}
	}
	return best
}

// compressible reports whether an answer of media type ct gains from compression: text, and the
// structured types the API and the back office serve. Images, fonts and archives are compressed
// already.
func compressible(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	if strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml") || strings.HasSuffix(mt, "+yaml") {
		return true
	}
	switch mt {
	case "application/json", "application/javascript", "application/xml", "application/yaml", "application/x-yaml",
		"application/x-ndjson", "application/wasm", "image/svg+xml":
		return true
	}
	return false
}

// compressWriter holds the first CompressMinBytes of an answer back, then decides: too short, of
// a type not worth it, or already encoded, the answer goes out as it is; otherwise compressed.
type compressWriter struct {
	http.ResponseWriter
	encoding string // what the client accepts ("" for nothing)

	status  int
	decided bool
	buf     []byte
	enc     io.WriteCloser // the encoder, once compressing
	release func()
}

func (c *compressWriter) WriteHeader(code int) {
	if c.decided || c.status != 0 {
		if c.decided {
			c.ResponseWriter.WriteHeader(code)
		}
		return
	}
	if code < http.StatusOK { // 1xx answers go out as they come; the real one follows
		c.ResponseWriter.WriteHeader(code)
		return
	}
	c.status = code
	// An answer with no body to speak of is settled at once.
	if code == http.StatusNoContent || code == http.StatusNotModified || !c.eligible() {
		_ = c.decide(false) // nothing is held yet, so nothing is written that could fail
	}
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	if c.decided {
		if c.enc != nil {
			return c.enc.Write(p)
		}
		return c.ResponseWriter.Write(p)
	}
	if len(c.buf) == 0 && len(p) >= CompressMinBytes {
		// A whole answer in one write (the transcoder's way) is decided on without a copy;
		// decide is done with p before returning.
		c.buf = p
		if err := c.decide(true); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	c.buf = append(c.buf, p...)
	if len(c.buf) >= CompressMinBytes {
		if err := c.decide(true); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// varyWriter passes an answer through untouched, adding Vary: Accept-Encoding to one another
// client could have had compressed (by its type and headers, as compressWriter.eligible judges).
type varyWriter struct {
	http.ResponseWriter
	wrote bool
}

func (v *varyWriter) WriteHeader(code int) {
	if !v.wrote && code >= http.StatusOK {
		v.wrote = true
		(&compressWriter{ResponseWriter: v.ResponseWriter, status: code}).eligible()
	}
	v.ResponseWriter.WriteHeader(code)
}

func (v *varyWriter) Write(p []byte) (int, error) {
	if !v.wrote {
		v.WriteHeader(http.StatusOK)
	}
	return v.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (v *varyWriter) Unwrap() http.ResponseWriter { return v.ResponseWriter }

// eligible reports whether, by its status and headers, the answer may be compressed. It also
// says Vary: Accept-Encoding for every answer whose encoding depends on the request.
func (c *compressWriter) eligible() bool {
	h := c.Header()
	if h.Get("Content-Encoding") != "" || h.Get("Content-Range") != "" || c.status == http.StatusPartialContent ||
		strings.Contains(strings.ToLower(h.Get("Cache-Control")), "no-transform") {
		return false
	}
	if ct := h.Get("Content-Type"); ct != "" && !compressible(ct) {
		return false
	}
	addVary(h)
	if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < CompressMinBytes {
		return false
	}
	return c.encoding != ""
}

func addVary(h http.Header) {
	for _, v := range h.Values("Vary") {
		for part := range strings.SplitSeq(v, ",") {
			if t := strings.TrimSpace(part); t == "*" || strings.EqualFold(t, "Accept-Encoding") {
				return
			}
		}
	}
	h.Add("Vary", "Accept-Encoding")
}

// decide settles the answer's encoding (compressing only if want and it is still eligible with
// the body seen so far), sends the header and what was held back.
func (c *compressWriter) decide(want bool) error {
	c.decided = true
	h := c.Header()
	if want && h.Get("Content-Type") == "" {
		// Set it from the plain bytes now: net/http would otherwise sniff the compressed ones.
		h.Set("Content-Type", http.DetectContentType(c.buf))
	}
	if want && c.eligible() {
		h.Set("Content-Encoding", c.encoding)
		// The ETag stays as it is: here it names a revision (If-Match carries it back on a write,
		// compared strongly), which the encoding does not change.
		h.Del("Content-Length")
		c.enc, c.release = newEncoder(c.encoding, c.ResponseWriter)
	}
	c.ResponseWriter.WriteHeader(c.status)
	held := c.buf
	c.buf = nil
	if len(held) == 0 {
		return nil
	}
	var err error
	if c.enc != nil {
		_, err = c.enc.Write(held)
	} else {
		_, err = c.ResponseWriter.Write(held)
	}
	return err
}

// Flush sends what is held back as it is (a streamed answer cannot wait for the threshold), or
// flushes the encoder.
func (c *compressWriter) Flush() {
	if !c.decided {
		if c.status == 0 {
			c.status = http.StatusOK
		}
		_ = c.decide(false)
	}
	if f, ok := c.enc.(interface{ Flush() error }); ok {
		_ = f.Flush()
	}
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// finish sends a short answer held back whole, or ends the compressed stream.
func (c *compressWriter) finish() {
	if !c.decided {
		if c.status == 0 {
			// Nothing was written (a HEAD answer): 200 with no body, as net/http would send,
			// but with the Vary a GET's answer has.
			c.WriteHeader(http.StatusOK)
			if c.decided {
				return
			}
		}
		if c.buf != nil {
			c.Header().Set("Content-Length", strconv.Itoa(len(c.buf)))
		}
		_ = c.decide(false)
		return
	}
	if c.enc != nil {
		_ = c.enc.Close()
		c.release()
		c.enc = nil
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// Encoders are pooled: a gzip writer holds about 800 KB of state, and making one per answer would
// cost more than compressing a catalogue page.
var (
	gzipPool = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
		return w
	}}
	zstdPool = sync.Pool{New: func() any {
		w, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1),
			zstd.WithLowerEncoderMem(true), zstd.WithWindowSize(1<<20))
		return w
	}}
)

func newEncoder(encoding string, w io.Writer) (io.WriteCloser, func()) {
	if encoding == "zstd" {
		z := zstdPool.Get().(*zstd.Encoder) //nolint:forcetypeassert // the pool holds nothing else
		z.Reset(w)
		return z, func() { z.Reset(nil); zstdPool.Put(z) }
	}
	g := gzipPool.Get().(*gzip.Writer) //nolint:forcetypeassert // the pool holds nothing else
	g.Reset(w)
	return g, func() { g.Reset(io.Discard); gzipPool.Put(g) }
}
