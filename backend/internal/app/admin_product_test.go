package app

import (
	"bytes"
	"context"
	"maps"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/stretchr/testify/require"
)

// adminShop is a shop of its own with the demo admin signed in (two-factor authentication
// optional, as under `dev`).
func adminShop(t *testing.T) (authShop, string) {
	t.Helper()
	return adminShopWith(t, nil)
}

// adminShopWith is adminShop with more configuration.
func adminShopWith(t *testing.T, env map[string]string) (authShop, string) {
	t.Helper()
	full := map[string]string{"ADMIN_2FA": "optional"}
	maps.Copy(full, env)
	s := startAuthShop(t, full)
	require.NoError(t, s.app.seedAccounts(context.Background()))
	token := login(t, s, "admin@atelier.test", "atelier-admin-demo").require(t, 200)["session"].(jsonMap)["token"].(string)
	return s, token
}

// The REST side of the catalogue's write side, as the README's curl examples use it: every
// answer with one product carries its revision as the ETag, If-Match carries it back, a stale one
// is refused with 409, and history, diff and restore work over it.
func TestRESTAdminProducts(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	const products = "/api/v1/admin/products"

	created := s.call(t, http.MethodPost, products, `{"name": "Crème Lumière", "price_minor_units": "4500",
		"stock_quantity": 3, "attributes": {"attributes": [{"name": "category", "value": "Maison Lumière"}]},
		"new_category": true}`, token)
	p := created.require(t, 200)["product"].(jsonMap)
	require.Equal(t, `"1"`, created.header.Get("ETag"))
	require.Equal(t, "no-store", created.header.Get("Cache-Control"))
	require.Equal(t, "creme-lumiere", p["slug"])
	require.Equal(t, "1", p["revision"])
	require.Equal(t, true, p["visible"])
	require.Equal(t, "Maison Lumière", p["category"])
	require.Equal(t, "Ava Sinclair", p["updated_by"].(jsonMap)["display_name"])
	id := p["id"].(string)
	one := products + "/" + id

	got := s.call(t, http.MethodGet, one, "", token)
	got.require(t, 200)
	require.Equal(t, `"1"`, got.header.Get("ETag"))
	require.Equal(t, "no-store", got.header.Get("Cache-Control"), "admin answers are never cached")

	edited := s.call(t, http.MethodPatch, one, `{"name": "Crème Lumière Riche", "stock_quantity": 0}`, token, "If-Match", `"1"`)
	require.Equal(t, "Crème Lumière Riche", edited.require(t, 200)["product"].(jsonMap)["name"])
	require.Equal(t, `"2"`, edited.header.Get("ETag"))
	require.Equal(t, "creme-lumiere", edited.body["product"].(jsonMap)["slug"], "a rename keeps the slug")

	stale := s.call(t, http.MethodPatch, one, `{"name": "Lost edit"}`, token, "If-Match", `"1"`)
	stale.require(t, 409)
	require.Equal(t, "stale_revision", stale.reason(t))
	require.Contains(t, stale.body["message"], "saved by Ava Sinclair at ")
	require.Contains(t, stale.body["message"], "(revision 2); reload to see their changes")
	_, meta := errorInfo(t, stale.body)
	require.Equal(t, "2", meta["current_revision"])

	for name, c := range map[string]struct {
		header []string
		reason string
	}{
		"no revision": {reason: "revision_required"},
		"weak tag":    {header: []string{"If-Match", `W/"2"`}, reason: "malformed_if_match"},
		"unquoted":    {header: []string{"If-Match", `2`}, reason: "malformed_if_match"},
		"any":         {header: []string{"If-Match", `*`}, reason: "malformed_if_match"},
	} {
		refused := s.call(t, http.MethodPatch, one, `{"name": "Nope"}`, token, c.header...)
		refused.require(t, 400)
		require.Equal(t, c.reason, refused.reason(t), name)
	}
	// The field wins over the header; on REST it is a query parameter.
	byField := s.call(t, http.MethodPatch, one+"?expected_revision=2", `{"description": "Rich."}`, token, "If-Match", `"1"`)
	byField.require(t, 200)
	require.Equal(t, `"3"`, byField.header.Get("ETag"))

	list := s.call(t, http.MethodGet, products+"?search=RICHE&stock_level=STOCK_LEVEL_OUT_OF_STOCK", "", token).require(t, 200)
	require.Equal(t, float64(1), list["total_count"])
	require.Equal(t, id, items(list, "products")[0]["id"])

	revisions := items(s.call(t, http.MethodGet, one+"/revisions", "", token).require(t, 200), "revisions")
	require.Len(t, revisions, 3)
	require.Equal(t, "REVISION_ACTION_UPDATED", revisions[0]["action"])
	diff := s.call(t, http.MethodGet, one+"/revisions/2/diff", "", token).require(t, 200)
	require.Equal(t, "1", diff["base_revision"])
	require.Equal(t, []string{"name", "stock"}, fieldNames(items(diff, "changes")))

	// (The OpenAPI router cannot match a custom method after a path variable, so this call goes
	// unchecked against the document.)
	req := apiRequest(t, http.MethodPost, s.base+one+"/revisions/1:restore", token, `{}`, false)
	req.Header.Set("If-Match", `"3"`)
	status, header, restore := doRequest(t, req)
	require.Equal(t, 200, status, "%v", restore)
	require.Equal(t, "Crème Lumière", restore["product"].(jsonMap)["name"])
	require.Equal(t, `"4"`, header.Get("ETag"))
	require.Equal(t, "REVISION_ACTION_RESTORED",
		s.call(t, http.MethodGet, one+"/revisions/4", "", token).require(t, 200)["revision"].(jsonMap)["action"])

	unpublished := s.call(t, http.MethodPost, products+":setPublished", `{"product_ids": ["`+id+`"], "published": false}`, token).require(t, 200)
	require.Equal(t, false, items(unpublished, "products")[0]["published"])

	archived := s.call(t, http.MethodDelete, one, "", token, "If-Match", `"5"`)
	require.NotEmpty(t, archived.require(t, 200)["product"].(jsonMap)["archived_at"])
	s.call(t, http.MethodGet, "/api/v1/products/creme-lumiere", "", "").require(t, 404)
	require.Equal(t, []any{"Maison Lumière"},
		s.call(t, http.MethodGet, "/api/v1/admin/product-categories", "", token).require(t, 200)["categories"])
}

func fieldNames(changes []jsonMap) []string {
	out := []string{}
	for _, c := range changes {
		out = append(out, c["field"].(string))
	}
	return out
}

// Two admins save the same revision over REST at the same moment: one wins, the other gets 409.
func TestRESTConcurrentAdminEdits(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	p := s.call(t, http.MethodPost, "/api/v1/admin/products", `{"name": "Shared Balm"}`, token).require(t, 200)["product"].(jsonMap)
	one := "/api/v1/admin/products/" + p["id"].(string)
	statuses := make(chan int, 2)
	for _, name := range []string{"First", "Second"} {
		req := apiRequest(t, http.MethodPatch, s.base+one, token, `{"name": "`+name+`"}`, false)
		req.Header.Set("If-Match", `"1"`)
		go func() {
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			_ = res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	got := []int{<-statuses, <-statuses}
	require.ElementsMatch(t, []int{200, 409}, got)
	require.Equal(t, "2", s.call(t, http.MethodGet, one, "", token).require(t, 200)["product"].(jsonMap)["revision"])
}

// fakeIntake stands in for the media library: JPEG magic bytes make a 40×30 image, anything
// else is refused; originals are kept in memory.
type fakeIntake struct {
	mu    sync.Mutex
	saved map[string]int
}

func (f *fakeIntake) Inspect(data []byte) (api.UploadInfo, error) {
	switch {
	case len(data) == 0:
		return api.UploadInfo{}, apperr.Invalid("file", "empty_image", "the file is empty")
	case !bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return api.UploadInfo{}, apperr.Invalid("file", "unsupported_image_type", "not a JPEG, PNG, WebP or AVIF image")
	}
	return api.UploadInfo{Width: 40, Height: 30, ContentType: "image/jpeg", Size: int64(len(data)), LargeFileWarning: len(data) > 2<<20}, nil
}

func (f *fakeIntake) SaveOriginal(_ context.Context, id string, data []byte, _ api.UploadInfo) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.saved[id] = len(data)
	return "originals/" + id, nil
}

// upload sends bytes as an image upload's REST body.
func upload(t *testing.T, s authShop, token, productID, query string, data []byte) (int, jsonMap) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.base+"/api/v1/admin/products/"+productID+"/images"+query, bytes.NewReader(data))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "image/jpeg")
	req.Header.Set("Authorization", "Bearer "+token)
	return doJSON(t, req)
}

// Images over REST: the upload's body is the file's bytes, answered at once with the image in
// state processing; alt text, primary, order and deletion each write a revision.
func TestRESTAdminProductImages(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	intake := &fakeIntake{saved: map[string]int{}}
	s.app.imageIntake = intake
	h, err := s.app.Handler()
	require.NoError(t, err)
	s.srv.Config.Handler = h

	p := s.call(t, http.MethodPost, "/api/v1/admin/products", `{"name": "Pictured Balm"}`, token).require(t, 200)["product"].(jsonMap)
	id := p["id"].(string)
	jpeg := append([]byte{0xFF, 0xD8, 0xFF}, make([]byte, 1000)...)

	status, first := upload(t, s, token, id, "", jpeg)
	require.Equal(t, 200, status, "%v", first)
	img := first["image"].(jsonMap)
	require.Equal(t, "IMAGE_STATE_PROCESSING", img["state"])
	require.Equal(t, "Pictured Balm", img["alt"], "alt text defaults to the name")
	require.Equal(t, true, img["primary"])
	require.Equal(t, float64(40), img["width"])
	require.Equal(t, "2", first["product"].(jsonMap)["revision"])
	require.Empty(t, first["warnings"])
	var events int
	require.NoError(t, s.app.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM outbox WHERE topic = 'image.uploaded' AND payload->>'image_id' = $1`, img["id"]).Scan(&events))
	require.Equal(t, 1, events)

	large := append([]byte{0xFF, 0xD8, 0xFF}, make([]byte, 3<<20)...)
	status, second := upload(t, s, token, id, "?alt=Side%20view&expected_revision=2", large)
	require.Equal(t, 200, status, "%v", second)
	require.Equal(t, "large_file", items(second, "warnings")[0]["reason"])
	require.Equal(t, "Side view", second["image"].(jsonMap)["alt"])
	require.Len(t, intake.saved, 2)

	for name, c := range map[string]struct {
		query  string
		data   []byte
		status int
		reason string
	}{
		"not an image":   {data: []byte("GIF89a"), status: 400, reason: "unsupported_image_type"},
		"empty":          {data: []byte{}, status: 400, reason: "empty_image"},
		"stale":          {query: "?expected_revision=1", data: jpeg, status: 409, reason: "stale_revision"},
		"over the limit": {data: make([]byte, 21<<20), status: 413, reason: "request_too_large"},
	} {
		status, out := upload(t, s, token, id, c.query, c.data)
		require.Equal(t, c.status, status, "%s: %v", name, out)
		r, _ := errorInfo(t, out)
		require.Equal(t, c.reason, r, name)
	}
	require.Len(t, intake.saved, 2, "a refused upload stores nothing")

	one := "/api/v1/admin/products/" + id
	second2 := second["image"].(jsonMap)["id"].(string)
	primary := s.call(t, http.MethodPatch, one+"/images/"+second2, `{"primary": true, "alt": "Side"}`, token, "If-Match", `"3"`)
	got := items(primary.require(t, 200)["product"].(jsonMap), "images")
	require.Equal(t, []any{false, true}, []any{got[0]["primary"], got[1]["primary"]})
	require.Equal(t, `"4"`, primary.header.Get("ETag"))

	req := apiRequest(t, http.MethodPost, s.base+one+"/images:reorder", token, `{"image_ids": ["`+second2+`", "`+img["id"].(string)+`"]}`, false)
	status, header, reordered := doRequest(t, req)
	require.Equal(t, 200, status, "%v", reordered)
	require.Equal(t, second2, items(reordered["product"].(jsonMap), "images")[0]["id"])
	require.Equal(t, `"5"`, header.Get("ETag"))

	deleted := s.call(t, http.MethodDelete, one+"/images/"+second2, "", token).require(t, 200)
	left := items(deleted["product"].(jsonMap), "images")
	require.Len(t, left, 1)
	require.Equal(t, true, left[0]["primary"], "the first remaining image becomes primary")
	revisions := items(s.call(t, http.MethodGet, one+"/revisions", "", token).require(t, 200), "revisions")
	require.Equal(t, "REVISION_ACTION_IMAGES_CHANGED", revisions[0]["action"])
	require.True(t, strings.HasPrefix(revisions[0]["actor"].(jsonMap)["display_name"].(string), "Ava"))
}
