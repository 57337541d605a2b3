package app

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/stretchr/testify/require"
)

// door sends a request through the back office's door (/admin/api/ + path) as the back office's
// page would: same-origin, a JSON body, and the cookie when one is given.
func door(t *testing.T, s authShop, method, path, body string, cookie *http.Cookie, headers ...string) (int, http.Header, []byte) {
	t.Helper()
	var in io.Reader
	if body != "" {
		in = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.base+api.BackOfficeAPIPrefix+path, in)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", s.base)
	if cookie != nil {
		req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return raw(t, req)
}

func adminCookieOf(header http.Header) *http.Cookie {
	for _, c := range (&http.Response{Header: header}).Cookies() {
		if c.Name == api.AdminSessionCookie {
			return c
		}
	}
	return nil
}

func doorLogin(t *testing.T, s authShop, email, password string) (int, http.Header, []byte) {
	t.Helper()
	return door(t, s, http.MethodPost, "/api/v1/auth/login", `{"email": "`+email+`", "password": "`+password+`"}`, nil)
}

// The back office reaches the API through its door, /admin/api/: an admin's sign-in there puts
// the session in an HttpOnly cookie (never in the page's hands), which then opens the API's REST
// routes and Connect procedures through the door, and River's UI, but not the API itself.
func TestBackOfficeDoor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := startAdminShop(t)
	register(t, s, "Jane", "jane@example.com", "password1")

	status, header, body := doorLogin(t, s, "ava@example.com", "admin-password")
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Equal(t, "no-store", header.Get("Cache-Control"))
	signedIn := jsonMapOf(t, body)
	require.Equal(t, "ava@example.com", signedIn["user"].(jsonMap)["email"])
	require.Equal(t, "ROLE_ADMIN", signedIn["user"].(jsonMap)["role"])
	session := signedIn["session"].(jsonMap)
	require.Empty(t, session["token"], "the page never sees the token")
	require.NotEmpty(t, session["expires_at"])
	cookie := adminCookieOf(header)
	require.NotNil(t, cookie)
	require.NotEmpty(t, cookie.Value)
	require.NotContains(t, string(body), cookie.Value)
	require.True(t, cookie.HttpOnly)
	require.Equal(t, http.SameSiteStrictMode, cookie.SameSite)
	require.Equal(t, "/admin/", cookie.Path)
	require.False(t, cookie.Expires.IsZero())

	// The cookie opens the API through the door: REST and Connect.
	status, header, body = door(t, s, http.MethodGet, "/api/v1/admin/dashboard", "", cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Equal(t, "no-store", header.Get("Cache-Control"))
	require.Contains(t, jsonMapOf(t, body), "total_orders")
	status, header, body = door(t, s, http.MethodGet, "/api/v1/auth/me", "", cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Equal(t, "ava@example.com", jsonMapOf(t, body)["user"].(jsonMap)["email"])
	require.Equal(t, "no-store", header.Get("Cache-Control"))
	status, _, body = door(t, s, http.MethodPost, "/atelier.admin.v1.DashboardService/GetDashboard", `{}`, cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Contains(t, jsonMapOf(t, body), "periodDays")
	// A public catalogue read through the door is not cached by anyone either.
	status, header, body = door(t, s, http.MethodGet, "/api/v1/categories", "", cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Equal(t, "no-store", header.Get("Cache-Control"))

	// River's UI takes the same cookie.
	jobs, err := http.NewRequest(http.MethodGet, s.base+jobsUIPath, nil)
	require.NoError(t, err)
	jobs.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	status, _, _ = raw(t, jobs)
	require.Equal(t, http.StatusOK, status)

	// The API itself never reads the cookie.
	req, err := http.NewRequest(http.MethodGet, s.base+"/api/v1/admin/dashboard", nil)
	require.NoError(t, err)
	req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	status, header, body = raw(t, req)
	require.Equal(t, http.StatusUnauthorized, status, "%s", body)
	require.Equal(t, "unauthenticated", requireErrorBody(t, header, body, "the cookie on the API"))
	// Nor does signing in on the API, from whatever origin, hand out the cookie.
	require.Nil(t, adminCookieOf(login(t, s, "ava@example.com", "admin-password", "Origin", s.base, "Sec-Fetch-Site", "same-origin").header))

	// What another site can make a browser send is refused before anything happens.
	type refusal struct {
		name    string
		method  string
		path    string
		body    string
		headers []string
		status  int
		reason  string
	}
	for _, c := range []refusal{
		{"a cross-site post", http.MethodPost, "/api/v1/auth/logout", `{}`, []string{"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"},
			http.StatusForbidden, "cross_origin_request"},
		{"another site's Origin", http.MethodPost, "/api/v1/auth/logout", `{}`, []string{"Sec-Fetch-Site", "", "Origin", "https://evil.example"},
			http.StatusForbidden, "cross_origin_request"},
		{"a same-site subdomain", http.MethodPost, "/api/v1/auth/logout", `{}`, []string{"Sec-Fetch-Site", "same-site", "Origin", ""},
			http.StatusForbidden, "cross_origin_request"},
		{"a text/plain post", http.MethodPost, "/api/v1/auth/logout", `{}`, []string{"Content-Type", "text/plain"},
			http.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"a form post", http.MethodPost, "/api/v1/auth/logout", `a=b`, []string{"Content-Type", "application/x-www-form-urlencoded"},
			http.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"a multipart post", http.MethodPost, "/atelier.store.v1.AuthService/Logout", `--x--`, []string{"Content-Type", "multipart/form-data; boundary=x"},
			http.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"a path the door does not open", http.MethodGet, "/api/health", "", nil, http.StatusNotFound, "not_found"},
		{"River's UI through the door", http.MethodGet, "/admin/jobs/", "", nil, http.StatusNotFound, "not_found"},
		{"an unknown REST path", http.MethodGet, "/api/v1/no-such-thing", "", nil, http.StatusNotFound, "not_found"},
	} {
		status, header, body := door(t, s, c.method, c.path, c.body, cookie, c.headers...)
		require.Equal(t, c.status, status, "%s: %s", c.name, body)
		require.Equal(t, c.reason, requireErrorBody(t, header, body, c.name))
		require.Equal(t, "no-store", header.Get("Cache-Control"), c.name)
	}
	// An image upload's body is not a form's.
	status, header, body = door(t, s, http.MethodPost, "/api/v1/admin/products/00000000-0000-0000-0000-000000000000/images?alt=x",
		"not really an image", cookie, "Content-Type", "image/jpeg")
	require.NotEqual(t, http.StatusUnsupportedMediaType, status, "%s", body)
	require.NotEqual(t, "unsupported_media_type", requireErrorBody(t, header, body, "an upload"))

	// A customer cannot use the back office: refused, and the session just made is ended.
	var before int
	require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT count(*) FROM sessions s JOIN accounts a ON a.id = s.account_id
		WHERE a.email = 'jane@example.com' AND s.revoked_at IS NULL`).Scan(&before))
	status, header, body = doorLogin(t, s, "jane@example.com", "password1")
	require.Equal(t, http.StatusForbidden, status, "%s", body)
	require.Equal(t, "admin_only", requireErrorBody(t, header, body, "a customer's sign-in"))
	require.Contains(t, string(body), "This account cannot use the back office.")
	require.Nil(t, adminCookieOf(header))
	var live, made int
	require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE s.revoked_at IS NULL), count(*) FROM sessions s
		JOIN accounts a ON a.id = s.account_id WHERE a.email = 'jane@example.com'`).Scan(&live, &made))
	require.Equal(t, before, live, "the customer's new session no longer works")
	require.Equal(t, before+1, made)
	// A wrong password through the door is the usual answer.
	status, header, body = doorLogin(t, s, "jane@example.com", "wrong-password")
	require.Equal(t, http.StatusUnauthorized, status, "%s", body)
	require.Equal(t, "invalid_credentials", requireErrorBody(t, header, body, "a wrong password"))
	status, header, _ = door(t, s, http.MethodPost, "/api/v1/auth/login", `{"email": "ava@example.com", "password": "wrong"}`, cookie)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Nil(t, adminCookieOf(header), "a failed sign-in leaves the live session's cookie alone")

	// Signing out through the door ends the session and removes the cookie.
	status, header, body = door(t, s, http.MethodPost, "/api/v1/auth/logout", `{}`, cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	cleared := adminCookieOf(header)
	require.NotNil(t, cleared)
	require.Equal(t, -1, cleared.MaxAge, "signing out removes the cookie")
	status, header, body = door(t, s, http.MethodGet, "/api/v1/auth/me", "", cookie)
	require.Equal(t, http.StatusUnauthorized, status, "%s", body)
	require.Equal(t, "unauthenticated", requireErrorBody(t, header, body, "a dead cookie"))
	cleared = adminCookieOf(header)
	require.NotNil(t, cleared, "a cookie naming no session is removed")
	require.Equal(t, -1, cleared.MaxAge)
	status, _, _ = raw(t, jobs)
	require.Equal(t, http.StatusUnauthorized, status, "River's UI is closed too")
}

// An admin with a second factor signs in to the back office with their code: the door passes
// totp_required on, and the sign-in with the code gets the cookie.
func TestBackOfficeDoorTwoFactor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := &testClock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
	s := startAuthShopWith(t, nil, account.WithClock(clock.now))
	_, _, err := s.app.accounts.CreateOrPromoteAdmin(ctx, account.Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
	require.NoError(t, err)

	// Not enrolled yet: the back office is where they enrol, so they get in.
	status, header, body := doorLogin(t, s, "ava@example.com", "admin-password")
	require.Equal(t, http.StatusOK, status, "%s", body)
	cookie := adminCookieOf(header)
	require.NotNil(t, cookie)
	status, _, body = door(t, s, http.MethodGet, "/api/v1/auth/me", "", cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Equal(t, true, jsonMapOf(t, body)["user"].(jsonMap)["totp_enrolment_required"])
	status, _, body = door(t, s, http.MethodPost, "/api/v1/auth/totp/setup", `{"current_password": "admin-password"}`, cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)
	secret := jsonMapOf(t, body)["secret"].(string)
	status, _, body = door(t, s, http.MethodPost, "/api/v1/auth/totp/enable", `{"code": "`+totp(t, secret, clock.now())+`"}`, cookie)
	require.Equal(t, http.StatusOK, status, "%s", body)

	clock.advance(30 * time.Second)
	status, header, body = doorLogin(t, s, "ava@example.com", "admin-password")
	require.Equal(t, http.StatusBadRequest, status, "%s", body)
	require.Equal(t, "totp_required", requireErrorBody(t, header, body, "no code"))
	require.Nil(t, adminCookieOf(header))
	status, header, body = door(t, s, http.MethodPost, "/api/v1/auth/login",
		`{"email": "ava@example.com", "password": "admin-password", "totp_code": "`+totp(t, secret, clock.now())+`"}`, nil)
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.NotNil(t, adminCookieOf(header))
	require.Empty(t, jsonMapOf(t, body)["session"].(jsonMap)["token"])
}

// With BACKOFFICE_DIR set, the server serves the back office's build under /admin/: its files as
// they are (the hashed assets for good), index.html for every other page of the app, and
// nothing from outside the folder; the door and River's UI keep their own routes.
func TestBackOfficeApp(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "dist")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "assets"), 0o750))
	index := `<!doctype html><div id="root"></div><script type="module" src="/admin/assets/index-abc123.js"></script>`
	files := map[string]string{
		"index.html":             index,
		"assets/index-abc123.js": "console.log('back office')",
		"favicon.svg":            "<svg/>",
		".env":                   "SECRET=1",
	}
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(content), 0o600))
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "secret.txt"), []byte("outside"), 0o600))
	require.NoError(t, os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(dir, "link.txt")))
	s := startAuthShop(t, map[string]string{"BACKOFFICE_DIR": dir})

	get := func(method, path string, header ...string) (int, http.Header, string) {
		req, err := http.NewRequest(method, s.base+path, nil)
		require.NoError(t, err)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := client.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, res.Header, string(body)
	}

	for _, page := range []string{"/admin/", "/admin/index.html", "/admin/orders", "/admin/orders/AL-123/", "/admin/products/new?x=1"} {
		status, header, body := get(http.MethodGet, page)
		require.Equal(t, http.StatusOK, status, page)
		require.Equal(t, index, body, page)
		require.Equal(t, "no-cache", header.Get("Cache-Control"), page)
		require.Contains(t, header.Get("Content-Type"), "text/html", page)
		require.Equal(t, "frame-ancestors 'none'", header.Get("Content-Security-Policy"), page)
	}
	status, header, body := get(http.MethodGet, "/admin/assets/index-abc123.js")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, files["assets/index-abc123.js"], body)
	require.Equal(t, "public, max-age=31536000, immutable", header.Get("Cache-Control"))
	require.Contains(t, header.Get("Content-Type"), "javascript")
	status, header, body = get(http.MethodHead, "/admin/assets/index-abc123.js")
	require.Equal(t, http.StatusOK, status)
	require.Empty(t, body)
	require.Equal(t, "public, max-age=31536000, immutable", header.Get("Cache-Control"))
	status, header, body = get(http.MethodGet, "/admin/favicon.svg")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "<svg/>", body)
	require.Equal(t, "no-cache", header.Get("Cache-Control"))

	status, header, _ = get(http.MethodGet, "/admin")
	require.Equal(t, http.StatusMovedPermanently, status)
	require.Equal(t, "/admin/", header.Get("Location"))

	// Refused: a missing asset (not a page), hidden files, the way out of the folder.
	for _, path := range []string{"/admin/assets/index-old.js", "/admin/.env", "/admin/link.txt",
		"/admin/..%2fsecret.txt", "/admin/assets/..%2f..%2fsecret.txt", "/admin/%2e%2e/secret.txt"} {
		status, header, body := get(http.MethodGet, path)
		require.NotContains(t, body, "outside", path)
		require.NotContains(t, body, "SECRET", path)
		if status == http.StatusOK {
			require.Equal(t, index, body, "%s: only ever the app's page", path)
			continue
		}
		require.GreaterOrEqual(t, status, 300, path)
		if status >= 400 {
			requireErrorBody(t, header, []byte(body), path)
		}
	}
	status, header, body = get(http.MethodGet, "/admin/assets/index-old.js")
	require.Equal(t, http.StatusNotFound, status)
	require.Equal(t, "not_found", requireErrorBody(t, header, []byte(body), "a missing asset"))
	status, header, body = get(http.MethodPost, "/admin/orders", "Content-Type", "application/json")
	require.Equal(t, http.StatusMethodNotAllowed, status)
	require.Equal(t, "method_not_allowed", requireErrorBody(t, header, []byte(body), "a post to a page"))

	// The door and River's UI are not pages of the app.
	status, header, body = get(http.MethodGet, "/admin/api/api/v1/auth/me")
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "unauthenticated", requireErrorBody(t, header, []byte(body), "the door"))
	status, header, body = get(http.MethodGet, "/admin/api/nothing-here")
	require.Equal(t, http.StatusNotFound, status)
	require.Equal(t, "not_found", requireErrorBody(t, header, []byte(body), "the door"))
	status, header, body = get(http.MethodGet, jobsUIPath)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "unauthenticated", requireErrorBody(t, header, []byte(body), "River's UI"))
}

// An image upload through the door may be as large as one sent to the API.
func TestBackOfficeUploadBodyLimit(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]int64{
		"/api/v1/admin/products/p1/images":                                              maxUploadBytes,
		api.BackOfficeAPIPrefix + "/api/v1/admin/products/p1/images":                    maxUploadBytes,
		api.BackOfficeAPIPrefix + "/atelier.admin.v1.ProductService/UploadProductImage": maxUploadBytes,
		api.BackOfficeAPIPrefix + "/api/v1/admin/products/p1":                           maxRequestBytes,
		"/admin/api-nope/api/v1/admin/products/p1/images":                               maxRequestBytes,
	} {
		require.Equal(t, want, bodyLimit(httptest.NewRequest(http.MethodPost, path, nil)), path)
	}
}

// A BACKOFFICE_DIR without a build is a mistake found at start, not a blank page later.
func TestBackOfficeDirMustHoldABuild(t *testing.T) {
	t.Parallel()
	_, err := newBackOfficeApp(t.TempDir())
	require.ErrorContains(t, err, "index.html")
	app, err := newBackOfficeApp("")
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/admin/", nil))
	require.Equal(t, http.StatusNotFound, rec.Code)
	require.Equal(t, "not_found", requireErrorBody(t, rec.Header(), rec.Body.Bytes(), "no build"))
}
