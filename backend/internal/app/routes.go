package app

import (
	"encoding/json"
	"net/http"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apidocs"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// maxRequestBytes bounds every API request body; uploads will get their own, larger limit.
const maxRequestBytes = 1 << 20

// routes lists every endpoint the server has: each Connect service (also served as REST through
// Vanguard), the operational endpoints, the API document and the media files.
func (a *App) routes() (http.Handler, error) {
	// Refuse to serve a procedure nobody has decided about (of every generated service linked
	// into the binary); it would be closed to everyone, which is never what its author meant.
	if err := a.authorizer.Check(authz.Procedures(protoregistry.GlobalFiles)); err != nil {
		return nil, err
	}
	opts, err := api.HandlerOptions(a.logger, maxRequestBytes, a.authn, a.authorizer)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	var services []*vanguard.Service
	register := func(path string, h http.Handler) {
		mux.Handle(path, h)
		services = append(services, vanguard.NewService(path, h))
	}
	register(storev1connect.NewCatalogServiceHandler(api.NewCatalogHandler(a.catalog, a.media), opts...))
	register(storev1connect.NewShippingServiceHandler(api.NewShippingHandler(a.shipping), opts...))
	register(storev1connect.NewSettingsServiceHandler(api.NewSettingsHandler(a.settings), opts...))
	register(storev1connect.NewContentServiceHandler(api.NewContentHandler(a.content), opts...))
	register(storev1connect.NewCartServiceHandler(api.NewCartHandler(a.carts, a.media), opts...))
	register(storev1connect.NewNewsletterServiceHandler(api.NewNewsletterHandler(a.newsletter), opts...))
	register(storev1connect.NewContactServiceHandler(api.NewContactHandler(a.contact), opts...))
	register(storev1connect.NewStatusServiceHandler(api.NewStatusHandler(a.status), opts...))
	register(storev1connect.NewAuthServiceHandler(api.NewAuthHandler(a.accounts), opts...))
	register(storev1connect.NewCheckoutServiceHandler(api.NewCheckoutHandler(a.checkout, a.payments, a.media), opts...))
	register(storev1connect.NewOrderServiceHandler(api.NewOrderHandler(a.orders, a.media), opts...))
	register(storev1connect.NewTestPaymentServiceHandler(api.NewTestPaymentHandler(a.testPayments), opts...))
	register(adminv1connect.NewAccountServiceHandler(api.NewAdminAccountHandler(a.accounts), opts...))

	rest, err := vanguard.NewTranscoder(services,
		vanguard.WithCodec(restJSONCodec),
		// Handlers answer Vanguard in binary protobuf, so every REST body is encoded once, by
		// restJSONCodec, rather than passed through in Connect's camelCase JSON.
		// Unknown query parameters (cache busters, campaign tags) are ignored, as REST clients
		// expect, instead of failing the request.
		vanguard.WithDefaultServiceOptions(
			vanguard.WithTargetCodecs(vanguard.CodecProto),
			vanguard.WithRESTUnmarshalOptions(vanguard.RESTUnmarshalOptions{DiscardUnknownQueryParams: true}),
		),
		vanguard.WithUnknownHandler(http.HandlerFunc(unknownRoute)),
	)
	if err != nil {
		return nil, err
	}
	cache := newResponseCache(a.catalog.CacheTTL(), a.catalog.Generation)
	mux.Handle("/api/v1/", cache.wrap(jsonErrorContentType(rest)))

	docs, err := apidocs.New(apidocs.Spec, "/api/openapi.yaml")
	if err != nil {
		return nil, err
	}
	mux.Handle("GET /api/docs", docs)
	mux.HandleFunc("GET /api/openapi.yaml", serveSpec)
	// Stripe's events (and the test mode's, delivered in-process) land here; they are verified by
	// their signature, not by a session, so the route sits outside the Connect services.
	mux.HandleFunc("POST /api/v1/webhooks/stripe", a.stripeWebhook)
	mux.HandleFunc("GET /api/health", a.health)
	mux.HandleFunc("GET /api/ready", a.ready)
	mux.HandleFunc(media.PathPrefix, a.serveMedia)
	mux.HandleFunc("/", unknownRoute)

	return a.middleware(mux), nil
}

// restJSONCodec makes REST bodies use the contract's snake_case names (as partners read them in
// the OpenAPI document) and include zero values, so a product with no stock says stock 0.
func restJSONCodec(res vanguard.TypeResolver) vanguard.Codec {
	c := vanguard.NewJSONCodec(res)
	c.MarshalOptions = protojson.MarshalOptions{Resolver: res, UseProtoNames: true, EmitDefaultValues: true}
	return c
}

// unknownRoute answers in the same JSON error shape as the API.
func unknownRoute(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusNotFound, map[string]any{
		"code":    int(connect.CodeNotFound),
		"message": "no such endpoint; the API is described at /api/docs",
	})
}

// jsonErrorContentType repairs the Content-Type of Vanguard's answer to a malformed query
// parameter: it is rejected before a codec is chosen and labelled "application/" (vanguard v0.4.0).
func jsonErrorContentType(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&contentTypeFixer{ResponseWriter: w}, r)
	})
}

type contentTypeFixer struct{ http.ResponseWriter }

func (c *contentTypeFixer) WriteHeader(code int) {
	if h := c.Header(); h.Get("Content-Type") == "application/" {
		h.Set("Content-Type", "application/json")
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *contentTypeFixer) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func serveSpec(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	_, _ = w.Write(apidocs.Spec)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
