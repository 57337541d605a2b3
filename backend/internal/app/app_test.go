package app

import (
	"context"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/seed"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// shop is one server over the seeded demo shop, shared by the read-only tests of this file.
var shop struct {
	once sync.Once
	srv  *httptest.Server
	app  *App // for tests that need what only e-mails would carry (links' tokens)
	err  error
}

// demoShop starts the whole handler stack on a fresh database holding the demo seed.
func demoShop(t *testing.T) string {
	t.Helper()
	shop.once.Do(func() { shop.srv, shop.err = startShop() })
	require.NoError(t, shop.err)
	return shop.srv.URL
}

// startShop's server, database and media folder live as long as the test binary (the cluster and
// temp folder go with it), since several tests share them.
func startShop() (*httptest.Server, error) {
	srv := httptest.NewUnstartedServer(nil)
	srv.Start()
	dbURL, _, err := dbtest.NewDatabase()
	if err != nil {
		return nil, err
	}
	mediaDir, err := os.MkdirTemp("", "atelier-media-")
	if err != nil {
		return nil, err
	}
	env := map[string]string{
		"DATABASE_URL":      dbURL,
		"PUBLIC_URL":        srv.URL,
		"MEDIA_BUCKET_URL":  "file://" + mediaDir,
		"CATALOG_CACHE_TTL": "0",
	}
	maps.Copy(env, liftedThrottles)
	cfg, err := config.Parse(func(k string) string { return env[k] })
	if err != nil {
		return nil, err
	}
	a, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	// Fixed tokens stand in for sessions where a test needs many customers cheaply; every other
	// token is the real account service's to judge.
	a.authn = testTokens{next: a.accounts}
	a.keyAuth = testKeys{next: a.keys}
	if _, err := seed.Load(context.Background(), seed.Deps{Catalog: a.catalog, Shipping: a.shipping,
		Settings: a.settings, Content: a.content, Media: a.media, ArtWidth: 120}); err != nil {
		return nil, err
	}
	h, err := a.Handler()
	if err != nil {
		return nil, err
	}
	srv.Config.Handler = h
	shop.app = a
	return srv, nil
}

type jsonMap = map[string]any

func getJSON(t *testing.T, rawURL string, wantStatus int) jsonMap {
	t.Helper()
	return sendJSON(t, http.MethodGet, rawURL, "", wantStatus)
}

// sendJSON makes a REST request with an optional JSON body and returns the decoded JSON answer.
func sendJSON(t *testing.T, method, rawURL, body string, wantStatus int) jsonMap {
	t.Helper()
	status, header, out := sendAsWithHeader(t, method, rawURL, "", body, false)
	require.Equal(t, wantStatus, status, "%s %s: %v", method, rawURL, out)
	require.Contains(t, header.Get("Content-Type"), "application/json")
	require.NotNil(t, out, "%s %s: a JSON body", method, rawURL)
	return out
}

func items(m jsonMap, key string) []jsonMap {
	raw, _ := m[key].([]any)
	out := make([]jsonMap, len(raw))
	for i, r := range raw {
		out[i] = r.(jsonMap)
	}
	return out
}

// minor reads a Money's minor units (an int64, so a JSON string).
func minor(t *testing.T, m any) int64 {
	t.Helper()
	var v int64
	_, err := fmt.Sscan(m.(jsonMap)["minor_units"].(string), &v)
	require.NoError(t, err)
	return v
}

func TestRESTListProducts(t *testing.T) {
	t.Parallel()
	base := demoShop(t)

	page := getJSON(t, base+"/api/v1/products?page_size=12", 200)
	products := items(page, "products")
	require.Len(t, products, 12)
	total := page["total_count"].(float64)
	require.GreaterOrEqual(t, total, 40.0)
	require.Equal(t, 12.0, page["page_size"])
	require.Equal(t, 1.0, page["page"])
	require.Equal(t, "GBP", page["price_ceiling"].(jsonMap)["currency_code"])
	require.Zero(t, minor(t, page["price_ceiling"])%100_00, "ceiling is whole hundreds of pounds")
	for _, p := range products {
		require.NotEmpty(t, p["id"])
		require.NotEmpty(t, p["name"])
		require.Equal(t, "GBP", p["price"].(jsonMap)["currency_code"])
		require.Contains(t, p, "stock_quantity", "zero values are present in REST bodies")
	}

	defaultPage := getJSON(t, base+"/api/v1/products", 200)
	require.Len(t, items(defaultPage, "products"), 6, "page size defaults to 6")
	all := getJSON(t, base+"/api/v1/products?page_size=0", 200)
	require.Len(t, items(all, "products"), int(total), "page_size=0 returns all")
	require.Equal(t, 0.0, all["page_size"])
	require.Equal(t, page["total_count"], getJSON(t, base+"/api/v1/products?page_size=12&utm_source=mail", 200)["total_count"],
		"unknown query parameters are ignored")

	page2 := getJSON(t, base+"/api/v1/products?page_size=12&page=2", 200)
	require.NotEqual(t, products[0]["id"], items(page2, "products")[0]["id"])

	vc := getJSON(t, base+"/api/v1/products?page_size=0&category=Verdant%20%26%20Co", 200)
	vcProducts := items(vc, "products")
	require.NotEmpty(t, vcProducts)
	require.Less(t, len(vcProducts), int(total))
	for _, p := range vcProducts {
		require.Equal(t, "Verdant & Co", p["category"])
	}
	both := getJSON(t, base+"/api/v1/products?page_size=0&category=Verdant%20%26%20Co&category=Maison%20Lumi%C3%A8re", 200)
	require.Equal(t, total, both["total_count"], "repeated category parameters are ORed")

	// Whole products: a summary's description may be cut before the word that matched.
	search := getJSON(t, base+"/api/v1/products?page_size=0&search=SERUM&view=PRODUCT_VIEW_FULL", 200)
	require.NotEmpty(t, items(search, "products"))
	for _, p := range items(search, "products") {
		text := strings.ToLower(p["name"].(string) + " " + p["description"].(string))
		require.Contains(t, text, "serum")
	}

	ranged := getJSON(t, base+"/api/v1/products?page_size=0&min_price=3000&max_price=6000", 200)
	require.NotEmpty(t, items(ranged, "products"))
	for _, p := range items(ranged, "products") {
		price := minor(t, p["price"])
		require.True(t, price >= 3000 && price <= 6000, "price %d", price)
	}

	for sortBy, less := range map[string]func(a, b jsonMap) bool{
		"price_asc":  func(a, b jsonMap) bool { return minor(t, a["price"]) <= minor(t, b["price"]) },
		"price_desc": func(a, b jsonMap) bool { return minor(t, a["price"]) >= minor(t, b["price"]) },
		"name_asc": func(a, b jsonMap) bool {
			return strings.ToLower(a["name"].(string)) <= strings.ToLower(b["name"].(string))
		},
		"name_desc": func(a, b jsonMap) bool {
			return strings.ToLower(a["name"].(string)) >= strings.ToLower(b["name"].(string))
		},
		"newest": func(a, b jsonMap) bool { return a["created_at"].(string) >= b["created_at"].(string) },
	} {
		ps := items(getJSON(t, base+"/api/v1/products?page_size=0&sort="+sortBy, 200), "products")
		for i := 1; i < len(ps); i++ {
			require.True(t, less(ps[i-1], ps[i]), "%s: %v before %v", sortBy, ps[i-1]["name"], ps[i]["name"])
		}
	}
}

func TestRESTValidationErrors(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	tests := map[string]string{
		"page_size=7":                           "page_size",
		"sort=popular":                          "sort",
		"search=" + strings.Repeat("a", 10_000): "search",
		"min_price=-1":                          "min_price",
		"max_price=-100":                        "max_price",
		"min_price=5000&max_price=1000":         "min_price",
		"page=0":                                "page",
		"page_size=abc":                         "page_size",
	}
	for query, field := range tests {
		name := query
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			body := getJSON(t, base+"/api/v1/products?"+query, http.StatusBadRequest)
			require.Equal(t, float64(connect.CodeInvalidArgument), body["code"])
			require.Contains(t, body["message"], field, "the message names the field")
		})
	}
	featured := getJSON(t, base+"/api/v1/featured-products?mode=cheapest", http.StatusBadRequest)
	require.Contains(t, featured["message"], "mode")
	page := getJSON(t, base+"/api/v1/pages/NOT_A_SLUG", http.StatusBadRequest)
	require.Contains(t, page["message"], "slug")
}

func TestRESTProduct(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	all := items(getJSON(t, base+"/api/v1/products?page_size=0", 200), "products")
	withImages := 0
	for _, p := range all {
		images := items(p, "images")
		primaries := 0
		for _, img := range images {
			if img["primary"] == true {
				primaries++
			}
		}
		if len(images) > 0 {
			withImages++
			require.Equal(t, 1, primaries, "exactly one primary image for %s", p["name"])
		}
	}
	require.Positive(t, withImages)

	first := all[0]
	one := getJSON(t, base+"/api/v1/products/"+first["id"].(string), 200)["product"].(jsonMap)
	require.Equal(t, first["id"], one["id"])
	bySlug := getJSON(t, base+"/api/v1/products/"+first["slug"].(string), 200)["product"].(jsonMap)
	require.Equal(t, first["id"], bySlug["id"])

	notFound := getJSON(t, base+"/api/v1/products/00000000-0000-4000-8000-000000000000", http.StatusNotFound)
	require.Equal(t, float64(connect.CodeNotFound), notFound["code"])
	require.Equal(t, "product not found", notFound["message"])
	details := notFound["details"].([]any)
	require.Equal(t, "product_not_found", details[0].(jsonMap)["reason"], "a stable reason for clients")
	getJSON(t, base+"/api/v1/products/no-such-slug", http.StatusNotFound)

	related := items(getJSON(t, base+"/api/v1/products/"+first["id"].(string)+"/related", 200), "products")
	require.Len(t, related, 4)
	for _, r := range related {
		require.NotEqual(t, first["id"], r["id"])
	}
	require.Equal(t, first["category"], related[0]["category"], "same category first")
}

func TestRESTImagesLoad(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	for _, p := range items(getJSON(t, base+"/api/v1/products?page_size=12", 200), "products") {
		for _, img := range items(p, "images") {
			require.True(t, strings.HasPrefix(img["url"].(string), base+"/media/"), img["url"])
			res, err := http.Get(img["url"].(string))
			require.NoError(t, err)
			require.Equal(t, 200, res.StatusCode)
			require.Equal(t, "image/jpeg", res.Header.Get("Content-Type"))
			require.Contains(t, res.Header.Get("Cache-Control"), "immutable")
			require.NotEmpty(t, res.Header.Get("ETag"))
			_, err = jpeg.Decode(res.Body)
			res.Body.Close()
			require.NoError(t, err, "a real JPEG")
			require.NotEmpty(t, img["alt"])
			require.NotEmpty(t, img["variants"])
			return
		}
	}
	t.Fatal("no product with an image on the first page")
}

func TestMediaNotFound(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	for _, path := range []string{"/media/images/nope/400.jpg", "/media/../../etc/passwd", "/media/images/x/400.exe"} {
		req, err := http.NewRequest(http.MethodGet, base+path, nil)
		require.NoError(t, err)
		status, header, body := raw(t, req)
		require.Equal(t, http.StatusNotFound, status, path)
		requireErrorBody(t, header, body, path)
	}
}

func TestRESTFeaturedCategoriesAndShopInfo(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	random := items(getJSON(t, base+"/api/v1/featured-products?mode=random", 200), "products")
	require.Len(t, random, 3)
	for _, p := range random {
		require.NotEmpty(t, items(p, "images"))
	}
	require.Len(t, items(getJSON(t, base+"/api/v1/featured-products", 200), "products"), 3, "random is the default")
	top := items(getJSON(t, base+"/api/v1/featured-products?mode=top_price", 200), "products")
	require.Len(t, top, 5)
	highest := minor(t, items(getJSON(t, base+"/api/v1/products?sort=price_desc&page_size=6", 200), "products")[0]["price"])
	require.Equal(t, highest, minor(t, top[0]["price"]))

	cats := items(getJSON(t, base+"/api/v1/categories", 200), "categories")
	require.Len(t, cats, 2)
	require.Equal(t, "Maison Lumière", cats[0]["name"])
	require.Equal(t, "Verdant & Co", cats[1]["name"])

	opts := items(getJSON(t, base+"/api/v1/delivery-options", 200), "delivery_options")
	require.Len(t, opts, 5)
	want := []struct {
		code    string
		pence   int64
		carrier string
	}{{"standard", 1735, "Royal Mail"}, {"express", 2499, "DPD"}, {"priority", 3250, "Hermes"}, {"next_day", 4524, "DHL"}, {"premium", 5976, "FedEx"}}
	for i, w := range want {
		require.Equal(t, w.code, opts[i]["code"])
		require.Equal(t, w.pence, minor(t, opts[i]["price"]))
		require.Equal(t, w.carrier, opts[i]["carrier"])
	}
	require.Equal(t, int64(5000), minor(t, opts[0]["free_over"]), "Standard is free over £50")

	st := getJSON(t, base+"/api/v1/store-settings", 200)["store_settings"].(jsonMap)
	require.Equal(t, "Atelier London", st["store_name"])
	require.Equal(t, "London", st["address"].(jsonMap)["city"])
	for _, k := range []string{"contact_email", "phone", "company_number", "vat_number"} {
		require.NotEmpty(t, st[k], k)
	}

	for slug, date := range map[string]string{"privacy": "2025-05-12", "terms": "2025-05-13"} {
		page := getJSON(t, base+"/api/v1/pages/"+slug, 200)["page"].(jsonMap)
		require.True(t, strings.HasPrefix(page["updated_at"].(string), date), "%s updated %s", slug, page["updated_at"])
		require.Contains(t, page["html"], "<h2")
		require.NotContains(t, page["html"], "<script")
	}
	faq := getJSON(t, base+"/api/v1/pages/faq", 200)["page"].(jsonMap)
	require.Equal(t, "Frequently Asked Questions", faq["title"])
	missing := getJSON(t, base+"/api/v1/pages/no-such-page", http.StatusNotFound)
	require.Equal(t, float64(connect.CodeNotFound), missing["code"])
}

func TestConnect(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	client := storev1connect.NewCatalogServiceClient(http.DefaultClient, base)
	size := int32(12)
	res, err := client.ListProducts(context.Background(), connect.NewRequest(&storev1.ListProductsRequest{
		PageSize: &size, Category: []string{"Verdant & Co"}, Sort: "price_asc",
	}))
	require.NoError(t, err)
	require.NotEmpty(t, res.Msg.GetProducts())
	for _, p := range res.Msg.GetProducts() {
		require.Equal(t, "Verdant & Co", p.GetCategory())
	}

	_, err = client.GetProduct(context.Background(), connect.NewRequest(&storev1.GetProductRequest{Id: "00000000-0000-4000-8000-000000000000"}))
	require.Equal(t, connect.CodeNotFound, connect.CodeOf(err))
	var info *errdetails.ErrorInfo
	var cerr *connect.Error
	require.ErrorAs(t, err, &cerr)
	for _, d := range cerr.Details() {
		if v, err := d.Value(); err == nil {
			if ei, ok := v.(*errdetails.ErrorInfo); ok {
				info = ei
			}
		}
	}
	require.NotNil(t, info)
	require.Equal(t, "product_not_found", info.GetReason())

	bad := int32(7)
	_, err = client.ListProducts(context.Background(), connect.NewRequest(&storev1.ListProductsRequest{PageSize: &bad}))
	require.Equal(t, connect.CodeInvalidArgument, connect.CodeOf(err))

	// Plain Connect JSON, as a partner would send it with curl.
	req, _ := http.NewRequest(http.MethodPost, base+"/atelier.store.v1.CatalogService/ListProducts", strings.NewReader(`{"pageSize": 12}`))
	req.Header.Set("Content-Type", "application/json")
	raw, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer raw.Body.Close()
	require.Equal(t, 200, raw.StatusCode)
	var body struct {
		Products   []json.RawMessage `json:"products"`
		TotalCount int               `json:"totalCount"` //nolint:tagliatelle // Connect's JSON uses protojson's camelCase names
	}
	require.NoError(t, json.NewDecoder(raw.Body).Decode(&body))
	require.Len(t, body.Products, 12)
	require.GreaterOrEqual(t, body.TotalCount, 40)

	// Every other read service answers over Connect too.
	_, err = storev1connect.NewShippingServiceClient(http.DefaultClient, base).ListDeliveryOptions(context.Background(), connect.NewRequest(&storev1.ListDeliveryOptionsRequest{}))
	require.NoError(t, err)
	_, err = storev1connect.NewSettingsServiceClient(http.DefaultClient, base).GetStoreSettings(context.Background(), connect.NewRequest(&storev1.GetStoreSettingsRequest{}))
	require.NoError(t, err)
	pg, err := storev1connect.NewContentServiceClient(http.DefaultClient, base, connect.WithProtoJSON()).GetPage(context.Background(), connect.NewRequest(&storev1.GetPageRequest{Slug: "terms"}))
	require.NoError(t, err)
	require.Equal(t, "Terms and Conditions", pg.Msg.GetPage().GetTitle())
	require.Contains(t, pg.Msg.GetPage().GetHtml(), "Consumer Rights Act")
}

func TestOperationalEndpoints(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	require.Equal(t, "ok", getJSON(t, base+"/api/health", 200)["status"])
	require.Equal(t, "ok", getJSON(t, base+"/api/ready", 200)["database"])

	req, _ := http.NewRequest(http.MethodGet, base+"/api/health", nil)
	req.Header.Set("X-Request-ID", "trace-1234567890")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, "trace-1234567890", res.Header.Get("X-Request-ID"))

	res, err = http.Get(base + "/api/health")
	require.NoError(t, err)
	res.Body.Close()
	require.Len(t, res.Header.Get("X-Request-ID"), 24, "a request id is made when none is given")

	unknown := getJSON(t, base+"/api/v1/nothing-here", http.StatusNotFound)
	require.Equal(t, float64(connect.CodeNotFound), unknown["code"])
	getJSON(t, base+"/nothing-here", http.StatusNotFound)
	// A wrong method is 405 in the same shape, whether Vanguard or the mux refuses it.
	for _, path := range []string{"/api/v1/status", "/api/health"} {
		wrong := sendJSON(t, http.MethodPut, base+path, "", http.StatusMethodNotAllowed)
		reason, _ := errorInfo(t, wrong)
		require.Equal(t, "method_not_allowed", reason, path)
	}

	// Bodies over the limit are refused, not read into memory.
	big := strings.NewReader(`{"search":"` + strings.Repeat("a", 2<<20) + `"}`)
	res, err = http.Post(base+"/atelier.store.v1.CatalogService/ListProducts", "application/json", big)
	require.NoError(t, err)
	res.Body.Close()
	require.GreaterOrEqual(t, res.StatusCode, 400)
	require.Less(t, res.StatusCode, 500)
}

func TestServeShutsDownGracefully(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t), "API_ADDR": "127.0.0.1:0", "MEDIA_BUCKET_URL": "file://" + t.TempDir()}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	a, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer a.Close()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, func(s string) { addr <- s }) }()
	res, err := http.Get("http://" + <-addr + "/api/health")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, 200, res.StatusCode)
	cancel()
	require.NoError(t, <-done)
}

func TestConfigRejectsBadValues(t *testing.T) {
	t.Parallel()
	for name, env := range map[string]map[string]string{
		"public url": {"PUBLIC_URL": "localhost:8080"},
		"log format": {"LOG_FORMAT": "xml"},
		"log level":  {"LOG_LEVEL": "loud"},
		"cache ttl":  {"CATALOG_CACHE_TTL": "soon"},
		"shutdown":   {"SHUTDOWN_TIMEOUT": "-1s"},
		"webhooks":   {"WEBHOOK_ALLOW_LOOPBACK": "maybe"},
	} {
		_, err := config.Parse(func(k string) string { return env[k] })
		require.Error(t, err, name)
	}
	cfg, err := config.Parse(func(string) string { return "" })
	require.NoError(t, err)
	require.Equal(t, ":8080", cfg.APIAddr)
	require.Equal(t, "http://localhost:8080", cfg.PublicURL)
	require.False(t, cfg.WebhookAllowLoopback, "loopback webhook endpoints are for tests only, off unless asked")
	u, err := url.Parse(cfg.MediaBucketURL)
	require.NoError(t, err)
	require.Equal(t, "file", u.Scheme)
}

// Partners walk the catalogue by page tokens over REST: every product once, and a token with
// other filters is refused.
func TestRESTPageTokens(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	all := items(getJSON(t, base+"/api/v1/products?page_size=0&sort=price_asc", 200), "products")
	var walked []any
	next := ""
	for range 50 {
		page := getJSON(t, base+"/api/v1/products?page_size=12&sort=price_asc&page_token="+url.QueryEscape(next), 200)
		for _, p := range items(page, "products") {
			walked = append(walked, p["id"])
		}
		if next, _ = page["next_page_token"].(string); next == "" {
			break
		}
	}
	var want []any
	for _, p := range all {
		want = append(want, p["id"])
	}
	require.Equal(t, want, walked)
	first := getJSON(t, base+"/api/v1/products?page_size=6&sort=price_asc", 200)
	refused := getJSON(t, base+"/api/v1/products?page_size=6&sort=name_asc&page_token="+url.QueryEscape(first["next_page_token"].(string)), 400)
	require.Contains(t, fmt.Sprint(refused["details"]), "invalid_page_token")
}
