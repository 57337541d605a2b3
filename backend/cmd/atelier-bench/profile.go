package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// pprofAddrEnv tells a profiling build of the server where to listen for pprof.
const pprofAddrEnv = "ATELIER_BENCH_PPROF_ADDR"

// pprofOverlayFile is added to package main of ./cmd/atelier, through `go build -overlay`, when
// profiles are asked for. The real binary has no profiling endpoint (nor should it listen on one
// in production), and the bench may not edit it; an overlay gives the profiled run the very same
// server plus a pprof listener on a second port, without touching the source tree.
const pprofOverlayFile = `package main

import (
	"net/http"
	_ "net/http/pprof"
	"os"
)

func init() {
	if addr := os.Getenv("` + pprofAddrEnv + `"); addr != "" {
		go func() { _ = http.ListenAndServe(addr, nil) }()
	}
}
`

// captureProfile waits for the measured window to begin, then records the profiled server's CPU
// profile and its allocations (a delta: what the window allocated) for the window's length into
// dir/<scenario>.pprof and dir/<scenario>.allocs.pprof, for `go tool pprof`.
func captureProfile(ctx context.Context, pprofAddr, dir, scenario string, begin time.Time, window time.Duration) error {
	select {
	case <-time.After(time.Until(begin)):
	case <-ctx.Done():
		return ctx.Err()
	}
	seconds := int(math.Max(1, math.Round(window.Seconds())))
	name := strings.NewReplacer(" ", "-", "/", "-").Replace(scenario)
	allocs := make(chan error, 1)
	go func() {
		allocs <- saveProfile(ctx, fmt.Sprintf("http://%s/debug/pprof/allocs?seconds=%d", pprofAddr, seconds), filepath.Join(dir, name+".allocs.pprof"))
	}()
	err := saveProfile(ctx, fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", pprofAddr, seconds), filepath.Join(dir, name+".pprof"))
	return errors.Join(err, <-allocs)
}

// saveProfile writes the profile the pprof endpoint url answers into path.
func saveProfile(ctx context.Context, url, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("profile %s: %w", filepath.Base(path), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile %s: HTTP %d", filepath.Base(path), resp.StatusCode)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
