package authz_test

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/reflect/protoregistry"

	// The generated packages register the contract's services in protoregistry.GlobalFiles.
	_ "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	_ "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
)

var update = flag.Bool("update", false, "rewrite testdata/matrix.txt from policy.csv")

const matrixFile = "testdata/matrix.txt"

const matrixHeader = `# Who may call which procedure: one line per procedure of the API contract, then the decision
# for anonymous, customer and admin callers. Generated from policy.csv by
#   go test ./internal/authz -run TestPolicyMatrix -update
# and checked in so that every change of access shows up in review as a change of this file.
`

// procedures is every procedure of the contract; the sanity check keeps a broken registry walk
// from passing the tests below vacuously.
func procedures(t *testing.T) []string {
	t.Helper()
	procs := authz.Procedures(protoregistry.GlobalFiles)
	for _, want := range []string{"/atelier.store.v1.CartService/GetCart", "/atelier.store.v1.AuthService/Login",
		"/atelier.admin.v1.AccountService/ListAccounts"} {
		require.Contains(t, procs, want)
	}
	return procs
}

func newAuthorizer(t *testing.T) *authz.Authorizer {
	t.Helper()
	a, err := authz.New()
	require.NoError(t, err)
	return a
}

func decision(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "deny"
}

// renderMatrix writes one aligned line per procedure.
func renderMatrix(a *authz.Authorizer, procs []string) string {
	width := 0
	for _, p := range procs {
		width = max(width, len(p))
	}
	var b strings.Builder
	b.WriteString(matrixHeader)
	row := func(first string, cells []string) {
		var line strings.Builder
		fmt.Fprintf(&line, "%-*s", width, first)
		for _, c := range cells {
			fmt.Fprintf(&line, "  %-9s", c)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	var roles []string
	for _, r := range authz.Roles {
		roles = append(roles, string(r))
	}
	row("# procedure", roles)
	for _, p := range procs {
		var cells []string
		for _, r := range authz.Roles {
			cells = append(cells, decision(a.Allow(r, p)))
		}
		row(p, cells)
	}
	return b.String()
}

// parseMatrix reads the checked-in matrix: procedure → decisions in Roles order.
func parseMatrix(t *testing.T, text string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for n, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		require.Len(t, f, 1+len(authz.Roles), "%s line %d: %q", matrixFile, n+1, line)
		out[f[0]] = f[1:]
	}
	return out
}

// Every procedure of the contract has a policy line and a line in the checked-in matrix, and the
// policy decides exactly what the matrix says for every role. Adding an RPC therefore fails here
// until policy.csv says who may call it and the matrix (rewritten with -update) shows it.
func TestPolicyMatrix(t *testing.T) {
	t.Parallel()
	a := newAuthorizer(t)
	procs := procedures(t)

	for _, p := range a.Uncovered(procs) {
		t.Errorf("%s has no line in policy.csv: add one saying which role may call it", p)
	}
	for _, p := range a.Unused(procs) {
		t.Errorf("policy.csv grants %s, which is not a procedure of the contract (renamed or removed?)", p)
	}

	want := renderMatrix(a, procs)
	if *update {
		require.NoError(t, os.WriteFile(matrixFile, []byte(want), 0o644))
		return
	}
	raw, err := os.ReadFile(matrixFile)
	require.NoError(t, err, "run: go test ./internal/authz -run TestPolicyMatrix -update")
	matrix := parseMatrix(t, string(raw))
	for _, p := range procs {
		got, ok := matrix[p]
		if !ok {
			t.Errorf("%s has no line in %s: decide its policy, then run go test ./internal/authz -run TestPolicyMatrix -update and review the diff", p, matrixFile)
			continue
		}
		for i, r := range authz.Roles {
			if d := decision(a.Allow(r, p)); got[i] != d {
				t.Errorf("%s for %s: policy.csv says %s, %s says %s", p, r, d, matrixFile, got[i])
			}
		}
	}
	for p := range matrix {
		if !slices.Contains(procs, p) {
			t.Errorf("%s lists %s, which is not a procedure of the contract; rerun with -update", matrixFile, p)
		}
	}
	if !t.Failed() {
		require.Equal(t, want, string(raw), "%s is not as -update writes it; rerun with -update", matrixFile)
	}
}

// The rules the matrix encodes, stated once more by hand so that a careless -update cannot
// quietly open the shop: roles nest, the back office is for admins, and what no line grants is
// denied to everyone.
func TestPolicyRules(t *testing.T) {
	t.Parallel()
	a := newAuthorizer(t)
	procs := procedures(t)
	for _, p := range procs {
		anon, customer, admin := a.Allow(account.RoleAnonymous, p), a.Allow(account.RoleCustomer, p), a.Allow(account.RoleAdmin, p)
		require.False(t, anon && !customer, "%s: a customer may do all an anonymous caller may", p)
		require.False(t, customer && !admin, "%s: an admin may do all a customer may", p)
		if strings.HasPrefix(p, "/atelier.admin.") {
			require.False(t, customer, "%s is for admins only", p)
			require.True(t, admin, "%s", p)
		}
	}
	for _, tt := range []struct {
		role      account.Role
		procedure string
		allow     bool
	}{
		{account.RoleAnonymous, "/atelier.store.v1.CartService/GetCart", true},
		{account.RoleAnonymous, "/atelier.store.v1.CartService/MergeCart", false},
		{account.RoleCustomer, "/atelier.store.v1.CartService/MergeCart", true},
		{account.RoleAnonymous, "/atelier.store.v1.AuthService/GetMe", false},
		{account.RoleCustomer, "/atelier.store.v1.AuthService/GetMe", true},
		{account.RoleAnonymous, "/atelier.store.v1.AuthService/Login", true},
		{account.RoleCustomer, "/atelier.admin.v1.AccountService/UpdateAccountRole", false},
		{account.RoleAdmin, "/atelier.admin.v1.AccountService/UpdateAccountRole", true},
		// Unknown procedures and roles are denied, whoever asks.
		{account.RoleAdmin, "/atelier.store.v1.CartService/DropAllCarts", false},
		{account.RoleAdmin, "/other.v1.Service/Method", false},
		{account.RoleAdmin, "", false},
		{account.Role(""), "/atelier.store.v1.CatalogService/ListProducts", false},
		{account.Role("root"), "/atelier.admin.v1.AccountService/ListAccounts", false},
		// keyMatch's "*" needs something after the prefix: the bare package name is no procedure.
		{account.RoleAdmin, "/atelier.admin.v1", false},
		// The admin grant covers the admin package only, never a look-alike package name.
		{account.RoleAdmin, "/atelier.admin.v10.AccountService/ListAccounts", false},
	} {
		require.Equal(t, tt.allow, a.Allow(tt.role, tt.procedure), "%s → %s", tt.role, tt.procedure)
	}
}

// One Authorizer serves every request at once.
func TestAllowConcurrently(t *testing.T) {
	t.Parallel()
	a := newAuthorizer(t)
	procs := procedures(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for _, p := range procs {
				for _, r := range authz.Roles {
					a.Allow(r, p)
				}
			}
		})
	}
	wg.Wait()
}

func TestCheck(t *testing.T) {
	t.Parallel()
	a := newAuthorizer(t)
	require.NoError(t, a.Check(procedures(t)))
	err := a.Check([]string{"/atelier.store.v1.CartService/GetCart", "/atelier.store.v1.WishlistService/AddWish"})
	require.ErrorContains(t, err, "/atelier.store.v1.WishlistService/AddWish")
	require.NotContains(t, err.Error(), "GetCart")
}
