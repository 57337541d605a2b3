// Package authz decides which role may call which API procedure, from a Casbin model and policy
// compiled into the binary. It answers only "may this role call this procedure at all"; whose
// cart or order a caller may see is decided by the owning service, which answers NotFound for
// someone else's. Everything the policy does not grant is denied, so a new procedure is closed
// until policy.csv says who may call it.
package authz

import (
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/casbin/casbin/v3"
	"github.com/casbin/casbin/v3/model"
	"github.com/casbin/casbin/v3/util"
)

var (
	//go:embed model.conf
	modelText string
	//go:embed policy.csv
	policyText string
)

// Roles are the roles the policy speaks of, least privileged first.
var Roles = []account.Role{account.RoleAnonymous, account.RoleCustomer, account.RoleAdmin}

// Scope is a partner API key's permission: a name the policy grants procedures to, like a role
// that no account has. A key may call a procedure when one of its scopes is granted it and an
// admin may call it too (AllowScopes), so a key never does more than its scopes, nor more than
// an admin.
type Scope string

// ScopeInfo describes a scope for the people choosing them.
type ScopeInfo struct {
	Scope       Scope
	Description string
	// Publishable scopes may be given to a publishable key, the kind a browser on a partner's
	// site holds: they read what the shop shows everyone and change nothing.
	Publishable bool
}

// Scopes are the scopes a key may hold, in the order they are offered.
var Scopes = []ScopeInfo{
	{"catalog:read", "Read the public catalogue: products, categories, delivery options, store settings, pages.", true},
	{"carts:write", "Create guest carts and change their contents.", false},
	{"checkout:write", "Quote and place orders for guest carts, and read those orders with their access token.", false},
	{"orders:read", "Read every order, with its payments, refunds and timeline.", false},
	{"orders:write", "Read orders and move them on: processing, shipped, delivered, cancelled, refunded.", false},
	{"products:read", "Read every product, published or not, with its history.", false},
	{"products:write", "Create, edit, publish, archive and restore products and their images.", false},
	{"webhooks:manage", "Register, change and remove webhook endpoints, and read and replay their deliveries.", false},
}

// ScopeByName returns the scope named s.
func ScopeByName(s string) (ScopeInfo, bool) {
	i := slices.IndexFunc(Scopes, func(info ScopeInfo) bool { return string(info.Scope) == s })
	if i < 0 {
		return ScopeInfo{}, false
	}
	return Scopes[i], true
}

// Authorizer answers whether a role may call a procedure. Its policy is fixed once built, so one
// value serves every request concurrently.
type Authorizer struct {
	enforcer *casbin.Enforcer
	objects  []string // every procedure pattern a policy line names, for Uncovered
	// decisions remembers Casbin's answers, which cannot change: evaluating the matcher cost about
	// 5 % of the API's CPU on reads the cache does not answer. Its keys are bounded: subjects are
	// the roles and scopes, procedures those the server routes.
	decisions sync.Map // decisionKey → bool
}

// decisionKey is one question put to Casbin.
type decisionKey struct{ subject, procedure string }

// New builds the Authorizer from the embedded model and policy.
func New() (*Authorizer, error) {
	return newAuthorizer(modelText, policyText)
}

func newAuthorizer(modelConf, policy string) (*Authorizer, error) {
	m, err := model.NewModelFromString(modelConf)
	if err != nil {
		return nil, fmt.Errorf("authz.newAuthorizer: model: %w", err)
	}
	// No adapter: the policy is loaded below by a parser that refuses what it does not
	// understand, where Casbin's string adapter would silently drop a malformed line (and with
	// it a grant, or worse, leave a role unlinked).
	e, err := casbin.NewEnforcer(m)
	if err != nil {
		return nil, fmt.Errorf("authz.newAuthorizer: enforcer: %w", err)
	}
	grants, links, err := parsePolicy(policy)
	if err != nil {
		return nil, err
	}
	if _, err := e.AddGroupingPolicies(links); err != nil {
		return nil, fmt.Errorf("authz.newAuthorizer: roles: %w", err)
	}
	if _, err := e.AddPolicies(grants); err != nil {
		return nil, fmt.Errorf("authz.newAuthorizer: policy: %w", err)
	}
	a := &Authorizer{enforcer: e}
	for _, g := range grants {
		a.objects = append(a.objects, g[1])
	}
	return a, nil
}

// parsePolicy reads policy.csv: "p, role-or-scope, procedure" grants and "g, role, parent-role"
// links. Only the three roles and the known scopes may appear, so a typo cannot invent a role
// nobody has; scopes do not nest.
func parsePolicy(text string) (grants, links [][]string, err error) {
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r := csv.NewReader(strings.NewReader(line))
		r.TrimLeadingSpace = true
		f, err := r.Read()
		if err != nil || len(f) != 3 {
			return nil, nil, fmt.Errorf("authz: policy.csv line %d: want three comma-separated fields: %q", n+1, line)
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		switch f[0] {
		case "p":
			if !isRole(f[1]) && !isScope(f[1]) {
				return nil, nil, fmt.Errorf("authz: policy.csv line %d: unknown role or scope %q", n+1, f[1])
			}
			if !strings.HasPrefix(f[2], "/atelier.") {
				return nil, nil, fmt.Errorf("authz: policy.csv line %d: %q is not an Atelier procedure", n+1, f[2])
			}
			grants = append(grants, f[1:])
		case "g":
			if !isRole(f[1]) {
				return nil, nil, fmt.Errorf("authz: policy.csv line %d: unknown role %q", n+1, f[1])
			}
			if !isRole(f[2]) {
				return nil, nil, fmt.Errorf("authz: policy.csv line %d: unknown role %q", n+1, f[2])
			}
			links = append(links, f[1:])
		default:
			return nil, nil, fmt.Errorf("authz: policy.csv line %d: unknown line type %q", n+1, f[0])
		}
	}
	if len(grants) == 0 {
		return nil, nil, errors.New("authz: policy.csv grants nothing")
	}
	return grants, links, nil
}

func isRole(s string) bool { return slices.Contains(Roles, account.Role(s)) }

func isScope(s string) bool { _, ok := ScopeByName(s); return ok }

// Allow reports whether role may call procedure (a Connect procedure name such as
// "/atelier.store.v1.CartService/GetCart"). An unknown role, or an error inside Casbin, denies.
func (a *Authorizer) Allow(role account.Role, procedure string) bool {
	if !slices.Contains(Roles, role) {
		return false
	}
	return a.enforce(string(role), procedure)
}

// enforce is Casbin's decision for subject and procedure, remembered (decisions). An error
// denies, and is asked again next time.
func (a *Authorizer) enforce(subject, procedure string) bool {
	key := decisionKey{subject, procedure}
	if allowed, ok := a.decisions.Load(key); ok {
		return allowed.(bool) //nolint:forcetypeassert // only enforce stores, and only bools
	}
	allowed, err := a.enforcer.Enforce(subject, procedure)
	if err != nil {
		return false
	}
	a.decisions.Store(key, allowed)
	return allowed
}

// AllowScopes reports whether a key holding scopes may call procedure: one of them is granted it,
// and an admin may call it. Unknown scopes grant nothing.
func (a *Authorizer) AllowScopes(scopes []string, procedure string) bool {
	if !a.Allow(account.RoleAdmin, procedure) {
		return false
	}
	for _, s := range scopes {
		if !isScope(s) {
			continue
		}
		if a.enforce(s, procedure) {
			return true
		}
	}
	return false
}

// Uncovered returns the procedures no policy line names, for any role: procedures nobody has
// decided about yet. They are denied to everyone, which is safe but almost never what the
// author of a new procedure meant.
func (a *Authorizer) Uncovered(procedures []string) []string {
	var out []string
	for _, p := range procedures {
		if !slices.ContainsFunc(a.objects, func(obj string) bool { return util.KeyMatch(p, obj) }) {
			out = append(out, p)
		}
	}
	return out
}

// Unused returns the exact procedure names policy lines grant that are not among procedures: a
// line left behind by a removed or renamed procedure, or a misspelt one. Patterns ("…*") are not
// reported.
func (a *Authorizer) Unused(procedures []string) []string {
	var out []string
	for _, obj := range a.objects {
		if !strings.Contains(obj, "*") && !slices.Contains(procedures, obj) && !slices.Contains(out, obj) {
			out = append(out, obj)
		}
	}
	return out
}

// Check fails naming every procedure the policy does not cover, so a server refuses to start
// with a procedure nobody has decided about.
func (a *Authorizer) Check(procedures []string) error {
	if missing := a.Uncovered(procedures); len(missing) > 0 {
		return fmt.Errorf("authz: no line in policy.csv for %s; say who may call it", strings.Join(missing, ", "))
	}
	return nil
}
