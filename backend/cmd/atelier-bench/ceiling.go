package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ceilingMode is the hidden argument that turns this binary into the ceiling server.
const ceilingMode = "ceiling"

// ceilingBodySize is about what a small API answer weighs, so the ceiling pays for writing a
// realistic body rather than measuring empty responses.
const ceilingBodySize = 2048

// ceilingBody is a valid JSON object of exactly size bytes.
func ceilingBody(size int) []byte {
	const open, closing = `{"data":"`, `"}`
	filler := strings.Repeat("lorem ipsum dolor sit amet ", size/27+1)
	return []byte(open + filler[:size-len(open)-len(closing)] + closing)
}

// serveCeiling runs the bare net/http server: no router, no middleware, no encoding, one fixed
// answer for every path (including the /api/health the start-up probe polls). Whatever the API
// server does beyond this is what the ratio to the ceiling measures.
func serveCeiling(ctx context.Context, addr string) error {
	body := ceilingBody(ceilingBodySize)
	length := strconv.Itoa(len(body))
	handler := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", length)
		_, _ = w.Write(body)
	})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// The same timeouts as the API server, since each costs a deadline update per request.
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
