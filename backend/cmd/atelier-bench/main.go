// Command atelier-bench measures the API server and the storefront against the machine's
// ceilings and prints the figures (`just bench`, or `go run ./cmd/atelier-bench` from the
// backend folder).
//
// It starts a throw-away PostgreSQL cluster, loads a realistic catalogue through the catalogue
// service, builds and starts the real server binary, and drives it with an in-process load
// generator. Last, it loads 100 000 orders (-orders) in bulk and times the admin dashboard's
// read one call at a time (issue 12: under 50 ms). The ceiling is a bare net/http server
// answering a fixed 2 KiB JSON body, run as a subprocess of this same binary and driven the same
// way in the same run: an absolute req/s means little on an unknown machine, whereas the ratio
// to what Go's HTTP stack alone achieves here is comparable between machines and over time.
//
// The storefront (storefront/, built in the run) is measured the same way against an API server
// with the catalogue: home, shop, a filtered shop and product pages, with its page cache off and
// on, beside a bare node:http server sending a page of the home page's size with the same Node.
//
// A missed target is a finding, not a failure: the exit status is non-zero only when the bench
// itself cannot run or a scenario receives errors (its figures would then be meaningless).
//
// Setting ATELIER_BENCH_CPUPROFILE=<dir> builds the server with a pprof listener added (through
// `go build -overlay`, the source tree untouched) and writes, for each API scenario's measured
// window, a CPU profile and an allocation profile into dir, for `go tool pprof`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	interrupted := ctx.Err() != nil
	stop() // before os.Exit, which would skip a deferred call
	if err != nil {
		if interrupted {
			// Whatever failed first, the cause is the signal; everything started has been stopped.
			err = errors.New("interrupted")
		}
		fmt.Fprintln(os.Stderr, "atelier-bench:", err)
		os.Exit(1)
	}
}

// options are the bench's flags.
type options struct {
	duration time.Duration // measured window per scenario
	warmup   time.Duration // unmeasured run first, so connections, the read cache and PostgreSQL's buffers are warm
	conns    int
	products int
	// mediaOnly runs only the media scenario (no database, no server).
	mediaOnly bool
	orders    int // for the dashboard scenario; 0 skips it
	// dashboardOnly runs only the dashboard scenario (database, catalogue and orders; no server).
	dashboardOnly bool
	// smoke runs every scenario briefly on a small shop: seconds, to prove the bench still runs
	// (`just test` does it, so a bench broken by a change fails CI); its figures mean nothing.
	smoke bool
}

// run dispatches the hidden subprocess modes and otherwise runs the whole bench.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == ceilingMode {
		if len(args) != 2 {
			return fmt.Errorf("usage: atelier-bench %s <addr>", ceilingMode)
		}
		return serveCeiling(ctx, args[1])
	}
	fs := flag.NewFlagSet("atelier-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.DurationVar(&o.duration, "duration", 5*time.Second, "measured window per scenario")
	fs.DurationVar(&o.warmup, "warmup", time.Second, "unmeasured warm-up before each scenario")
	fs.IntVar(&o.conns, "conns", 32, "concurrent keep-alive connections (one goroutine each)")
	fs.IntVar(&o.products, "products", 10000, "visible products to load")
	fs.BoolVar(&o.mediaOnly, "media-only", false, "run only the image pipeline scenario")
	fs.IntVar(&o.orders, "orders", 100000, "orders to load for the dashboard scenario (0 skips it)")
	fs.BoolVar(&o.dashboardOnly, "dashboard-only", false, "run only the dashboard scenario")
	fs.BoolVar(&o.smoke, "smoke", false, "run every scenario briefly on a small shop, to prove the bench runs (figures not judged)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.smoke {
		o.duration, o.warmup, o.conns, o.products, o.orders = 300*time.Millisecond, 100*time.Millisecond, 4, 200, 1000
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	case o.duration <= 0 || o.warmup < 0:
		return errors.New("-duration must be positive and -warmup not negative")
	case o.conns < 1:
		return errors.New("-conns must be at least 1")
	case o.products < 1:
		return errors.New("-products must be at least 1")
	case o.orders < 0:
		return errors.New("-orders must not be negative")
	case o.mediaOnly && o.dashboardOnly:
		return errors.New("-media-only and -dashboard-only exclude each other")
	case o.smoke && (o.mediaOnly || o.dashboardOnly):
		return errors.New("-smoke runs every scenario: it excludes -media-only and -dashboard-only")
	case o.dashboardOnly && o.orders == 0:
		return errors.New("-dashboard-only needs orders to load")
	}
	return bench(ctx, o, os.Getenv("ATELIER_BENCH_CPUPROFILE"), stdout, stderr)
}
