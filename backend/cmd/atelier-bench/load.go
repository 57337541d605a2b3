package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// requestTimeout fails a request that hangs rather than hanging the bench.
const requestTimeout = 10 * time.Second

// scenario is one kind of request and the targets it is held to.
type scenario struct {
	name     string
	paths    []string      // cycled through; each connection starts at a different offset
	minRatio float64       // of the ceiling's req/s; 0 means none
	maxP99   time.Duration // 0 means none
	// minRPS is an absolute rate (req/s); 0 means none. Issue 17 sets some storefront targets as
	// a multiple of what it measured, not as a ratio.
	minRPS  float64
	ceiling bool // the reference the ratios of its table are taken against
	// header is sent with every request (Accept-Encoding, for the compressed scenario).
	header http.Header
	// wantEncoding is the Content-Encoding every answer must carry ("" for none checked): a
	// compressed scenario whose answers came back plain would measure nothing.
	wantEncoding string
	// plainOf names the scenario asking the same without compression, whose body size the
	// report compares this one's with.
	plainOf string
	// perPage is the page size of a list scenario whose body the report judges per product
	// (listBytesTarget); 0 for none.
	perPage int
}

// result is what one scenario measured.
type result struct {
	scenario
	requests int // successful responses completed inside the window
	rps      float64
	p50, p99 time.Duration
	bodyMean float64        // bytes per successful response
	errors   map[string]int // description → count, over warm-up and window
	cpu      cpuShare       // filled in by the caller, which samples the processes
}

func (r result) errorCount() int {
	n := 0
	for _, c := range r.errors {
		n += c
	}
	return n
}

// newTransport is one shared keep-alive pool of exactly conns connections, like a fixed set of
// clients (or a proxy's upstream pool). Compression is off so neither server spends time on
// gzip and the comparison with the ceiling stays about the server's own work.
func newTransport(conns int) *http.Transport {
	return &http.Transport{
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		MaxConnsPerHost:     conns,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}
}

// worker is one connection's loop and what it saw.
type worker struct {
	latencies []time.Duration
	bytes     int64
	errors    map[string]int
}

// runScenario drives base with o.conns goroutines for o.warmup and then o.duration. A request
// counts when it completes inside the measured window, whenever it started, so in-flight
// requests at either edge neither inflate nor deflate the rate.
func runScenario(ctx context.Context, client *http.Client, base string, sc scenario, o options, measureStart time.Time) (result, error) {
	measureEnd := measureStart.Add(o.duration)
	workers := make([]worker, o.conns)
	var wg sync.WaitGroup
	for g := range workers {
		// Requests are built up front and reused: building them inside the loop would spend
		// the shared cores on the client rather than the server.
		reqs := make([]*http.Request, len(sc.paths))
		for i, p := range sc.paths {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+p, nil)
			if err != nil {
				return result{}, err
			}
			maps.Copy(req.Header, sc.header)
			reqs[i] = req
		}
		w := &workers[g]
		w.latencies = make([]time.Duration, 0, 8192)
		w.errors = map[string]int{}
		offset := g * len(reqs) / len(workers)
		wg.Go(func() { w.loop(ctx, client, reqs, sc.wantEncoding, offset, measureStart, measureEnd) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return result{}, err
	}

	r := result{scenario: sc, errors: map[string]int{}}
	var all []time.Duration
	var bytes int64
	for _, w := range workers {
		all = append(all, w.latencies...)
		bytes += w.bytes
		for k, v := range w.errors {
			r.errors[k] += v
		}
	}
	slices.Sort(all)
	r.requests = len(all)
	r.rps = float64(len(all)) / o.duration.Seconds()
	r.p50, r.p99 = percentile(all, 0.50), percentile(all, 0.99)
	if len(all) > 0 {
		r.bodyMean = float64(bytes) / float64(len(all))
	}
	return r, nil
}

func (w *worker) loop(ctx context.Context, client *http.Client, reqs []*http.Request, wantEncoding string, i int, measureStart, measureEnd time.Time) {
	for ; ctx.Err() == nil; i++ {
		start := time.Now()
		if !start.Before(measureEnd) {
			return
		}
		resp, err := client.Do(reqs[i%len(reqs)])
		if err != nil {
			w.errors[err.Error()]++
			continue
		}
		var n int64
		if resp.StatusCode == http.StatusOK {
			// The body is read to the end, as a real client must, so the connection is reused.
			// Its size is what went over the wire: the transport does not decompress.
			n, err = io.Copy(io.Discard, resp.Body)
			if got := resp.Header.Get("Content-Encoding"); err == nil && got != wantEncoding {
				err = fmt.Errorf("answer encoded %q, not %q: %s", got, wantEncoding, reqs[i%len(reqs)].URL.RequestURI())
			}
		} else {
			// An error's body says why; keep its start for the report.
			var b strings.Builder
			_, _ = io.Copy(&b, io.LimitReader(resp.Body, 200))
			_, _ = io.Copy(io.Discard, resp.Body)
			err = fmt.Errorf("HTTP %d %s: %s", resp.StatusCode, reqs[i%len(reqs)].URL.RequestURI(), strings.TrimSpace(b.String()))
		}
		_ = resp.Body.Close()
		end := time.Now()
		if err != nil {
			w.errors[err.Error()]++
			continue
		}
		if end.Before(measureStart) || end.After(measureEnd) {
			continue // warm-up, or finished after the window closed
		}
		w.latencies = append(w.latencies, end.Sub(start))
		w.bytes += n
	}
}

// percentile is the nearest-rank percentile of sorted latencies.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p*float64(len(sorted)))) - 1
	return sorted[min(max(rank, 0), len(sorted)-1)]
}
