// Package telemetry is how the server is watched from outside: Prometheus metrics served at
// /metrics (the counters themselves are named in package metrics), OpenTelemetry traces exported
// over OTLP when an endpoint is configured (HTTP and Connect requests, database queries, River
// jobs), and the trace id on the request's log lines. With neither configured it adds nothing:
// no tracer, no exporter, no route.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	"connectrpc.com/otelconnect"
	"github.com/exaring/otelpgx"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"
	"github.com/riverqueue/rivercontrib/otelriver"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// instrumentation names this package's own tracer.
const instrumentation = "github.com/atelier-commerce/atelier/backend/internal/telemetry"

// Tracing holds the tracer provider when traces are on. The zero value (and nil) means off:
// every method then returns nothing to install.
type Tracing struct {
	provider trace.TracerProvider
	// shutdown flushes and stops the exporter; nil for a provider the caller owns.
	shutdown func(context.Context) error
}

// NewOTLPTracing exports traces over OTLP/HTTP to endpoint, the base URL of a collector as
// OTEL_EXPORTER_OTLP_ENDPOINT gives it (spans go to endpoint + "/v1/traces"); service names the
// process in the viewer. Spans are batched, so a slow collector never holds up a request.
func NewOTLPTracing(ctx context.Context, endpoint, service string) (*Tracing, error) {
	exporter, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(strings.TrimRight(endpoint, "/")+"/v1/traces"))
	if err != nil {
		return nil, fmt.Errorf("telemetry.NewOTLPTracing: %w", err)
	}
	res := resource.NewSchemaless(attribute.String("service.name", service))
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exporter),
		sdktrace.WithResource(res),
		// A caller's sampling decision is honoured; a request that arrives without one is sampled.
		sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.AlwaysSample())),
	)
	return &Tracing{provider: tp, shutdown: tp.Shutdown}, nil
}

// NewTracing uses a provider the caller owns (tests use one over an in-memory exporter).
func NewTracing(tp trace.TracerProvider) *Tracing { return &Tracing{provider: tp} }

// Enabled reports whether spans are recorded.
func (t *Tracing) Enabled() bool { return t != nil && t.provider != nil }

// Provider is the tracer provider, or nil when tracing is off.
func (t *Tracing) Provider() trace.TracerProvider {
	if !t.Enabled() {
		return nil
	}
	return t.provider
}

// Shutdown exports the spans still buffered, within ctx.
func (t *Tracing) Shutdown(ctx context.Context) error {
	if !t.Enabled() || t.shutdown == nil {
		return nil
	}
	if err := t.shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("telemetry.Shutdown: %w", err)
	}
	return nil
}

// propagator reads (and writes) W3C trace context, so a caller's trace continues here.
var propagator = propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})

// QueryTracer traces every database query as a child of the request or job that made it, or is
// nil when tracing is off. Statements are recorded with their placeholders, never the values
// bound to them (a customer's e-mail, a password hash).
func (t *Tracing) QueryTracer() pgx.QueryTracer {
	if !t.Enabled() {
		return nil
	}
	return otelpgx.NewTracer(otelpgx.WithTracerProvider(t.provider), otelpgx.WithMeterProvider(metricnoop.NewMeterProvider()),
		otelpgx.WithDisableConnectionDetailsInAttributes())
}

// ConnectInterceptor gives each Connect call (REST calls reach the same handlers) a span named
// by its procedure, a child of the request's HTTP span; nil when tracing is off.
func (t *Tracing) ConnectInterceptor() (connect.Interceptor, error) {
	if !t.Enabled() {
		return nil, nil //nolint:nilnil // nil means "nothing to install"
	}
	i, err := otelconnect.NewInterceptor(otelconnect.WithTracerProvider(t.provider), otelconnect.WithPropagator(propagator),
		otelconnect.WithoutMetrics(), otelconnect.WithTrustRemote())
	if err != nil {
		return nil, fmt.Errorf("telemetry.ConnectInterceptor: %w", err)
	}
	return i, nil
}

// JobMiddleware gives each River job a span (and each insert, so a job links back to the request
// that queued it); nil when tracing is off.
func (t *Tracing) JobMiddleware() []rivertype.Middleware {
	if !t.Enabled() {
		return nil
	}
	return []rivertype.Middleware{otelriver.NewMiddleware(&otelriver.MiddlewareConfig{
		TracerProvider: t.provider, MeterProvider: metricnoop.NewMeterProvider(),
		EnableTracePropagation: true, EnableWorkSpanJobKindSuffix: true,
	})}
}

// TraceID is the id of the trace ctx is part of, or "" outside one.
func TraceID(ctx context.Context) string {
	if sc := trace.SpanContextFromContext(ctx); sc.HasTraceID() {
		return sc.TraceID().String()
	}
	return ""
}
