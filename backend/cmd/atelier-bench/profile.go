package main

import (
	"context"
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

// captureProfile waits for the measured window to begin, then records a CPU profile of the
// profiled server for the window's length into dir/<scenario>.pprof.
func captureProfile(ctx context.Context, pprofAddr, dir, scenario string, begin time.Time, window time.Duration) error {
	select {
	case <-time.After(time.Until(begin)):
	case <-ctx.Done():
		return ctx.Err()
	}
	seconds := int(math.Max(1, math.Round(window.Seconds())))
	url := fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", pprofAddr, seconds)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("cpu profile: HTTP %d", resp.StatusCode)
	}
	name := strings.NewReplacer(" ", "-", "/", "-").Replace(scenario) + ".pprof"
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
