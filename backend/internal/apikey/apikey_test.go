package apikey_test

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apikey"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

type fixture struct {
	svc   *apikey.Service
	pool  *pgxpool.Pool
	admin revision.Actor
	now   *time.Time
}

// newFixture is a fresh database with one admin, Ava, and a settable clock.
func newFixture(t *testing.T) fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	var id string
	require.NoError(t, pool.QueryRow(context.Background(), `INSERT INTO accounts (first_name, last_name, email, password_hash, role)
		VALUES ('Ava', 'Sinclair', 'ava@atelier.test', 'x', 'admin') RETURNING id::text`).Scan(&id))
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	f := fixture{svc: apikey.NewService(pool), pool: pool, admin: revision.Actor{AccountID: id, Name: "Ava Sinclair"}, now: &now}
	f.svc.SetClock(func() time.Time { return *f.now })
	return f
}

func (f fixture) create(t *testing.T, in apikey.NewKey) (apikey.Key, string) {
	t.Helper()
	k, secret, err := f.svc.Create(context.Background(), f.admin, in)
	require.NoError(t, err)
	return k, secret
}

func (f fixture) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table).Scan(&n))
	return n
}

var orders = apikey.NewKey{Name: "Warehouse", Kind: apikey.Secret, Scopes: []string{"orders:write", "orders:read"}}

func TestCreate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		in     apikey.NewKey
		kind   apperr.Kind
		reason string
		field  string
		check  func(t *testing.T, k apikey.Key, secret string)
	}{
		{name: "a secret key", in: orders, check: func(t *testing.T, k apikey.Key, secret string) {
			t.Helper()
			require.Regexp(t, `^atl_sk_[0-9A-Za-z]{43}$`, secret)
			require.Equal(t, secret[:13], k.Prefix)
			require.Equal(t, []string{"orders:read", "orders:write"}, k.Scopes, "in the order scopes are listed")
			require.Equal(t, "Ava Sinclair", k.CreatedBy.Name)
			require.Empty(t, k.AllowedOrigins)
			require.True(t, k.LastUsedAt.IsZero())
		}},
		{name: "a publishable key, its origins made canonical", in: apikey.NewKey{Name: " Lookbook ", Kind: apikey.Publishable,
			Scopes: []string{"catalog:read"}, AllowedOrigins: []string{"https://Shop.Partner.example/", "https://shop.partner.example", "http://localhost:5173"}},
			check: func(t *testing.T, k apikey.Key, secret string) {
				t.Helper()
				require.True(t, strings.HasPrefix(secret, "atl_pk_"))
				require.Equal(t, "Lookbook", k.Name)
				require.Equal(t, []string{"https://shop.partner.example", "http://localhost:5173"}, k.AllowedOrigins)
			}},
		{name: "no name", in: apikey.NewKey{Name: " ", Kind: apikey.Secret, Scopes: []string{"catalog:read"}},
			kind: apperr.KindInvalid, reason: "invalid_name", field: "name"},
		{name: "a name too long", in: apikey.NewKey{Name: strings.Repeat("é", 101), Kind: apikey.Secret, Scopes: []string{"catalog:read"}},
			kind: apperr.KindInvalid, reason: "invalid_name", field: "name"},
		{name: "no kind", in: apikey.NewKey{Name: "K", Scopes: []string{"catalog:read"}},
			kind: apperr.KindInvalid, reason: "invalid_kind", field: "kind"},
		{name: "no scope", in: apikey.NewKey{Name: "K", Kind: apikey.Secret},
			kind: apperr.KindInvalid, reason: "scopes_required", field: "scopes"},
		{name: "an unknown scope", in: apikey.NewKey{Name: "K", Kind: apikey.Secret, Scopes: []string{"catalog:read", "admin"}},
			kind: apperr.KindInvalid, reason: "unknown_scope", field: "scopes"},
		{name: "a write scope on a publishable key", in: apikey.NewKey{Name: "K", Kind: apikey.Publishable,
			Scopes: []string{"catalog:read", "carts:write"}, AllowedOrigins: []string{"https://p.example"}},
			kind: apperr.KindInvalid, reason: "scope_not_publishable", field: "scopes"},
		{name: "a publishable key without origins", in: apikey.NewKey{Name: "K", Kind: apikey.Publishable, Scopes: []string{"catalog:read"}},
			kind: apperr.KindInvalid, reason: "origins_required", field: "allowed_origins"},
		{name: "a secret key with origins", in: apikey.NewKey{Name: "K", Kind: apikey.Secret, Scopes: []string{"catalog:read"},
			AllowedOrigins: []string{"https://p.example"}},
			kind: apperr.KindInvalid, reason: "origins_not_allowed", field: "allowed_origins"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			k, secret, err := f.svc.Create(context.Background(), f.admin, tt.in)
			if tt.reason != "" {
				ae := apperrtest.RequireKind(t, err, tt.kind, tt.reason)
				require.Equal(t, tt.field, ae.Field)
				require.Zero(t, f.count(t, "api_keys"), "a refused key is not made")
				require.Zero(t, f.count(t, "audit_events"))
				return
			}
			require.NoError(t, err)
			tt.check(t, k, secret)
			var stored int
			require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT count(*) FROM api_keys
				WHERE position($1 in prefix) > 0 OR encode(token_hash, 'escape') LIKE '%' || $1 || '%'`, secret[13:]).Scan(&stored))
			require.Zero(t, stored, "only a hash of the key is kept")
			require.Equal(t, 1, f.count(t, "audit_events"), "the making of a key is in the audit trail")
		})
	}
}

func TestOrigins(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"https://partner.example", "https://partner.example", true},
		{"HTTPS://Partner.Example:8443/", "https://partner.example:8443", true},
		{"http://localhost:3000", "http://localhost:3000", true},
		{"http://127.0.0.1:3000", "http://127.0.0.1:3000", true},
		{"http://partner.example", "", false},
		{"https://partner.example/shop", "", false},
		{"https://partner.example?x=1", "", false},
		{"https://user@partner.example", "", false},
		{"partner.example", "", false},
		{"*", "", false},
		{"null", "", false},
		{"ftp://partner.example", "", false},
	} {
		got, ok := apikey.CanonicalOrigin(tt.in)
		require.Equal(t, tt.ok, ok, tt.in)
		require.Equal(t, tt.want, got, tt.in)
	}
}

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		setup func(t *testing.T, f fixture, secret string) string // returns the key to present
		found bool
	}{
		{"a live key", func(_ *testing.T, _ fixture, secret string) string { return secret }, true},
		{"an unknown key of the right form", func(*testing.T, fixture, string) string { return "atl_sk_" + strings.Repeat("a", 43) }, false},
		{"a malformed key", func(*testing.T, fixture, string) string { return "atl_sk_short" }, false},
		{"a session token", func(*testing.T, fixture, string) string { return strings.Repeat("A", 43) }, false},
		{"a revoked key", func(t *testing.T, f fixture, secret string) string {
			t.Helper()
			k, _, err := f.svc.Authenticate(ctx, secret)
			require.NoError(t, err)
			_, err = f.svc.Revoke(ctx, f.admin, k.KeyID, "test")
			require.NoError(t, err)
			return secret
		}, false},
		{"a key whose maker is no longer an admin", func(t *testing.T, f fixture, secret string) string {
			t.Helper()
			_, err := f.pool.Exec(ctx, `UPDATE accounts SET role = 'customer'`)
			require.NoError(t, err)
			return secret
		}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			k, secret := f.create(t, orders)
			c, found, err := f.svc.Authenticate(ctx, tt.setup(t, f, secret))
			require.NoError(t, err)
			require.Equal(t, tt.found, found)
			if !found {
				require.Zero(t, c)
				return
			}
			require.Equal(t, apikey.Caller{KeyID: k.ID, Name: "Warehouse", Kind: apikey.Secret,
				Scopes: []string{"orders:read", "orders:write"}, AllowedOrigins: []string{}, CreatedBy: f.admin.AccountID}, c)
		})
	}
}

// A key's last use is recorded at most once a minute, so a busy key is not a write per request.
func TestLastUsed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	_, secret := f.create(t, orders)
	lastUsed := func() time.Time {
		page, err := f.svc.List(ctx, apikey.Query{})
		require.NoError(t, err)
		return page.Keys[0].LastUsedAt
	}
	start := *f.now
	_, _, err := f.svc.Authenticate(ctx, secret)
	require.NoError(t, err)
	require.Equal(t, start, lastUsed())
	*f.now = start.Add(59 * time.Second)
	_, _, err = f.svc.Authenticate(ctx, secret)
	require.NoError(t, err)
	require.Equal(t, start, lastUsed(), "within the minute, nothing is written")
	*f.now = start.Add(61 * time.Second)
	_, _, err = f.svc.Authenticate(ctx, secret)
	require.NoError(t, err)
	require.Equal(t, start.Add(61*time.Second), lastUsed())
}

func TestUpdateAndRevoke(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	pk, _ := f.create(t, apikey.NewKey{Name: "Lookbook", Kind: apikey.Publishable, Scopes: []string{"catalog:read"},
		AllowedOrigins: []string{"https://a.example"}})
	sk, _ := f.create(t, orders)
	name := "Lookbook 2"
	origins := []string{"https://b.example/"}
	got, err := f.svc.Update(ctx, f.admin, pk.ID, &name, &origins)
	require.NoError(t, err)
	require.Equal(t, "Lookbook 2", got.Name)
	require.Equal(t, []string{"https://b.example"}, got.AllowedOrigins)

	for _, tt := range []struct {
		name   string
		id     string
		nm     *string
		orig   *[]string
		kind   apperr.Kind
		reason string
	}{
		{"no such key", "00000000-0000-4000-8000-000000000000", &name, nil, apperr.KindNotFound, "api_key_not_found"},
		{"not an id", "nope", &name, nil, apperr.KindNotFound, "api_key_not_found"},
		{"a blank name", pk.ID, new(string), nil, apperr.KindInvalid, "invalid_name"},
		{"origins for a secret key", sk.ID, nil, &origins, apperr.KindInvalid, "origins_not_allowed"},
		{"no origins for a publishable key", pk.ID, nil, &[]string{}, apperr.KindInvalid, "origins_required"},
	} {
		_, err := f.svc.Update(ctx, f.admin, tt.id, tt.nm, tt.orig)
		apperrtest.RequireKind(t, err, tt.kind, tt.reason)
	}
	after, err := f.svc.List(ctx, apikey.Query{})
	require.NoError(t, err)
	for _, k := range after.Keys {
		require.Contains(t, []string{"Lookbook 2", "Warehouse"}, k.Name, "refused changes changed nothing")
		if k.ID == pk.ID {
			require.Equal(t, []string{"https://b.example"}, k.AllowedOrigins)
		}
	}

	revoked, err := f.svc.Revoke(ctx, f.admin, sk.ID, "test")
	require.NoError(t, err)
	require.Equal(t, *f.now, revoked.RevokedAt)
	*f.now = f.now.Add(time.Hour)
	again, err := f.svc.Revoke(ctx, f.admin, sk.ID, "test")
	require.NoError(t, err)
	require.Equal(t, revoked.RevokedAt, again.RevokedAt, "revoking twice changes nothing")
	_, err = f.svc.Update(ctx, f.admin, sk.ID, &name, nil)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "api_key_revoked")
	_, err = f.svc.Revoke(ctx, f.admin, "00000000-0000-4000-8000-000000000000", "test")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "api_key_not_found")

	active, err := f.svc.List(ctx, apikey.Query{OnlyActive: true})
	require.NoError(t, err)
	require.Len(t, active.Keys, 1)
	require.Equal(t, pk.ID, active.Keys[0].ID)
}

func TestListPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	var made []string
	for range 5 {
		k, _ := f.create(t, orders)
		made = append([]string{k.ID}, made...) // newest first
		*f.now = f.now.Add(time.Second)
	}
	var seen []string
	token := ""
	for {
		page, err := f.svc.List(ctx, apikey.Query{PageSize: 2, PageToken: token})
		require.NoError(t, err)
		for _, k := range page.Keys {
			seen = append(seen, k.ID)
		}
		if token = page.NextPageToken; token == "" {
			break
		}
	}
	require.Equal(t, made, seen)
	_, err := f.svc.List(ctx, apikey.Query{PageToken: "garbage"})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_token")
}

// A publishable key's origins may call the API from browsers as soon as it is made, and not once
// it is revoked (changes through this process are seen at once).
func TestKnowsOrigin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	known := func(origin string) bool {
		ok, err := f.svc.KnowsOrigin(ctx, origin)
		require.NoError(t, err)
		return ok
	}
	require.False(t, known("https://a.example"))
	pk, _ := f.create(t, apikey.NewKey{Name: "L", Kind: apikey.Publishable, Scopes: []string{"catalog:read"},
		AllowedOrigins: []string{"https://a.example"}})
	require.True(t, known("https://a.example"))
	require.False(t, known("https://b.example"))
	_, err := f.svc.Revoke(ctx, f.admin, pk.ID, "test")
	require.NoError(t, err)
	require.False(t, known("https://a.example"))

	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { _, _ = f.svc.KnowsOrigin(ctx, "https://a.example") })
	}
	wg.Wait()
}

func TestCallerOrigins(t *testing.T) {
	t.Parallel()
	secret := apikey.Caller{Kind: apikey.Secret}
	public := apikey.Caller{Kind: apikey.Publishable, AllowedOrigins: []string{"https://a.example"}}
	require.True(t, secret.AllowsOrigin(""), "servers send no Origin")
	require.False(t, secret.AllowsOrigin("https://a.example"), "a secret key never from a browser")
	require.True(t, public.AllowsOrigin("https://a.example"))
	require.True(t, public.AllowsOrigin(""))
	require.False(t, public.AllowsOrigin("https://b.example"))
}
