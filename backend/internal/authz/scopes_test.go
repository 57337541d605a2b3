package authz_test

import (
	"os"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	"github.com/stretchr/testify/require"
)

const scopesFile = "testdata/scopes.txt"

const scopesHeader = `# Which API key scopes may call which procedure: one line per procedure of the API contract, then
# the scopes granting it ("-" for none). Generated from policy.csv by
#   go test ./internal/authz -run TestScopeMatrix -update
# and checked in so that every change of what a key may do shows up in review.
`

func renderScopes(a *authz.Authorizer, procs []string) string {
	width := 0
	for _, p := range procs {
		width = max(width, len(p))
	}
	var b strings.Builder
	b.WriteString(scopesHeader)
	for _, p := range procs {
		var granted []string
		for _, s := range authz.Scopes {
			if a.AllowScopes([]string{string(s.Scope)}, p) {
				granted = append(granted, string(s.Scope))
			}
		}
		if len(granted) == 0 {
			granted = []string{"-"}
		}
		b.WriteString(strings.TrimRight(strings.Join(append([]string{padRight(p, width)}, granted...), "  "), " ") + "\n")
	}
	return b.String()
}

func padRight(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }

// What each scope grants is checked in (testdata/scopes.txt), as the roles' matrix is.
func TestScopeMatrix(t *testing.T) {
	t.Parallel()
	a := newAuthorizer(t)
	want := renderScopes(a, procedures(t))
	if *update {
		require.NoError(t, os.WriteFile(scopesFile, []byte(want), 0o644))
		return
	}
	raw, err := os.ReadFile(scopesFile)
	require.NoError(t, err, "run: go test ./internal/authz -run TestScopeMatrix -update")
	require.Equal(t, want, string(raw), "%s is not what policy.csv grants; review, then rerun with -update", scopesFile)
}

// The rules of scopes, stated by hand so that a careless -update cannot widen a key: a key never
// does more than an admin; a publishable scope (held by browsers) only reads what everyone may
// read; every scope grants something; the account and key procedures are never a key's.
func TestScopeRules(t *testing.T) {
	t.Parallel()
	a := newAuthorizer(t)
	procs := procedures(t)
	for _, s := range authz.Scopes {
		var granted int
		for _, p := range procs {
			if !a.AllowScopes([]string{string(s.Scope)}, p) {
				continue
			}
			granted++
			require.True(t, a.Allow(account.RoleAdmin, p), "%s grants %s, which an admin may not call", s.Scope, p)
			if s.Publishable {
				require.True(t, a.Allow(account.RoleAnonymous, p), "publishable %s grants %s, which is not public", s.Scope, p)
				method := p[strings.LastIndex(p, "/")+1:]
				require.True(t, strings.HasPrefix(method, "Get") || strings.HasPrefix(method, "List"),
					"publishable %s grants %s, which is not a read", s.Scope, p)
			}
			for _, never := range []string{".AccountService/", ".ApiKeyService/", ".AuthService/"} {
				require.NotContains(t, p, never, "%s grants %s: keys never manage accounts, keys or sessions", s.Scope, p)
			}
		}
		require.Positive(t, granted, "%s grants nothing", s.Scope)
	}
	for _, tt := range []struct {
		scopes    []string
		procedure string
		allow     bool
	}{
		{[]string{"catalog:read"}, "/atelier.store.v1.CatalogService/ListProducts", true},
		{[]string{"orders:read"}, "/atelier.store.v1.CatalogService/ListProducts", false},
		{[]string{"orders:read"}, "/atelier.admin.v1.AdminOrderService/GetAdminOrder", true},
		{[]string{"orders:read"}, "/atelier.admin.v1.AdminOrderService/RefundOrder", false},
		{[]string{"orders:read", "orders:write"}, "/atelier.admin.v1.AdminOrderService/RefundOrder", true},
		{[]string{"carts:write"}, "/atelier.store.v1.CartService/MergeCart", false},
		{[]string{"products:read"}, "/atelier.admin.v1.ProductService/UpdateProduct", false},
		{[]string{"products:write"}, "/atelier.admin.v1.ProductService/UpdateProduct", true},
		{nil, "/atelier.store.v1.CatalogService/ListProducts", false},
		{[]string{"admin"}, "/atelier.admin.v1.ProductService/UpdateProduct", false},
		{[]string{"anonymous"}, "/atelier.store.v1.CatalogService/ListProducts", false},
		{[]string{"catalog:*"}, "/atelier.store.v1.CatalogService/ListProducts", false},
		{[]string{"catalog:read"}, "/atelier.store.v1.CatalogService/DropEverything", false},
	} {
		require.Equal(t, tt.allow, a.AllowScopes(tt.scopes, tt.procedure), "%v → %s", tt.scopes, tt.procedure)
	}
}
