package telemetry

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// MetricsHandler serves reg in Prometheus's text format to callers presenting token as a bearer
// token (Authorization: Bearer <token>). Anything else gets 401: the metrics say how busy the shop
// is and what fails, which is no one else's business. refuse writes the refusal in the API's
// error shape.
func MetricsHandler(reg *prometheus.Registry, token string, refuse func(w http.ResponseWriter, r *http.Request)) http.Handler {
	want := sha256.Sum256([]byte(token))
	serve := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		presented, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		// Hashes of equal length, so the comparison's time says nothing about the token.
		got := sha256.Sum256([]byte(presented))
		if !ok || token == "" || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			refuse(w, r)
			return
		}
		serve.ServeHTTP(w, r)
	})
}

// PoolCollector reports a database pool's statistics (pgxpool.Stat) under the label pool=name.
func PoolCollector(name string, pool *pgxpool.Pool) prometheus.Collector {
	return &poolCollector{pool: pool, name: name}
}

type poolCollector struct {
	pool *pgxpool.Pool
	name string
}

func poolDesc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc(prometheus.BuildFQName(metrics.Namespace, "db_pool", name), help, []string{"pool"}, nil)
}

var (
	poolAcquired      = poolDesc("acquired_conns", "Connections in use.")
	poolIdle          = poolDesc("idle_conns", "Idle connections.")
	poolTotal         = poolDesc("total_conns", "Open connections.")
	poolMax           = poolDesc("max_conns", "Largest number of connections the pool opens.")
	poolAcquires      = poolDesc("acquires_total", "Connections acquired from the pool.")
	poolAcquireTime   = poolDesc("acquire_duration_seconds_total", "Time spent acquiring connections.")
	poolEmptyAcquires = poolDesc("empty_acquires_total", "Acquisitions that had to wait for a connection.")
	poolCanceled      = poolDesc("canceled_acquires_total", "Acquisitions cancelled by their context.")
)

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolAcquired, poolIdle, poolTotal, poolMax, poolAcquires, poolAcquireTime, poolEmptyAcquires, poolCanceled} {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	gauge := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, c.name)
	}
	counter := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, c.name)
	}
	gauge(poolAcquired, float64(s.AcquiredConns()))
	gauge(poolIdle, float64(s.IdleConns()))
	gauge(poolTotal, float64(s.TotalConns()))
	gauge(poolMax, float64(s.MaxConns()))
	counter(poolAcquires, float64(s.AcquireCount()))
	counter(poolAcquireTime, s.AcquireDuration().Seconds())
	counter(poolEmptyAcquires, float64(s.EmptyAcquireCount()))
	counter(poolCanceled, float64(s.CanceledAcquireCount()))
}

// QueueStats is the job queue at a glance.
type QueueStats struct {
	Waiting, Retrying, Failed int
	// Unrelayed is how many outbox events wait for the relay, OldestUnrelayed when the oldest of
	// them was written (zero when none wait).
	Unrelayed       int
	OldestUnrelayed time.Time
}

// QueueCollector reports the job queue's depth, its failures and the outbox's lag, as read by
// stats (River's client API and the outbox). A scrape reads them at most once per every: Prometheus
// scrapes every few seconds, and listing jobs is not free.
func QueueCollector(stats func(context.Context) (QueueStats, error), every time.Duration) prometheus.Collector {
	return &queueCollector{stats: stats, every: every, now: time.Now}
}

type queueCollector struct {
	stats func(context.Context) (QueueStats, error)
	every time.Duration
	now   func() time.Time

	mu     sync.Mutex
	last   QueueStats
	readAt time.Time
	ok     bool
}

func queueDesc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(prometheus.BuildFQName(metrics.Namespace, "", name), help, labels, nil)
}

var (
	queueJobs = queueDesc("jobs", "Background jobs by state: waiting (available, scheduled, pending), retrying, "+
		"failed (cancelled or discarded, kept for River's retention period).", "state")
	queueUnrelayed = queueDesc("outbox_events", "Outbox events not yet handed to the job queue.")
	queueLag       = queueDesc("outbox_lag_seconds", "Age of the oldest outbox event not yet handed to the job queue at the last reading (0 when none wait).")
	queueUp        = queueDesc("jobs_stats_up", "Whether the last reading of the job queue succeeded.")
)

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{queueJobs, queueUnrelayed, queueLag, queueUp} {
		ch <- d
	}
}

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.readAt.IsZero() || now.Sub(c.readAt) >= c.every {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		s, err := c.stats(ctx)
		cancel()
		c.readAt, c.ok = now, err == nil
		if err == nil {
			c.last = s
		}
	}
	up := 0.0
	if c.ok {
		up = 1
	}
	ch <- prometheus.MustNewConstMetric(queueUp, prometheus.GaugeValue, up)
	if !c.ok {
		return // no stale numbers passed off as current
	}
	s := c.last
	for state, n := range map[string]int{"waiting": s.Waiting, "retrying": s.Retrying, "failed": s.Failed} {
		ch <- prometheus.MustNewConstMetric(queueJobs, prometheus.GaugeValue, float64(n), state)
	}
	ch <- prometheus.MustNewConstMetric(queueUnrelayed, prometheus.GaugeValue, float64(s.Unrelayed))
	lag := 0.0
	if !s.OldestUnrelayed.IsZero() {
		lag = max(c.readAt.Sub(s.OldestUnrelayed).Seconds(), 0)
	}
	ch <- prometheus.MustNewConstMetric(queueLag, prometheus.GaugeValue, lag)
}
