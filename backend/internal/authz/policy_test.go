package authz

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A policy file the loader does not fully understand is refused rather than partly applied.
func TestPolicyFileIsStrict(t *testing.T) {
	t.Parallel()
	for name, tt := range map[string]struct{ policy, err string }{
		"missing field":  {"p, anonymous", "three comma-separated fields"},
		"extra field":    {"p, anonymous, /atelier.store.v1.X/Y, deny", "three comma-separated fields"},
		"unknown role":   {"p, anonymus, /atelier.store.v1.X/Y", `unknown role or scope "anonymus"`},
		"unknown scope":  {"p, catalog:write, /atelier.store.v1.X/Y", `unknown role or scope "catalog:write"`},
		"scope in g":     {"g, catalog:read, anonymous\np, anonymous, /atelier.store.v1.X/Y", `unknown role "catalog:read"`},
		"unknown parent": {"g, customer, guest\np, anonymous, /atelier.store.v1.X/Y", `unknown role "guest"`},
		"unknown type":   {"x, anonymous, /atelier.store.v1.X/Y", `unknown line type "x"`},
		"not atelier":    {"p, anonymous, *", "not an Atelier procedure"},
		"grants nothing": {"# nothing\ng, customer, anonymous", "grants nothing"},
	} {
		_, err := newAuthorizer(modelText, tt.policy)
		require.ErrorContains(t, err, tt.err, name)
	}
	a, err := newAuthorizer(modelText, "  # comment\n\np,anonymous,/atelier.store.v1.X/Y\n")
	require.NoError(t, err)
	require.True(t, a.Allow("anonymous", "/atelier.store.v1.X/Y"))
	require.False(t, a.Allow("customer", "/atelier.store.v1.X/Y"), "no g line: roles do not nest by themselves")
}
