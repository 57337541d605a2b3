// Package metrics names the process's Prometheus metrics, so that any package can count what it
// does (an order paid, a webhook delivered) without knowing how or whether they are served. The
// counters are process-wide, like Prometheus's own default registry, because a counter belongs
// to the process, not to one server; NewRegistry gathers them with the collectors of one App
// (its database pool, its job queue) for the /metrics endpoint (package telemetry).
//
// Labels are bounded on purpose: a procedure or route pattern, never a raw path, an id or a
// customer's value, so that no caller can grow the number of series.
package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Namespace prefixes every metric of the shop.
const Namespace = "atelier"

var (
	// HTTPRequests counts answered HTTP requests by procedure (a Connect procedure, which REST
	// calls resolve to as well, or the route pattern of any other endpoint) and status code.
	HTTPRequests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: Namespace, Subsystem: "http", Name: "requests_total",
		Help: "HTTP requests answered, by procedure (or route pattern) and status code.",
	}, []string{"procedure", "code"})

	// HTTPDuration is how long requests took, by procedure. Not by code as well: a histogram's
	// series are many already, and the counter above has the codes.
	HTTPDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Subsystem: "http", Name: "request_duration_seconds",
		Help:    "Time to answer HTTP requests, by procedure (or route pattern).",
		Buckets: []float64{.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"procedure"})

	// OrdersPaid counts orders that became paid, as their order.paid event is handed to the job
	// queue (after the payment's transaction committed: a retried transaction is not counted
	// twice).
	OrdersPaid = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: Namespace, Subsystem: "orders", Name: "paid_total",
		Help: "Orders that became paid.",
	})

	// WebhookDeliveries counts outbound webhook delivery attempts by result: one of the
	// WebhookDelivered, WebhookFailed values.
	WebhookDeliveries = withResults(prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: Namespace, Subsystem: "webhooks", Name: "deliveries_total",
		Help: "Outbound webhook delivery attempts, by result (delivered, failed).",
	}, []string{"result"}))
)

// The values of WebhookDeliveries' result label.
const (
	WebhookDelivered = "delivered"
	WebhookFailed    = "failed"
)

// NewRegistry returns a registry of the process-wide metrics above, the Go runtime's and the
// process's, and extra (one App's collectors). Each App gets its own registry, so tests with
// several Apps in one process do not collide; the process-wide counters may sit in several.
func NewRegistry(extra ...prometheus.Collector) (*prometheus.Registry, error) {
	reg := prometheus.NewRegistry()
	all := append([]prometheus.Collector{
		HTTPRequests, HTTPDuration, OrdersPaid, WebhookDeliveries,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	}, extra...)
	for _, c := range all {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return reg, nil
}

// withResults reports both results from the start (at 0), so a rate over them is defined before
// the first delivery and an alert on failures does not wait for the first one to exist.
func withResults(v *prometheus.CounterVec) *prometheus.CounterVec {
	v.WithLabelValues(WebhookDelivered)
	v.WithLabelValues(WebhookFailed)
	return v
}
