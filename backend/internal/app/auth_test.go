package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/jackc/pgx/v5"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/stretchr/testify/require"
)

// authShop is a server of its own over an empty database: throttling counts per client address,
// and every request of these tests comes from 127.0.0.1, so sharing a server would make them
// count each other's failures.
type authShop struct {
	base   string
	app    *App
	router routers.Router
	srv    *httptest.Server
}

func startAuthShop(t *testing.T, env map[string]string) authShop {
	t.Helper()
	return startAuthShopWith(t, env)
}

// startAuthShopWith starts the shop with extra account service options (a clock).
func startAuthShopWith(t *testing.T, env map[string]string, opts ...account.Option) authShop {
	t.Helper()
	ctx := context.Background()
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	full := map[string]string{
		"DATABASE_URL":      dbtest.URL(t),
		"PUBLIC_URL":        srv.URL,
		"MEDIA_BUCKET_URL":  "file://" + t.TempDir(),
		"CATALOG_CACHE_TTL": "0",
		"STOREFRONT_URL":    "https://shop.example",
		// Every test's requests come from one address; apikey_test.go sets limits of its own.
		"RATE_LIMIT_PER_CLIENT": "0",
	}
	maps.Copy(full, env)
	cfg, err := config.Parse(func(k string) string { return full[k] })
	require.NoError(t, err)
	a, err := New(ctx, cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(a.Close)
	// Production hashing costs 64 MiB a time; these tests hash dozens of times under -race.
	a.accounts = newAccounts(a.pool, cfg, append([]account.Option{account.WithHashParams(account.HashParams{Memory: 1024, Time: 1, Threads: 1})}, opts...)...)
	a.authn = a.accounts // the same clock for every rule
	h, err := a.Handler()
	require.NoError(t, err)
	srv.Config.Handler = h
	return authShop{base: srv.URL, app: a, router: documentRouter(t, srv.URL), srv: srv}
}

// documentRouter finds requests to base in the OpenAPI document, for calls checked against it.
func documentRouter(t *testing.T, base string) routers.Router {
	t.Helper()
	spec, err := os.ReadFile("../../../openapi/openapi.yaml")
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(spec)
	require.NoError(t, err)
	doc.Servers = openapi3.Servers{{URL: base}}
	router, err := legacy.NewRouter(doc)
	require.NoError(t, err)
	return router
}

// answer is a REST response: status, headers, raw and decoded body.
type answer struct {
	status int
	header http.Header
	raw    []byte
	body   jsonMap
}

// call makes a REST request with an optional bearer token and extra headers, and checks both the
// request and the response against the OpenAPI document.
func (s authShop) call(t *testing.T, method, path, body, token string, headers ...string) answer {
	t.Helper()
	newReq := func() *http.Request {
		var in io.Reader
		if body != "" {
			in = strings.NewReader(body)
		}
		req, err := http.NewRequest(method, s.base+path, in)
		require.NoError(t, err)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		return req
	}
	req := newReq()
	route, params, err := s.router.FindRoute(req)
	require.NoError(t, err, "%s %s is in the document", method, path)
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	// A request the document rules out (it states the protovalidate rules) must be one the server
	// refuses as invalid: the document never forbids what the server takes.
	invalid := openapi3filter.ValidateRequest(context.Background(), in)
	res, err := http.DefaultClient.Do(newReq())
	require.NoError(t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	if invalid != nil {
		require.Equal(t, http.StatusBadRequest, res.StatusCode, "%s %s breaks the document (%v) but got %s", method, path, invalid, raw)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode, Header: res.Header,
		Body: io.NopCloser(bytes.NewReader(raw)), Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	require.NoError(t, openapi3filter.ValidateResponse(context.Background(), out), "%s %s: %s", method, path, raw)
	a := answer{status: res.StatusCode, header: res.Header, raw: raw}
	require.NoError(t, json.Unmarshal(raw, &a.body), string(raw))
	return a
}

func (a answer) require(t *testing.T, status int) jsonMap {
	t.Helper()
	require.Equal(t, status, a.status, "%s", a.raw)
	return a.body
}

// reason is the ErrorInfo reason of an error answer.
func (a answer) reason(t *testing.T) string {
	t.Helper()
	r, _ := errorInfo(t, a.body)
	return r
}

func register(t *testing.T, s authShop, first, email, password string) (user jsonMap, token string) {
	t.Helper()
	body := s.call(t, http.MethodPost, "/api/v1/auth/register",
		`{"first_name": "`+first+`", "last_name": "Tester", "email": "`+email+`", "password": "`+password+`"}`, "").require(t, 200)
	return body["user"].(jsonMap), body["session"].(jsonMap)["token"].(string)
}

func login(t *testing.T, s authShop, email, password string, headers ...string) answer {
	t.Helper()
	return s.call(t, http.MethodPost, "/api/v1/auth/login", `{"email": "`+email+`", "password": "`+password+`"}`, "", headers...)
}

func TestRESTAuthFlow(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, nil)

	user, first := register(t, s, "Jane", "Jane@Example.com", "password1")
	require.Equal(t, "jane@example.com", user["email"])
	require.Equal(t, "ROLE_CUSTOMER", user["role"])

	dup := s.call(t, http.MethodPost, "/api/v1/auth/register",
		`{"first_name": "J", "last_name": "D", "email": "JANE@example.com", "password": "password2"}`, "")
	require.Equal(t, "An account with this email already exists.", dup.require(t, 409)["message"])
	require.Equal(t, "email_taken", dup.reason(t))
	short := s.call(t, http.MethodPost, "/api/v1/auth/register",
		`{"first_name": "J", "last_name": "D", "email": "j@example.com", "password": "1234567"}`, "")
	short.require(t, 400)
	// The contract's own rule speaks the product's words, with no field prefix, and its own reason.
	require.Equal(t, "Password must be at least 8 characters", short.body["message"])
	require.Equal(t, "password_too_short", short.reason(t))

	in := login(t, s, "jane@example.com", "password1")
	session := in.require(t, 200)["session"].(jsonMap)
	token := session["token"].(string)
	require.NotEqual(t, first, token)
	require.NotEmpty(t, session["expires_at"])
	require.Equal(t, "no-store", in.header.Get("Cache-Control"), "a token is never cached")

	me := s.call(t, http.MethodGet, "/api/v1/auth/me", "", token).require(t, 200)["user"].(jsonMap)
	require.Equal(t, user["id"], me["id"])
	updated := s.call(t, http.MethodPatch, "/api/v1/auth/me",
		`{"first_name": "Janet", "last_name": "Tester", "email": "jane@example.com"}`, token).require(t, 200)["user"].(jsonMap)
	require.Equal(t, "Janet", updated["first_name"])

	s.call(t, http.MethodPost, "/api/v1/auth/logout", "{}", token).require(t, 200)
	gone := s.call(t, http.MethodGet, "/api/v1/auth/me", "", token)
	gone.require(t, 401)
	require.Equal(t, "unauthenticated", gone.reason(t))
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", first).require(t, 200) // the other session lives on
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", "").require(t, 401)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", "made-up-token").require(t, 401)

	// Changing the password keeps this session and ends every other.
	second := login(t, s, "jane@example.com", "password1").require(t, 200)["session"].(jsonMap)["token"].(string)
	wrong := s.call(t, http.MethodPost, "/api/v1/auth/password", `{"current_password": "nope", "new_password": "new-password"}`, first)
	require.Equal(t, "Current password is incorrect", wrong.require(t, 400)["message"])
	s.call(t, http.MethodPost, "/api/v1/auth/password", `{"current_password": "password1", "new_password": "new-password"}`, first).require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", first).require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", second).require(t, 401)
	third := login(t, s, "jane@example.com", "new-password").require(t, 200)["session"].(jsonMap)["token"].(string)

	// Moving the account to another address takes the password, and ends every other session.
	move := `{"first_name": "Janet", "last_name": "Tester", "email": "janet@example.com"%s}`
	unconfirmed := s.call(t, http.MethodPatch, "/api/v1/auth/me", fmt.Sprintf(move, ""), first)
	unconfirmed.require(t, 400)
	require.Equal(t, "current_password_required", unconfirmed.reason(t))
	moved := s.call(t, http.MethodPatch, "/api/v1/auth/me", fmt.Sprintf(move, `, "current_password": "new-password"`), first)
	require.Equal(t, "janet@example.com", moved.require(t, 200)["user"].(jsonMap)["email"])
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", first).require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", third).require(t, 401)
	login(t, s, "janet@example.com", "new-password").require(t, 200)
}

// A wrong password and an unknown address get byte-for-byte the same answer.
func TestRESTLoginFailuresLookAlike(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, nil)
	register(t, s, "Jane", "jane@example.com", "password1")
	wrong := login(t, s, "jane@example.com", "password2")
	unknown := login(t, s, "nobody@example.com", "password1")
	require.Equal(t, "Invalid credentials", wrong.require(t, 401)["message"])
	require.Equal(t, "invalid_credentials", wrong.reason(t))
	require.Equal(t, 401, unknown.status)
	require.Equal(t, string(wrong.raw), string(unknown.raw))
}

func TestRESTLoginThrottle(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1"})
	register(t, s, "Jane", "jane@example.com", "password1")

	for range 5 {
		login(t, s, "jane@example.com", "wrong-password").require(t, 401)
	}
	throttled := login(t, s, "jane@example.com", "password1")
	requireThrottled(t, throttled, "too_many_attempts", 851, 900) // about 15 minutes
	require.Equal(t, "Too many sign-in attempts. Please try again in 15 minutes.", throttled.body["message"])

	// An unknown address is throttled the same way, so the answer tells nothing.
	for range 5 {
		login(t, s, "nobody@example.com", "wrong-password").require(t, 401)
	}
	other := login(t, s, "nobody@example.com", "password1")
	require.Equal(t, 429, other.status)
	require.Equal(t, throttled.body["message"], other.body["message"])

	// Per client: a trusted proxy's X-Forwarded-For names it. Twenty failures over as many
	// addresses shut that client out, and nobody else.
	const client = "198.51.100.1"
	for i := range 20 {
		login(t, s, "guess"+strconv.Itoa(i)+"@example.com", "wrong-password", "X-Forwarded-For", "10.9.8.7, "+client).require(t, 401)
	}
	login(t, s, "olivia@example.com", "password1", "X-Forwarded-For", client).require(t, 429)
	login(t, s, "olivia@example.com", "password1", "X-Forwarded-For", client+", 198.51.100.2").require(t, 401)

	// Connect clients get the same code and the header too.
	c := storev1connect.NewAuthServiceClient(http.DefaultClient, s.base)
	_, err := c.Login(context.Background(), connect.NewRequest(&storev1.LoginRequest{Email: "jane@example.com", Password: "password1"}))
	var ce *connect.Error
	require.ErrorAs(t, err, &ce, "%v", err)
	require.Equal(t, connect.CodeResourceExhausted, ce.Code())
	require.NotEmpty(t, ce.Meta().Get("Retry-After"))
}

// The whole reset flow as a shopper lives it: the request over REST, the outbox relayed to the
// job runner, the e-mail at a real SMTP server, and the link from that e-mail used on the
// confirm endpoint. The job's arguments carry no token.
func TestRESTPasswordReset(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mailbox := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true})
	require.NoError(t, mailbox.Start())
	t.Cleanup(func() { _ = mailbox.Stop() })
	s := startAuthShop(t, map[string]string{"SMTP_URL": fmt.Sprintf("smtp://127.0.0.1:%d", mailbox.PortNumber()),
		"OUTBOX_POLL_INTERVAL": "50ms"})
	require.NoError(t, s.app.startJobs(ctx))
	t.Cleanup(s.app.stopJobs)
	_, token := register(t, s, "Jane", "jane@example.com", "password1")

	known := s.call(t, http.MethodPost, "/api/v1/auth/password-reset", `{"email": "jane@example.com"}`, "")
	unknown := s.call(t, http.MethodPost, "/api/v1/auth/password-reset", `{"email": "nobody@example.com"}`, "")
	require.Equal(t, 200, known.status)
	require.Equal(t, 200, unknown.status)
	require.Equal(t, string(known.raw), string(unknown.raw), "the same answer whether or not the address is registered")

	var raw string
	require.Eventually(t, func() bool {
		for _, m := range mailbox.Messages() {
			if m.IsConsistent() && strings.HasPrefix(m.MsgResponse(), "250") {
				require.Equal(t, "RCPT TO:<jane@example.com>", m.RcpttoRequestResponse()[0][0])
				raw = m.MsgRequest()
				return true
			}
		}
		return false
	}, 20*time.Second, 20*time.Millisecond, "the reset e-mail arrives")
	var jobArgs []string
	require.Eventually(t, func() bool {
		rows, err := s.app.pool.Query(ctx, `SELECT args::text FROM river_job WHERE kind = 'email.password_reset' AND state = 'completed'`)
		require.NoError(t, err)
		jobArgs, err = pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return len(jobArgs) == 1
	}, 20*time.Second, 20*time.Millisecond)
	var resetJobs int
	require.NoError(t, s.app.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'email.password_reset'`).Scan(&resetJobs))
	require.Equal(t, 1, resetJobs, "an e-mail only for the registered address")

	found := regexp.MustCompile(`https://shop\.example/reset-password\?token=[A-Za-z0-9_-]+`).
		FindString(strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(raw)) // quoted-printable
	require.NotEmpty(t, found, "a link built from STOREFRONT_URL in %s", raw)
	link, err := url.Parse(found)
	require.NoError(t, err)
	resetToken := link.Query().Get("token")
	require.NotContains(t, jobArgs[0], resetToken, "the token is in no job argument")
	require.NotContains(t, jobArgs[0], "token")

	body := `{"token": "` + resetToken + `", "new_password": "brand-new-password"}`
	s.call(t, http.MethodPost, "/api/v1/auth/password-reset/confirm", body, "").require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", token).require(t, 401) // every session ended
	login(t, s, "jane@example.com", "brand-new-password").require(t, 200)
	again := s.call(t, http.MethodPost, "/api/v1/auth/password-reset/confirm", body, "")
	require.Equal(t, "This password reset link is invalid or has expired.", again.require(t, 400)["message"])
	require.Equal(t, "invalid_reset_token", again.reason(t))
}

// Registrations are throttled per client, with the same 429 and Retry-After as sign-ins.
func TestRESTRegisterThrottle(t *testing.T) {
	t.Parallel()
	s := startAuthShop(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1"})
	signUp := func(email, client string) answer {
		return s.call(t, http.MethodPost, "/api/v1/auth/register",
			`{"first_name": "Jane", "last_name": "Tester", "email": "`+email+`", "password": "password1"}`, "", "X-Forwarded-For", client)
	}
	const client = "198.51.100.1"
	for i := range 10 {
		signUp("shopper"+strconv.Itoa(i)+"@example.com", client).require(t, 200)
	}
	throttled := signUp("one-more@example.com", client)
	requireThrottled(t, throttled, "too_many_requests", 3501, 3600) // about an hour
	require.Equal(t, "Too many registrations from your network. Please try again in 60 minutes.", throttled.body["message"])
	// Another address of the same IPv6 /64 is the same client; another client is not.
	for i := range 10 {
		signUp("v6-"+strconv.Itoa(i)+"@example.com", "2001:db8:7:7::"+strconv.Itoa(i+1)).require(t, 200)
	}
	signUp("v6-more@example.com", "2001:db8:7:7:ffff::1").require(t, 429)
	signUp("one-more@example.com", "198.51.100.2").require(t, 200)
}

// signedInAdmin is the admin startAdminShop makes (ava@example.com, "admin-password") and a
// session of theirs.
type signedInAdmin struct {
	account.User
	token string
}

// startAdminShop starts a shop whose admins need no second factor, with one admin signed in.
func startAdminShop(t *testing.T) (authShop, signedInAdmin) {
	t.Helper()
	s := startAuthShop(t, map[string]string{"ADMIN_2FA": "optional"})
	u, _, err := s.app.accounts.CreateOrPromoteAdmin(context.Background(),
		account.Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
	require.NoError(t, err)
	token := login(t, s, "ava@example.com", "admin-password").require(t, 200)["session"].(jsonMap)["token"].(string)
	return s, signedInAdmin{User: u, token: token}
}

func TestRESTAdminAccounts(t *testing.T) {
	t.Parallel()
	// The rules of roles, apart from two-factor authentication (TestRESTTwoFactor).
	s, admin := startAdminShop(t)
	adminToken := admin.token
	customer, customerToken := register(t, s, "Jane", "jane@example.com", "password1")
	register(t, s, "Olivia", "olivia@example.com", "password1")

	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", "").require(t, 401)
	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", customerToken).require(t, 403)

	page := s.call(t, http.MethodGet, "/api/v1/admin/accounts?page_size=2", "", adminToken).require(t, 200)
	accounts := items(page, "accounts")
	require.Len(t, accounts, 2)
	require.Equal(t, "olivia@example.com", accounts[0]["email"], "newest first")
	next := page["next_page_token"].(string)
	require.NotEmpty(t, next)
	rest := s.call(t, http.MethodGet, "/api/v1/admin/accounts?page_size=2&page_token="+url.QueryEscape(next), "", adminToken).require(t, 200)
	require.Len(t, items(rest, "accounts"), 1)
	require.Equal(t, "ava@example.com", items(rest, "accounts")[0]["email"])
	require.NotEmpty(t, items(rest, "accounts")[0]["last_login_at"])
	require.Empty(t, rest["next_page_token"])
	found := s.call(t, http.MethodGet, "/api/v1/admin/accounts?query=JANE", "", adminToken).require(t, 200)
	require.Len(t, items(found, "accounts"), 1)

	role := "/api/v1/admin/accounts/" + customer["id"].(string) + "/role"
	promoted := s.call(t, http.MethodPatch, role, `{"role": "ROLE_ADMIN"}`, adminToken).require(t, 200)
	require.Equal(t, "ROLE_ADMIN", promoted["account"].(jsonMap)["role"])
	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", customerToken).require(t, 200) // at once
	own := s.call(t, http.MethodPatch, "/api/v1/admin/accounts/"+admin.ID+"/role", `{"role": "ROLE_CUSTOMER"}`, adminToken)
	own.require(t, 400)
	require.Equal(t, "own_role", own.reason(t))
	s.call(t, http.MethodPatch, "/api/v1/admin/accounts/8d6b2f7e-4a1c-4e0b-9a52-0f1d2c3b4a59/role", `{"role": "ROLE_ADMIN"}`, adminToken).require(t, 404)
	admins := s.call(t, http.MethodGet, "/api/v1/admin/accounts?role=ROLE_ADMIN", "", adminToken).require(t, 200)
	require.Len(t, items(admins, "accounts"), 2)
	s.call(t, http.MethodPatch, role, `{"role": "ROLE_CUSTOMER"}`, adminToken).require(t, 200)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", customerToken).require(t, 401) // withdrawing the role signs out
	customers := s.call(t, http.MethodGet, "/api/v1/admin/accounts?role=ROLE_CUSTOMER", "", adminToken).require(t, 200)
	require.Len(t, items(customers, "accounts"), 2)

	// Signing an account out everywhere.
	_, oliviaToken := register(t, s, "Olivia", "olivia2@example.com", "password1")
	olivia := s.call(t, http.MethodGet, "/api/v1/auth/me", "", oliviaToken).require(t, 200)["user"].(jsonMap)
	revoke := "/api/v1/admin/accounts/" + olivia["id"].(string) + "/sessions:revoke"
	s.call(t, http.MethodPost, revoke, `{}`, "").require(t, 401)
	s.call(t, http.MethodPost, revoke, `{}`, customerToken).require(t, 401) // signed out above
	revoked := s.call(t, http.MethodPost, revoke, `{}`, adminToken).require(t, 200)
	require.InDelta(t, 1, revoked["revoked_sessions"], 0)
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", oliviaToken).require(t, 401)
	ownRevoke := s.call(t, http.MethodPost, "/api/v1/admin/accounts/"+admin.ID+"/sessions:revoke", `{}`, adminToken)
	ownRevoke.require(t, 400)
	require.Equal(t, "own_sessions", ownRevoke.reason(t))
	s.call(t, http.MethodGet, "/api/v1/auth/me", "", adminToken).require(t, 200)
}

func TestClientIP(t *testing.T) {
	t.Parallel()
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, tc := range []struct {
		name, remote string
		xff          []string
		want         string
	}{
		{"direct", "203.0.113.9:5000", nil, "203.0.113.9"},
		{"untrusted peer's header is ignored", "203.0.113.9:5000", []string{"198.51.100.1"}, "203.0.113.9"},
		{"trusted proxy", "10.0.0.2:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"spoofed left entries are skipped", "10.0.0.2:5000", []string{"1.2.3.4, 198.51.100.1"}, "198.51.100.1"},
		{"chain of trusted proxies", "10.0.0.2:5000", []string{"198.51.100.1, 10.0.0.7", "10.0.0.3"}, "198.51.100.1"},
		{"garbage stops the walk", "10.0.0.2:5000", []string{"198.51.100.1, nonsense"}, "10.0.0.2"},
		{"trusted proxy without header", "10.0.0.2:5000", nil, "10.0.0.2"},
		{"IPv6 peer", "[::1]:5000", []string{"2001:db8::1"}, "2001:db8::1"},
		{"IPv4-mapped", "[::ffff:203.0.113.9]:5000", nil, "203.0.113.9"},
		{"unparseable peer", "pipe", nil, ""},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = tc.remote
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		require.Equal(t, tc.want, clientIP(r, trusted), tc.name)
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "10.0.0.2:1"
	r.Header.Set("X-Forwarded-For", "198.51.100.1")
	require.Equal(t, "10.0.0.2", clientIP(r, nil), "no proxy is trusted by default")
}

const enrolNote = "admin powers start once the account has set up two-factor authentication (sign in, My Account)\n"

func TestAdminCommand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbURL := dbtest.URL(t)
	cfg, err := config.Parse(func(k string) string { return map[string]string{"DATABASE_URL": dbURL}[k] })
	require.NoError(t, err)
	logger := slog.New(slog.DiscardHandler)
	noEnv := func(string) string { return "" }

	var out bytes.Buffer
	err = Admin(ctx, cfg, logger, []string{"create", "--email", "Boss@Example.com", "--first-name", "Ava"}, noEnv,
		strings.NewReader("a-long-password\n"), &out)
	require.NoError(t, err)
	require.Equal(t, "created admin account boss@example.com (Ava Admin)\n"+enrolNote, out.String())
	require.NotContains(t, out.String(), "a-long-password")

	pool, err := db.Open(ctx, dbURL)
	require.NoError(t, err)
	defer pool.Close()
	svc := newAccounts(pool, cfg)
	_, sess, err := svc.Login(ctx, "boss@example.com", "a-long-password", "")
	require.NoError(t, err)
	p, err := svc.Authenticate(ctx, sess.Token)
	require.NoError(t, err)
	// ADMIN_2FA is required by default: the new admin has a customer's powers until enrolling.
	require.Equal(t, account.RoleCustomer, p.Role)
	require.True(t, p.TOTPEnrolmentRequired)
	me, err := svc.GetMe(ctx, p)
	require.NoError(t, err)
	require.Equal(t, account.RoleAdmin, me.Role)

	// An existing customer is promoted; the password comes from the environment and is unused.
	_, _, err = svc.EnsureAccount(ctx, account.Profile{FirstName: "Jane", LastName: "Doe", Email: "jane@example.com"}, "jane-password", account.RoleCustomer)
	require.NoError(t, err)
	out.Reset()
	env := func(k string) string { return map[string]string{"ATELIER_ADMIN_PASSWORD": "other-password"}[k] }
	require.NoError(t, Admin(ctx, cfg, logger, []string{"create", "--email", "jane@example.com"}, env, strings.NewReader(""), &out))
	require.Equal(t, "promoted existing account jane@example.com to admin; its password is unchanged\n"+enrolNote, out.String())

	// reset-2fa: an admin who lost their second factor gets back in with the password alone.
	boss, _, err := svc.SignIn(ctx, account.Credentials{Email: "boss@example.com", Password: "a-long-password"}, "")
	require.NoError(t, err)
	setup, err := svc.BeginTOTPSetup(ctx, account.Principal{AccountID: boss.ID}, "a-long-password")
	require.NoError(t, err)
	_, err = svc.EnableTOTP(ctx, account.Principal{AccountID: boss.ID}, totp(t, setup.Secret, time.Now()))
	require.NoError(t, err)
	_, _, err = svc.Login(ctx, "boss@example.com", "a-long-password", "")
	require.Equal(t, "totp_required", apperr.As(err).Reason)
	out.Reset()
	require.NoError(t, Admin(ctx, cfg, logger, []string{"reset-2fa", "--email", "Boss@example.com"}, noEnv, strings.NewReader(""), &out))
	require.Equal(t, "two-factor authentication of boss@example.com is off and its sessions ended; it can be set up again after signing in\n", out.String())
	_, _, err = svc.Login(ctx, "boss@example.com", "a-long-password", "")
	require.NoError(t, err)
	require.Error(t, Admin(ctx, cfg, logger, []string{"reset-2fa", "--email", "nobody@example.com"}, noEnv, strings.NewReader(""), io.Discard))
	require.Error(t, Admin(ctx, cfg, logger, []string{"reset-2fa"}, noEnv, strings.NewReader(""), io.Discard))

	for name, args := range map[string][]string{
		"no subcommand": {},
		"no email":      {"create"},
		"unknown flag":  {"create", "--email", "x@example.com", "--password", "secret-secret"},
	} {
		require.Error(t, Admin(ctx, cfg, logger, args, noEnv, strings.NewReader("a-long-password\n"), io.Discard), name)
	}
	err = Admin(ctx, cfg, logger, []string{"create", "--email", "x@example.com"}, noEnv, strings.NewReader("short\n"), io.Discard)
	require.ErrorContains(t, err, "Password must be at least 8 characters")
}

func TestDemoAccounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := startAuthShop(t, nil)
	require.NoError(t, s.app.seedAccounts(ctx))
	require.NoError(t, s.app.seedAccounts(ctx), "seeding again is harmless")
	admin := login(t, s, "admin@atelier.test", "atelier-admin-demo").require(t, 200)["user"].(jsonMap)
	require.Equal(t, "ROLE_ADMIN", admin["role"])
	customer := login(t, s, "customer@atelier.test", "atelier-customer-demo").require(t, 200)["user"].(jsonMap)
	require.Equal(t, "ROLE_CUSTOMER", customer["role"])
	require.Equal(t, "Olivia", customer["first_name"])
}
