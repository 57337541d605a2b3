package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Targets for the server process (the per-scenario ones live with the scenarios).
const (
	startupTarget = 500 * time.Millisecond
	idleRSSTarget = 60 << 20
	// listBytesTarget is issue 17's: a list answer (plain, as lists answer by default: product
	// summaries) carries at most 1 KB per product on average.
	listBytesTarget = 1024
)

// busyMachine is how many cores of outside work during the ceiling's window make a run suspect.
const busyMachine = 0.25

// serverFigures are one server process's start-up and memory.
type serverFigures struct {
	startup          time.Duration
	idleRSS, loadRSS int64
}

// report is everything the run found.
type report struct {
	opts       options
	machine    string
	profileDir string
	loadTook   time.Duration
	cacheTTL   time.Duration
	ceiling    serverFigures
	api        serverFigures
	results    []result // the ceiling first
	limiter    []limiterFigure
	checkout   []checkoutFigures
	apiStderr  string
	// storefront is the Node ceiling's row first, then the storefront's pages.
	storefront       []result
	storefrontFig    storefrontFigures
	storefrontStderr string
	media            mediaFigures
	dashboard        dashboardFigures
}

// printMedia prints the image pipeline's figure and reports whether it met its target.
func (rep *report) printMedia(w io.Writer) bool {
	const mrow = "%-40s %10s %12s   %-16s %s\n"
	fmt.Fprintf(w, mrow, "image pipeline", "wall", "CPU", "target", "result")
	fmt.Fprintln(w, strings.Repeat("─", 90))
	ok := rep.media.took < mediaTarget
	verdict := "MISS"
	if ok {
		verdict = "PASS"
	}
	fmt.Fprintf(w, mrow, fmt.Sprintf("12 MP JPEG (%s) → %d variants", fmtMiB(int64(rep.media.inBytes)), rep.media.variants),
		fmtSeconds(rep.media.took), fmtSeconds(rep.media.cpu), "< "+fmtSeconds(mediaTarget), verdict)
	return ok
}

func (rep *report) print(w io.Writer) {
	o := rep.opts
	met, total := 0, 0
	judge := func(ok bool) bool {
		total++
		if ok {
			met++
		}
		return ok
	}

	fmt.Fprintf(w, "Results: %d connections, %s warm-up + %s measured per scenario, %d products (loaded in %s)\n\n",
		o.conns, o.warmup, o.duration, o.products, fmtSeconds(rep.loadTook))
	printTable(w, rep.results, "req/s", judge)
	rep.printCompression(w)
	if ok, judged := rep.printListBytes(w); judged {
		total++
		if ok {
			met++
		}
	}
	for _, f := range rep.limiter {
		total++
		ratio, verdict := 0.0, "MISS"
		if f.offRPS > 0 {
			ratio = f.onRPS / f.offRPS
		}
		if ratio >= 1-limiterMaxCost {
			met++
			verdict = "PASS"
		}
		fmt.Fprintf(w, "rate limiter: %s %.0f req/s with it, %.0f without: %s (target ≥ %.2f)  %s\n",
			f.name, f.onRPS, f.offRPS, sig4(ratio), 1-limiterMaxCost, verdict)
	}
	for _, r := range slices.Concat(rep.results, rep.storefront) {
		if r.errorCount() == 0 {
			continue
		}
		fmt.Fprintf(w, "\nerrors in %s (%d):\n", r.name, r.errorCount())
		for msg, n := range r.errors {
			fmt.Fprintf(w, "  %6d × %s\n", n, msg)
		}
	}

	fmt.Fprintln(w)
	const prow = "%-26s %10s %10s   %-16s %s\n"
	fmt.Fprintf(w, prow, "server process", "API", "ceiling", "target (API)", "result")
	fmt.Fprintln(w, strings.Repeat("─", 74))
	verdict := func(ok bool) string {
		total++
		if ok {
			met++
			return "PASS"
		}
		return "MISS"
	}
	fmt.Fprintf(w, prow, "start-up (to first 200)", fmtSeconds(rep.api.startup), fmtSeconds(rep.ceiling.startup),
		"< "+fmtSeconds(startupTarget), verdict(rep.api.startup < startupTarget))
	fmt.Fprintf(w, prow, "idle RSS (after ~1 s)", fmtMiB(rep.api.idleRSS), fmtMiB(rep.ceiling.idleRSS),
		"< "+fmtMiB(idleRSSTarget), verdict(rep.api.idleRSS < idleRSSTarget))
	fmt.Fprintf(w, prow, "RSS after load", fmtMiB(rep.api.loadRSS), fmtMiB(rep.ceiling.loadRSS), "", "")
	rep.printStorefront(w, judge)
	rep.dashboard.write(w, verdict)
	rep.printCheckout(w, verdict)

	fmt.Fprintln(w)
	total++
	if rep.printMedia(w) {
		met++
	}

	fmt.Fprintf(w, "\nTargets met: %d of %d\n\n", met, total)
	fmt.Fprintf(w, "machine: %s\n", rep.machine)
	fmt.Fprintf(w, "note: the load generator runs in this process on the same %d cores as the server under test (the ceiling too),\n"+
		"      so absolute req/s understate a dedicated server; the ratio to the ceiling cancels much of that.\n", runtime.NumCPU())
	fmt.Fprintln(w, "note: cores srv/gen/+ = cores used during the window by the server, by this load generator, and by the rest")
	fmt.Fprintln(w, "      (PostgreSQL, kernel); with 32 connections kept busy, p50 ≈ 32 / req/s (Little's law), so p99 tracks throughput.")
	for _, r := range rep.results {
		// The ceiling touches no database, so what "other" used during its window is the rest of
		// the machine: other people's builds and tests, or a hypervisor's steal.
		if r.ceiling && r.cpu.other > busyMachine {
			fmt.Fprintf(w, "WARNING: %.2f cores were busy outside the bench during the ceiling's window (other processes or\n"+
				"      hypervisor steal): every figure of this run is noisy; rerun on a quiet machine to compare.\n", r.cpu.other)
		}
	}
	fmt.Fprintln(w, "note: access logging is off for the run (LOG_LEVEL=warn; the access log is written at info).")
	if rep.cacheTTL > 0 {
		fmt.Fprintf(w, "note: the catalogue read cache is on (CATALOG_CACHE_TTL=%s), as by default: repeated reads are served from memory.\n", rep.cacheTTL)
	} else {
		fmt.Fprintln(w, "note: the catalogue read cache is off (CATALOG_CACHE_TTL=0): every request reads PostgreSQL.")
	}
	fmt.Fprintln(w, "note: requests carry no Accept-Encoding, so neither server compresses, except in the \"· gzip\" scenarios;")
	fmt.Fprintln(w, "      PostgreSQL runs on the same machine.")
	if len(rep.storefront) > 0 {
		fmt.Fprintf(w, "note: storefront pages are asked anonymously (no cookies) and without Accept-Encoding, so its compression\n"+
			"      middleware sends them plain; its access log is on, as shipped (to /dev/null). cores srv = the storefront's\n"+
			"      node process; + holds the API server (read cache on) and PostgreSQL behind it. The page cache keeps a page\n"+
			"      %s s and every cached page is rendered once before its row, so those rows are answers from memory.\n", pageCacheSeconds)
	}
	if rep.profileDir != "" {
		fmt.Fprintf(w, "note: profiling run: the server was built with a pprof listener (go build -overlay); CPU profiles in %s\n", rep.profileDir)
	}
	if s := strings.TrimSpace(rep.apiStderr); s != "" {
		fmt.Fprintf(w, "\nAPI server stderr (warnings and above):\n%s\n", s)
	}
	if s := strings.TrimSpace(rep.storefrontStderr); s != "" {
		fmt.Fprintf(w, "\nstorefront stderr:\n%s\n", s)
	}
}

// printCheckout prints the checkout scenarios. Their targets are correctness under load: no
// errors (a 5xx among them) and no unit sold twice.
func (rep *report) printCheckout(w io.Writer, verdict func(bool) string) {
	if len(rep.checkout) == 0 {
		return
	}
	fmt.Fprintln(w)
	const crow = "%-26s %9s %8s %8s %9s %8s %8s   %-22s %s\n"
	fmt.Fprintf(w, crow, "checkout ("+strconv.Itoa(rep.checkout[0].shoppers)+" shoppers)", "orders/s", "p50 ms", "p99 ms", "sold out", "retries", "errors", "target", "result")
	fmt.Fprintln(w, strings.Repeat("─", 118))
	for _, f := range rep.checkout {
		fmt.Fprintf(w, crow, f.name, fmt.Sprintf("%.1f", float64(f.orders)/f.window.Seconds()),
			fmtMs(percentile(f.journey, 0.50)), fmtMs(percentile(f.journey, 0.99)), strconv.Itoa(f.soldOut),
			strconv.FormatInt(f.retries, 10), strconv.Itoa(f.errorCount()), "no errors, no oversell",
			verdict(f.errorCount() == 0 && !f.oversold()))
		if f.oversold() {
			fmt.Fprintf(w, "  OVERSOLD: stock %d → %d, but the orders hold %d units\n", f.stockBefore, f.stockAfter, f.unitsOrdered)
		}
		for msg, n := range f.errors {
			fmt.Fprintf(w, "  %6d × %s\n", n, msg)
		}
	}
	fmt.Fprintln(w, "(a purchase: new cart, one item, checkout, test payment confirmed; p50/p99 of the whole purchase)")
}

// printListBytes judges the first list scenario's answer per product (its mean body over the
// products a page holds); judged is false when no scenario measured one.
func (rep *report) printListBytes(w io.Writer) (ok, judged bool) {
	for _, r := range rep.results {
		if r.perPage == 0 || r.bodyMean == 0 {
			continue
		}
		// A catalogue smaller than a page answers with every product.
		per := r.bodyMean / float64(max(min(r.perPage, rep.opts.products), 1))
		verdict := "MISS"
		if ok = per <= listBytesTarget; ok {
			verdict = "PASS"
		}
		fmt.Fprintf(w, "list answer per product ≤ 1 KB: %s, %.0f bytes a product (%.0f for %d)  %s\n",
			r.name, per, r.bodyMean, min(r.perPage, rep.opts.products), verdict)
		return ok, true
	}
	return false, false
}

// printCompression sets each compressed scenario's bytes on the wire beside its plain twin's:
// the ratio is what compression saves a client, the req/s what it costs the server.
func (rep *report) printCompression(w io.Writer) {
	for _, r := range rep.results {
		if r.plainOf == "" {
			continue
		}
		for _, plain := range rep.results {
			if plain.name != r.plainOf || r.bodyMean == 0 || plain.bodyMean == 0 {
				continue
			}
			cost := 0.0
			if plain.rps > 0 {
				cost = 1 - r.rps/plain.rps
			}
			fmt.Fprintf(w, "\ncompression: %s: %.0f bytes on the wire vs %.0f plain: %.1f× smaller (%.0f %% saved), %.0f %% fewer req/s",
				r.name, r.bodyMean, plain.bodyMean, plain.bodyMean/r.bodyMean, 100*(1-r.bodyMean/plain.bodyMean), 100*cost)
		}
	}
	fmt.Fprintln(w)
}

// describeMachine names what the figures were measured on.
func describeMachine() string {
	return fmt.Sprintf("%d CPUs (nproc, GOMAXPROCS %d), %s, %s %s/%s",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), cpuModel(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, value, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.Join(strings.Fields(value), " ")
		}
	}
	return "unknown CPU"
}

// sig4 prints v with four significant digits (1.000, 0.3125, 0.04812), which keeps small ratios
// as readable as large ones.
func sig4(v float64) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "—"
	}
	decimals := max(3-int(math.Floor(math.Log10(math.Abs(v)))), 0)
	return fmt.Sprintf("%.*f", decimals, v)
}

func fmtMs(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d)/float64(time.Millisecond)) }

func fmtSeconds(d time.Duration) string { return fmt.Sprintf("%.3f s", d.Seconds()) }

func fmtMiB(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

func fmtKiB(b float64) string { return fmt.Sprintf("%.1f KiB", b/1024) }

// printTable prints results, the ceiling they are compared with among them, one row each: the
// rate in unit, the ratio to that ceiling, latencies, body, cores, and each target judged.
func printTable(w io.Writer, results []result, unit string, judge func(ok bool) bool) {
	var ceilRPS float64
	for _, r := range results {
		if r.ceiling {
			ceilRPS = r.rps
		}
	}
	const row = "%-26s %8s %10s %7s %7s %9s %15s  %-44s %s\n"
	fmt.Fprintf(w, row, "scenario", unit, "vs ceiling", "p50 ms", "p99 ms", "body", "cores srv/gen/+", "target", "result")
	fmt.Fprintln(w, strings.Repeat("─", 140))
	for _, r := range results {
		ratio := 0.0
		if ceilRPS > 0 {
			ratio = r.rps / ceilRPS
		}
		var targets []string
		verdict := "PASS"
		miss := func(ok bool) {
			if !judge(ok) {
				verdict = "MISS"
			}
		}
		if r.minRPS > 0 {
			targets = append(targets, fmt.Sprintf("≥ %.0f %s", r.minRPS, unit))
			miss(r.rps >= r.minRPS)
		}
		if r.minRatio > 0 {
			targets = append(targets, fmt.Sprintf("≥ %.2f of ceiling", r.minRatio))
			miss(ratio >= r.minRatio)
		}
		if r.maxP99 > 0 {
			targets = append(targets, fmt.Sprintf("p99 < %g ms", float64(r.maxP99)/float64(time.Millisecond)))
			miss(r.p99 < r.maxP99)
		}
		target := strings.Join(targets, ", ")
		switch {
		case r.ceiling:
			target, verdict = "reference", "—"
		case len(targets) == 0:
			// Reported beside the judged rows, not judged: a PASS would claim a target it has not.
			target, verdict = "none (reported)", "—"
		case r.minRatio == 0 && r.minRPS == 0:
			target += " (ratio: no target)"
		}
		if r.errorCount() > 0 {
			verdict = "FAIL (errors)"
		}
		cores := fmt.Sprintf("%.2f/%.2f/%.2f", r.cpu.server, r.cpu.client, r.cpu.other)
		fmt.Fprintf(w, row, r.name, fmt.Sprintf("%.0f", r.rps), sig4(ratio), fmtMs(r.p50), fmtMs(r.p99),
			fmtKiB(r.bodyMean), cores, target, verdict)
	}
}

// printStorefront prints the storefront's pages against the Node ceiling, then its processes'
// start-up and memory, the memory after the load judged for each.
func (rep *report) printStorefront(w io.Writer, judge func(ok bool) bool) {
	if len(rep.storefront) == 0 {
		return
	}
	f := rep.storefrontFig
	fmt.Fprintf(w, "\nStorefront: the same connections, warm-up and window; the ceiling is bare node:http sending a %.1f KiB page (the home page's size)\n",
		float64(f.homeBytes)/1024)
	printTable(w, rep.storefront, "pages/s", judge)
	fmt.Fprintln(w)
	const srow = "%-26s %10s %10s %15s   %-16s %s\n"
	fmt.Fprintf(w, srow, "storefront process", "start-up", "idle RSS", "RSS after load", "target (load)", "result")
	fmt.Fprintln(w, strings.Repeat("─", 90))
	for _, p := range []struct {
		name string
		fig  serverFigures
	}{{"page cache off", f.off}, {"page cache on", f.on}} {
		verdict := "MISS"
		if judge(p.fig.loadRSS < storefrontRSSTarget) {
			verdict = "PASS"
		}
		fmt.Fprintf(w, srow, p.name, fmtSeconds(p.fig.startup), fmtMiB(p.fig.idleRSS), fmtMiB(p.fig.loadRSS),
			"< "+fmtMiB(storefrontRSSTarget), verdict)
	}
	fmt.Fprintf(w, srow, "node ceiling", fmtSeconds(f.ceiling.startup), fmtMiB(f.ceiling.idleRSS), fmtMiB(f.ceiling.loadRSS), "", "—")
}
