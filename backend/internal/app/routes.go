package app

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apidocs"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/atelier-commerce/atelier/backend/internal/telemetry"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// maxRequestBytes bounds every API request body but an image upload's (maxUploadBytes).
const maxRequestBytes = 1 << 20

// maxUploadBytes bounds an image upload: the media library's 20 MB limit on the image plus room
// for the Connect envelope, so that an image just over 20 MB is refused by the library with its
// own reason (image_too_large), and anything larger by the server (request_too_large).
const maxUploadBytes = 20<<20 + 64<<10

// uploadRoutes are the image upload's REST and Connect routes (ServeMux patterns).
var uploadRoutes = []string{
	"POST /api/v1/admin/products/{product_id}/images",
	"POST " + adminv1connect.ProductServiceUploadProductImageProcedure,
}

// bodyLimit is how large r's body may be: an upload's through the back office's door too.
func bodyLimit(r *http.Request) int64 {
	if apiPath, ok := api.BackOfficePath(r.URL.Path); ok {
		r = &http.Request{Method: r.Method, Host: r.Host, URL: &url.URL{Path: apiPath}}
	}
	if isUpload(r) {
		return maxUploadBytes
	}
	return maxRequestBytes
}

// isUpload reports whether r is an image upload (uploadRoutes). Every upload is a POST: other
// methods, the catalogue's reads among them, are answered without matching the routes, which
// allocates.
func isUpload(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	_, pattern := uploadMux.Handler(r)
	return pattern != ""
}

// octetUploads labels an upload's body application/octet-stream before the transcoder sees it.
// Vanguard (v0.4.0) reads the query string of a request labelled with any other non-application
// type (image/jpeg) only after it has rewritten the URL, so alt and expected_revision in the query
// would be lost. The label says nothing the server uses: the image's type is read from its bytes.
func octetUploads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isUpload(r) && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/") {
			r = r.Clone(r.Context())
			r.Header.Set("Content-Type", "application/octet-stream")
		}
		next.ServeHTTP(w, r)
	})
}

var uploadMux = func() *http.ServeMux {
	mux := http.NewServeMux()
	for _, p := range uploadRoutes {
		mux.Handle(p, http.NotFoundHandler())
	}
	return mux
}()

// route is one entry of the server's route table: a http.ServeMux pattern and its handler.
type route struct {
	pattern string
	handler http.Handler
}

// routes is the whole HTTP surface: the route table on one mux, behind the middleware. What the
// table has no route for is answered in the API's error shape (api.AnswerUnrouted).
func (a *App) routes() (http.Handler, error) {
	table, err := a.routeTable()
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	for _, rt := range table {
		mux.Handle(rt.pattern, rt.handler)
	}
	// Outermost, so that the request's logger (a.middleware) can name its trace.
	observed := telemetry.HTTP{Tracing: a.tracing, Metrics: a.cfg.MetricsEnabled, Route: func(r *http.Request) string {
		_, pattern := mux.Handler(r)
		return pattern
	}}
	// CORS before the limits, so that a refusal (429) still reaches the page that asked;
	// preflights are not counted against the limits.
	return observed.Wrap(a.middleware(api.Compress(api.CrossOrigin(a.cors(), api.RateLimited(a.limits, api.AnswerUnrouted(mux)))))), nil
}

// telemetryOptions are the Connect options that feed the metrics' procedure labels and trace
// each call; none when neither is on. They go first, so they see every call, refusals included.
func (a *App) telemetryOptions() ([]connect.HandlerOption, error) {
	var interceptors []connect.Interceptor
	if a.cfg.MetricsEnabled || a.tracing.Enabled() {
		interceptors = append(interceptors, telemetry.ProcedureInterceptor())
	}
	tracer, err := a.tracing.ConnectInterceptor()
	if err != nil {
		return nil, err
	}
	if tracer != nil {
		interceptors = append(interceptors, tracer)
	}
	if len(interceptors) == 0 {
		return nil, nil
	}
	return []connect.HandlerOption{connect.WithInterceptors(interceptors...)}, nil
}

// metricsRoute serves /metrics when METRICS_ENABLED is on: the process's counters, the pools,
// the job queue (read at most every 15 s) and extra (the routes' own collectors), to a scraper
// with METRICS_TOKEN.
func (a *App) metricsRoute(extra ...prometheus.Collector) ([]route, error) {
	if !a.cfg.MetricsEnabled {
		return nil, nil
	}
	collectors := append([]prometheus.Collector{telemetry.PoolCollector("store", a.pool),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: metrics.Namespace, Subsystem: "db", Name: "transaction_retries_total",
			Help: "Transactions run again after a serialization failure or deadlock (contention).",
		}, func() float64 { return float64(db.Retries()) }),
	}, extra...)
	if a.jobsPool != a.pool {
		collectors = append(collectors, telemetry.PoolCollector("jobs", a.jobsPool))
	}
	collectors = append(collectors, telemetry.QueueCollector(func(ctx context.Context) (telemetry.QueueStats, error) {
		h, err := a.jobs.Health(ctx)
		return telemetry.QueueStats{Waiting: h.Waiting, Retrying: h.Retrying, Failed: h.Failed,
			Unrelayed: h.Unrelayed, OldestUnrelayed: h.OldestUnrelayed}, err
	}, 15*time.Second))
	reg, err := metrics.NewRegistry(collectors...)
	if err != nil {
		return nil, err
	}
	return []route{{"GET /metrics", telemetry.MetricsHandler(reg, a.cfg.MetricsToken, api.Unauthenticated)}}, nil
}

// routeTable lists every endpoint the server has: each Connect service (also served as REST
// through Vanguard), the operational endpoints, the API document, the payment webhook and the
// media files. Every error answer that is not Connect's or Vanguard's is written by
// api.WriteHTTPError; TestEveryRouteAnswersErrorsInOneShape provokes errors from each entry.
func (a *App) routeTable() ([]route, error) {
	// Refuse to serve a procedure nobody has decided about (of every generated service linked
	// into the binary); it would be closed to everyone, which is never what its author meant.
	if err := a.authorizer.Check(authz.Procedures(protoregistry.GlobalFiles)); err != nil {
		return nil, err
	}
	opts, err := api.HandlerOptions(a.logger, maxRequestBytes, api.Auth{Sessions: a.authn, Keys: a.keyAuth, Policy: a.authorizer,
		UnknownKey: a.chargeUnknownKey})
	if err != nil {
		return nil, err
	}
	observing, err := a.telemetryOptions()
	if err != nil {
		return nil, err
	}
	opts = append(observing, opts...)
	var table []route
	var services []*vanguard.Service
	var servicePaths []string
	var registerErr error
	register := func(path string, h http.Handler) {
		// Connect answers its own protocol's errors; only a procedure the service lacks would get
		// the generated handler's plain-text 404.
		served, err := api.AnswerUnknownProcedures(path, h)
		registerErr = errors.Join(registerErr, err)
		table = append(table, route{path, connectErrorBodies(served)})
		services = append(services, vanguard.NewService(path, h))
		servicePaths = append(servicePaths, path)
	}
	register(storev1connect.NewCatalogServiceHandler(api.NewCatalogHandler(a.catalog, a.media), opts...))
	register(storev1connect.NewShippingServiceHandler(api.NewShippingHandler(a.shipping), opts...))
	register(storev1connect.NewSettingsServiceHandler(api.NewSettingsHandler(a.settings), opts...))
	register(storev1connect.NewContentServiceHandler(api.NewContentHandler(a.content), opts...))
	register(storev1connect.NewCartServiceHandler(api.NewCartHandler(a.carts, a.media), opts...))
	register(storev1connect.NewWishlistServiceHandler(api.NewWishlistHandler(a.wishlists, a.media), opts...))
	register(storev1connect.NewNewsletterServiceHandler(api.NewNewsletterHandler(a.newsletter), opts...))
	register(storev1connect.NewContactServiceHandler(api.NewContactHandler(a.contact), opts...))
	register(storev1connect.NewStatusServiceHandler(api.NewStatusHandler(a.status), opts...))
	register(storev1connect.NewAuthServiceHandler(api.NewAuthHandler(a.accounts, a.publicOrigin()), opts...))
	register(storev1connect.NewCheckoutServiceHandler(api.NewCheckoutHandler(a.checkout, a.payments, a.media), opts...))
	register(storev1connect.NewOrderServiceHandler(api.NewOrderHandler(a.orders, a.media), opts...))
	register(storev1connect.NewTestPaymentServiceHandler(api.NewTestPaymentHandler(a.testPayments), opts...))
	register(adminv1connect.NewAccountServiceHandler(api.NewAdminAccountHandler(a.accounts), opts...))
	register(adminv1connect.NewDashboardServiceHandler(api.NewAdminDashboardHandler(a.orders), opts...))
	// The product service reads Connect bodies up to an upload's size; the middleware holds every
	// other of its routes to maxRequestBytes before Connect reads anything.
	register(adminv1connect.NewProductServiceHandler(api.NewAdminProductHandler(catalog.NewAdmin(a.catalog), a.accounts, a.media,
		a.imageIntake), append(slices.Clone(opts), connect.WithReadMaxBytes(maxUploadBytes))...))
	register(adminv1connect.NewPageServiceHandler(api.NewAdminPageHandler(a.content, a.accounts), opts...))
	register(adminv1connect.NewAdminOrderServiceHandler(api.NewAdminOrderHandler(a.orders, a.accounts, a.media), opts...))
	register(adminv1connect.NewStoreDetailsServiceHandler(api.NewAdminStoreDetailsHandler(a.settings, a.accounts), opts...))
	register(adminv1connect.NewApiKeyServiceHandler(api.NewAdminAPIKeyHandler(a.keys, a.accounts), opts...))
	register(adminv1connect.NewDeliveryOptionServiceHandler(api.NewAdminDeliveryOptionHandler(a.shipping, a.accounts), opts...))
	register(adminv1connect.NewWebhookServiceHandler(api.NewAdminWebhookHandler(a.webhooks), opts...))
	if registerErr != nil {
		return nil, registerErr
	}

	rest, err := vanguard.NewTranscoder(services,
		vanguard.WithCodec(restJSONCodec),
		vanguard.WithCodec(restProtoCodec),
		// Handlers answer Vanguard in binary protobuf, so every REST body is encoded once, by
		// restJSONCodec, rather than passed through in Connect's camelCase JSON.
		// Unknown query parameters (cache busters, campaign tags) are ignored, as REST clients
		// expect, instead of failing the request.
		vanguard.WithDefaultServiceOptions(
			vanguard.WithTargetCodecs(vanguard.CodecProto),
			vanguard.WithRESTUnmarshalOptions(vanguard.RESTUnmarshalOptions{DiscardUnknownQueryParams: true}),
		),
		vanguard.WithUnknownHandler(http.HandlerFunc(api.NotFound)),
	)
	if err != nil {
		return nil, err
	}
	cache := newResponseCache(a.catalog.CacheTTL(), a.catalog.Generation)
	// Outside the cache, so a GET with a body is refused whether or not its answer is cached.
	restRoutes, err := api.RefuseUnexpectedBodies(servicePaths, cache.wrap(restErrorBodies(octetUploads(rest))))
	if err != nil {
		return nil, err
	}
	docs := &docsPage{logger: a.logger}
	jobsUI, err := a.jobsUI()
	if err != nil {
		return nil, err
	}
	table = append(table,
		route{restPrefix, restRoutes},
		route{"POST /api/v1/newsletter/unsubscribe", oneClick(restErrorBodies(rest))},
		route{"GET /api/docs", docs},
		route{"GET /api/openapi.yaml", http.HandlerFunc(serveSpec)},
		// Stripe's events (and the test mode's, delivered in-process) land here; they are verified
		// by their signature, not by a session, so the route sits outside the Connect services.
		route{"POST /api/v1/webhooks/stripe", a.paymentEvents},
		route{"GET /api/health", http.HandlerFunc(api.Health)},
		route{"GET /api/ready", api.Ready(a.pool, a.logger)},
		route{"GET " + media.PathPrefix, api.NewMediaHandler(a.media, a.logger)},
		// River's UI, for admins only (jobsUI).
		route{jobsUIPath, jobsUI},
	)
	// The back office's door serves the same routes (those it opens: REST and Connect) under
	// /admin/api/, authenticated by the back office's cookie.
	apiMux := http.NewServeMux()
	for _, rt := range table {
		apiMux.Handle(rt.pattern, rt.handler)
	}
	door, err := api.BackOfficeDoor(a.publicOrigin(), api.AnswerUnrouted(apiMux))
	if err != nil {
		return nil, err
	}
	spa, err := newBackOfficeApp(a.cfg.BackOfficeDir)
	if err != nil {
		return nil, err
	}
	metricsRoutes, err := a.metricsRoute(cache.collectors()...)
	if err != nil {
		return nil, err
	}
	table = append(table, metricsRoutes...)
	return append(table,
		route{api.BackOfficeAPIPrefix + "/", door},
		// The back office's own pages (BACKOFFICE_DIR), around the door and River's UI; the
		// more specific patterns of those two win.
		route{backOfficePath, spa},
		route{strings.TrimSuffix(backOfficePath, "/"), spa},
	), nil
}

// cors is who may call the API from a browser: the configured origins, and those of live
// publishable keys.
func (a *App) cors() api.CORS {
	return api.CORS{Origins: a.cfg.CORSAllowedOrigins, KeyOrigin: a.keys.KnowsOrigin, Logger: a.logger}
}

// chargeUnknownKey counts a request made with a key that is not live against its client
// address's limit, so that guessing keys is limited like any anonymous request.
func (a *App) chargeUnknownKey(ctx context.Context) error {
	return api.ChargeClient(ctx, a.limits)
}

// oneClick serves the newsletter's one-click unsubscribe (RFC 8058): a mail client POSTs the
// List-Unsubscribe URL, whose query carries the token, with the form body
// "List-Unsubscribe=One-Click" (url-encoded or multipart). The body says nothing more and the REST
// route takes none, so it is dropped before the transcoder, which would refuse a form.
func oneClick(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.Clone(r.Context())
		r.Body, r.ContentLength = http.NoBody, 0
		r.Header.Del("Content-Type")
		r.Header.Del("Content-Encoding")
		next.ServeHTTP(w, r)
	})
}

// restPrefix is where Vanguard serves the REST routes of every service.
const restPrefix = "/api/v1/"

// restJSONCodec makes REST bodies use the contract's snake_case names (as partners read them in
// the OpenAPI document) and include zero values, so a product with no stock says stock 0. It
// refuses fields the contract does not have, as Connect does (api.strictJSONCodec), and every
// body it cannot decode is the caller's mistake: 400 with the usual error body, never a 500.
func restJSONCodec(res vanguard.TypeResolver) vanguard.Codec {
	c := vanguard.NewJSONCodec(res)
	c.MarshalOptions = protojson.MarshalOptions{Resolver: res, UseProtoNames: true, EmitDefaultValues: true}
	c.UnmarshalOptions = protojson.UnmarshalOptions{Resolver: res}
	return restJSON{c}
}

type restJSON struct{ *vanguard.JSONCodec }

func (c restJSON) Unmarshal(data []byte, msg proto.Message) error {
	if err := c.JSONCodec.Unmarshal(data, msg); err != nil {
		return api.MalformedRequest(err)
	}
	return nil
}

func (c restJSON) UnmarshalField(data []byte, msg proto.Message, field protoreflect.FieldDescriptor) error {
	if err := c.JSONCodec.UnmarshalField(data, msg, field); err != nil {
		return api.MalformedRequest(err)
	}
	return nil
}

// restProtoCodec is the codec Vanguard re-encodes a REST request with before handing it to the
// Connect handler. Path and query parameters reach the message without the checks JSON decoding
// makes, so encoding is where bytes that are not UTF-8 (?search=%FF) are found: that, too, is the
// caller's mistake.
func restProtoCodec(res vanguard.TypeResolver) vanguard.Codec {
	return restProto{vanguard.NewProtoCodec(res)}
}

type restProto struct{ *vanguard.ProtoCodec }

func (c restProto) MarshalAppend(base []byte, msg proto.Message) ([]byte, error) {
	b, err := c.ProtoCodec.MarshalAppend(base, msg)
	if err != nil {
		return nil, api.MalformedRequest(err)
	}
	return b, nil
}

func (c restProto) MarshalAppendStable(base []byte, msg proto.Message) ([]byte, error) {
	b, err := c.ProtoCodec.MarshalAppendStable(base, msg)
	if err != nil {
		return nil, api.MalformedRequest(err)
	}
	return b, nil
}

// restErrorBodies marks a request refused as soon as Vanguard answers it with an error (see
// api.RequestInfo.MarkRefused), and normalises Vanguard's error answers, whose body is always the REST JSON error:
// one rejected before a codec is chosen (a malformed query parameter) is labelled "application/",
// one refused while decoding the body "application/proto", the codec of the handler it never
// reached (vanguard v0.4.0), and neither carries a reason. Error bodies are small, so they are
// held back, labelled JSON and given an ErrorInfo reason where they lack one
// (api.NormalizeErrorBody); successful answers stream through untouched.
func restErrorBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ew := &errorBodyWriter{ResponseWriter: w, ctx: r.Context()}
		next.ServeHTTP(ew, r)
		ew.finish()
	})
}

// connectErrorBodies gives the Connect answers that Connect wrote itself, before any interceptor
// ran (its decoder refusing a body), the ErrorInfo reason every error carries
// (api.WriteConnectErrorBody). Error bodies are held back as restErrorBodies holds them.
func connectErrorBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ew := &errorBodyWriter{ResponseWriter: w, ctx: r.Context(), answer: func(w http.ResponseWriter, status int, body []byte) {
			api.WriteConnectErrorBody(w, r, status, body)
		}}
		next.ServeHTTP(ew, r)
		ew.finish()
	})
}

type errorBodyWriter struct {
	http.ResponseWriter
	ctx    context.Context //nolint:containedctx // one request's writer: it needs that request's context when it writes
	status int
	held   *bytes.Buffer // the error body, while held back
	// answer writes the held error body; nil for REST's (api.NormalizeErrorBody).
	answer func(w http.ResponseWriter, status int, body []byte)
}

func (e *errorBodyWriter) WriteHeader(code int) {
	if e.status != 0 {
		return
	}
	e.status = code
	if code >= 400 {
		e.held = &bytes.Buffer{}
		if info := api.RequestInfoFrom(e.ctx); info != nil {
			info.MarkRefused()
		}
		return
	}
	e.ResponseWriter.WriteHeader(code)
}

func (e *errorBodyWriter) Write(b []byte) (int, error) {
	if e.status == 0 {
		e.WriteHeader(http.StatusOK)
	}
	if e.held != nil {
		return e.held.Write(b)
	}
	return e.ResponseWriter.Write(b)
}

// Flush passes on only while the answer is not held back.
func (e *errorBodyWriter) Flush() {
	if f, ok := e.ResponseWriter.(http.Flusher); ok && e.held == nil {
		f.Flush()
	}
}

func (e *errorBodyWriter) finish() {
	if e.held == nil {
		return
	}
	h := e.Header()
	held := e.held.Bytes()
	if h.Get("Content-Encoding") == "gzip" {
		// Vanguard compresses for a client that accepts it; an error body goes out plain.
		// (Vanguard labels its own error bodies gzip but writes them plain.)
		if zr, err := gzip.NewReader(bytes.NewReader(held)); err == nil {
			if plain, err := io.ReadAll(io.LimitReader(zr, 1<<20)); err == nil {
				held = plain
			}
		}
		h.Del("Content-Encoding")
	}
	if e.answer != nil {
		e.answer(e.ResponseWriter, e.status, held)
		return
	}
	body := api.NormalizeErrorBody(e.status, held)
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	e.ResponseWriter.WriteHeader(e.status)
	_, _ = e.ResponseWriter.Write(body)
}

func (e *errorBodyWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

func serveSpec(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	_, _ = w.Write(apidocs.Spec)
}

// docsPage is the API reference page, built on its first request. Parsing and validating the
// OpenAPI document allocates about 30 MiB, which every API process would otherwise take at start
// (and hold as resident memory) for a page few requests ask for. TestAPIDocsPage builds it from
// the embedded document, so a broken document fails the tests, not a deploy.
type docsPage struct {
	logger *slog.Logger
	once   sync.Once
	page   http.Handler
	err    error
}

func (d *docsPage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.once.Do(func() { d.page, d.err = apidocs.New(apidocs.Spec, "/api/openapi.yaml") })
	if d.err != nil {
		d.logger.ErrorContext(r.Context(), "the API reference page cannot be built", "error", d.err.Error())
		api.WriteHTTPError(w, http.StatusInternalServerError, connect.NewError(connect.CodeInternal, errors.New("internal error")))
		return
	}
	d.page.ServeHTTP(w, r)
}
