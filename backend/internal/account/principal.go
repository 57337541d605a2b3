// Package account owns shoppers' and admins' accounts: registration, passwords (argon2id),
// sessions (opaque tokens stored hashed), password reset, and the caller's identity for the
// duration of a request (the Principal).
package account

import "context"

// Role is what a caller may do; roles nest: anonymous ⊂ customer ⊂ admin. The authz package maps
// roles to procedures.
type Role string

// The roles.
const (
	RoleAnonymous Role = "anonymous"
	RoleCustomer  Role = "customer"
	RoleAdmin     Role = "admin"
)

// Principal is who is calling: an account with its role and session, or nobody (anonymous).
type Principal struct {
	AccountID string // empty for anonymous callers
	SessionID string // the session the bearer token belongs to
	Role      Role
	// TOTPEnrolmentRequired: the account is an admin without the two-factor authentication the
	// shop requires of admins, so Role is RoleCustomer until they set it up.
	TOTPEnrolmentRequired bool

	totpEnabled bool // as read with the session, for Authenticate's rule
}

// Anonymous is the principal of a caller without a valid session.
var Anonymous = Principal{Role: RoleAnonymous}

// SignedIn reports whether the caller has an account.
func (p Principal) SignedIn() bool { return p.AccountID != "" }

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the caller set by WithPrincipal, or Anonymous.
func PrincipalFrom(ctx context.Context) Principal {
	if p, ok := ctx.Value(principalKey{}).(Principal); ok {
		return p
	}
	return Anonymous
}
