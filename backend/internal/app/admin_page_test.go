package app

import (
	"context"
	"net/http"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/content"
	"github.com/stretchr/testify/require"
)

// The REST side of the page editor, as the README's curl example uses it: answers carry the
// page's revision as the ETag, If-Match carries it back, a stale one is refused with 409, what was
// stored (sanitised) is answered, and the shop's public page shows a saved edit on the very next
// request.
func TestRESTAdminPages(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	require.NoError(t, s.app.content.Save(context.Background(),
		content.Page{Slug: "privacy", Title: "Privacy Policy", HTML: "<p>We keep little.</p>"}))
	const privacy = "/api/v1/admin/pages/privacy"

	// The shop has read the page once (a cache, if any, would hold it now).
	require.Equal(t, "<p>We keep little.</p>",
		s.call(t, http.MethodGet, "/api/v1/pages/privacy", "", "").require(t, 200)["page"].(jsonMap)["html"])

	got := s.call(t, http.MethodGet, privacy, "", token)
	page := got.require(t, 200)["page"].(jsonMap)
	require.Equal(t, `"1"`, got.header.Get("ETag"))
	require.Equal(t, "no-store", got.header.Get("Cache-Control"))
	require.Equal(t, true, page["built_in"])
	require.Equal(t, "System", page["updated_by"].(jsonMap)["display_name"])

	edited := s.call(t, http.MethodPatch, privacy,
		`{"title": "Privacy", "html": "<p onclick=\"x()\">We keep <a href=\"javascript:alert(1)\">nothing</a>.</p><script>x()</script>"}`,
		token, "If-Match", `"1"`)
	page = edited.require(t, 200)["page"].(jsonMap)
	require.Equal(t, `"2"`, edited.header.Get("ETag"))
	require.Equal(t, "<p>We keep nothing.</p>", page["html"], "the answer is what was stored")
	require.Equal(t, "Ava Sinclair", page["updated_by"].(jsonMap)["display_name"])

	public := s.call(t, http.MethodGet, "/api/v1/pages/privacy", "", "").require(t, 200)["page"].(jsonMap)
	require.Equal(t, "<p>We keep nothing.</p>", public["html"], "the shop shows the edit at once")
	require.Equal(t, "Privacy", public["title"])
	require.Equal(t, page["updated_at"], public["updated_at"])

	stale := s.call(t, http.MethodPatch, privacy, `{"title": "Lost edit"}`, token, "If-Match", `"1"`)
	stale.require(t, 409)
	require.Equal(t, "stale_revision", stale.reason(t))
	require.Contains(t, stale.body["message"], "This page has changed since you opened it: saved by Ava Sinclair at ")
	s.call(t, http.MethodPatch, privacy, `{"title": "No revision"}`, token).require(t, 400)

	builtIn := s.call(t, http.MethodDelete, privacy, "", token, "If-Match", `"2"`)
	builtIn.require(t, 400)
	require.Equal(t, "built_in_page", builtIn.reason(t))

	created := s.call(t, http.MethodPost, "/api/v1/admin/pages",
		`{"slug": "gift-cards", "title": "Gift cards", "html": "<h2>How</h2><a href=\"https://example.com\">Buy</a>"}`, token)
	page = created.require(t, 200)["page"].(jsonMap)
	require.Equal(t, `"1"`, created.header.Get("ETag"))
	require.Equal(t, `<h2>How</h2><a rel="noopener" href="https://example.com">Buy</a>`, page["html"])
	require.Equal(t, false, page["built_in"])
	taken := s.call(t, http.MethodPost, "/api/v1/admin/pages", `{"slug": "gift-cards", "title": "Again"}`, token)
	taken.require(t, 400)
	require.Equal(t, "slug_taken", taken.reason(t))

	list := items(s.call(t, http.MethodGet, "/api/v1/admin/pages", "", token).require(t, 200), "pages")
	require.Equal(t, []string{"privacy", "gift-cards"}, []string{list[0]["slug"].(string), list[1]["slug"].(string)})

	revisions := items(s.call(t, http.MethodGet, privacy+"/revisions", "", token).require(t, 200), "revisions")
	require.Len(t, revisions, 2)
	require.Equal(t, "REVISION_ACTION_UPDATED", revisions[0]["action"])
	require.Equal(t, "REVISION_ACTION_CREATED", revisions[1]["action"], "the seed's page, recorded by the first edit")
	diff := s.call(t, http.MethodGet, privacy+"/revisions/2/diff", "", token).require(t, 200)
	require.Equal(t, "1", diff["base_revision"])
	require.Equal(t, []string{"title", "html"}, fieldNames(items(diff, "changes")))
	require.Equal(t, "Privacy Policy",
		s.call(t, http.MethodGet, privacy+"/revisions/1", "", token).require(t, 200)["revision"].(jsonMap)["page"].(jsonMap)["title"])

	// (The OpenAPI router cannot match a custom method after a path variable, so this call goes
	// unchecked against the document.)
	req := apiRequest(t, http.MethodPost, s.base+privacy+"/revisions/1:restore", token, `{}`, false)
	req.Header.Set("If-Match", `"2"`)
	status, header, restored := doRequest(t, req)
	require.Equal(t, 200, status, "%v", restored)
	require.Equal(t, `"3"`, header.Get("ETag"))
	require.Equal(t, "<p>We keep little.</p>", restored["page"].(jsonMap)["html"])
	require.Equal(t, "<p>We keep little.</p>",
		s.call(t, http.MethodGet, "/api/v1/pages/privacy", "", "").require(t, 200)["page"].(jsonMap)["html"],
		"a restore shows at once too")

	s.call(t, http.MethodDelete, "/api/v1/admin/pages/gift-cards", "", token, "If-Match", `"1"`).require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/pages/gift-cards", "", "").require(t, 404)
}
