// Package apikey owns partners' API keys: making them (shown once, stored as a SHA-256 hash),
// listing, renaming and revoking them, and telling who a presented key belongs to. What a key
// may call is decided by its scopes in the authz policy; where a browser may use it, by its kind
// and allowed origins (Caller.AllowsOrigin).
package apikey

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"math/big"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
)

// Kind says where a key may be used.
type Kind string

// The kinds of key.
const (
	// Secret keys are for servers: a browser may not send one.
	Secret Kind = "secret"
	// Publishable keys are for browsers on their allowed origins, and read only.
	Publishable Kind = "publishable"
)

// Prefix starts every key, so that a key is recognisable in a header, a log or a leak scanner.
const Prefix = "atl_"

// secretBytes is how much randomness a key carries: 256 bits, so a plain SHA-256 is an adequate
// lookup hash (there is nothing to guess that a slow hash would protect).
const secretBytes = 32

// encodedLength is the length of 32 bytes in base 62, padded: ⌈256 / log2 62⌉.
const encodedLength = 43

// shownPrefix is how many characters of a key are kept readable to recognise it by.
const shownPrefix = len(Prefix) + 3 + 6

func kindTag(k Kind) string {
	if k == Publishable {
		return "pk_"
	}
	return "sk_"
}

// Key is a key as admins see it: never the key itself.
type Key struct {
	ID             string
	Name           string
	Kind           Kind
	Prefix         string // the key's first characters, e.g. "atl_sk_3fK9aB"
	Scopes         []string
	AllowedOrigins []string
	CreatedBy      Creator
	CreatedAt      time.Time
	LastUsedAt     time.Time // zero if never used
	RevokedAt      time.Time // zero while live
}

// Creator is the admin who made a key.
type Creator struct {
	AccountID string
	Name      string
	Email     string
}

// Caller is who is calling with a live key: what the authorization layer and the handlers need.
type Caller struct {
	KeyID          string
	Name           string
	Kind           Kind
	Scopes         []string
	AllowedOrigins []string
	// CreatedBy is the account of the admin who made the key: changes made with it are recorded
	// in history as the key's, on that admin's behalf.
	CreatedBy string
}

// AllowsOrigin reports whether a request sent by a browser from origin ("" when no browser sent
// it) may use the key: a publishable key from its allowed origins only, a secret key never from
// a browser. A server (no Origin header) may use either.
func (c Caller) AllowsOrigin(origin string) bool {
	if origin == "" {
		return true
	}
	return c.Kind == Publishable && slices.Contains(c.AllowedOrigins, origin)
}

type callerKey struct{}

// WithCaller returns ctx carrying the key caller c.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// CallerFrom returns the key the request was made with, if it was made with one.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok
}

// LooksLikeKey reports whether a bearer token is meant as an API key rather than a session token
// (session tokens are base64url and never start with Prefix).
func LooksLikeKey(token string) bool { return strings.HasPrefix(token, Prefix) }

// newSecret makes a key of kind k: Prefix, the kind's tag, then 32 random bytes in base 62.
func newSecret(k Kind) (secret string, hash []byte, err error) {
	raw := make([]byte, secretBytes)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, fmt.Errorf("apikey.newSecret: %w", err)
	}
	body := new(big.Int).SetBytes(raw).Text(62)
	body = strings.Repeat("0", encodedLength-len(body)) + body
	secret = Prefix + kindTag(k) + body
	return secret, hashSecret(secret), nil
}

// hashSecret is a key's lookup hash.
func hashSecret(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

// wellFormed reports whether secret could have been made by newSecret, so that garbage costs no
// query.
func wellFormed(secret string) bool {
	rest, ok := strings.CutPrefix(secret, Prefix)
	if !ok {
		return false
	}
	rest, ok = strings.CutPrefix(rest, "sk_")
	if !ok {
		if rest, ok = strings.CutPrefix(rest, "pk_"); !ok {
			return false
		}
	}
	if len(rest) != encodedLength {
		return false
	}
	for _, r := range rest {
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

// NewKey is what an admin asks for.
type NewKey struct {
	Name           string
	Kind           Kind
	Scopes         []string
	AllowedOrigins []string
}

// normalize checks a new key's fields and returns them cleaned: names trimmed, origins in their
// canonical form, scopes in the order authz lists them.
func (n NewKey) normalize() (NewKey, error) {
	name, err := normalizeName(n.Name)
	if err != nil {
		return NewKey{}, err
	}
	n.Name = name
	if n.Kind != Secret && n.Kind != Publishable {
		return NewKey{}, apperr.Invalid("kind", "invalid_kind", "Choose whether the key is secret or publishable.")
	}
	if len(n.Scopes) == 0 {
		return NewKey{}, apperr.Invalid("scopes", "scopes_required", "Choose at least one scope.")
	}
	var scopes []string
	for _, s := range authz.Scopes {
		if slices.Contains(n.Scopes, string(s.Scope)) {
			if n.Kind == Publishable && !s.Publishable {
				return NewKey{}, apperr.Invalid("scopes", "scope_not_publishable",
					"A publishable key is used in browsers, so it may only read: %s is for secret keys.", s.Scope)
			}
			scopes = append(scopes, string(s.Scope))
		}
	}
	for _, s := range n.Scopes {
		if _, ok := authz.ScopeByName(s); !ok {
			return NewKey{}, apperr.Invalid("scopes", "unknown_scope", "%q is not a scope.", s)
		}
	}
	n.Scopes = scopes
	if n.AllowedOrigins, err = normalizeOrigins(n.Kind, n.AllowedOrigins); err != nil {
		return NewKey{}, err
	}
	return n, nil
}

func normalizeName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > 100 {
		return "", apperr.Invalid("name", "invalid_name", "Name the key in 1 to 100 characters.")
	}
	return name, nil
}

// normalizeOrigins checks a key's allowed origins: a publishable key needs at least one; a secret
// key, which no browser may send, has none.
func normalizeOrigins(k Kind, origins []string) ([]string, error) {
	if k == Secret {
		if len(origins) > 0 {
			return nil, apperr.Invalid("allowed_origins", "origins_not_allowed",
				"A secret key is for servers and may not be used from a browser: make a publishable key for that.")
		}
		return []string{}, nil
	}
	if len(origins) == 0 {
		return nil, apperr.Invalid("allowed_origins", "origins_required",
			"Name at least one origin (such as https://partner.example) where the key will be used.")
	}
	out := make([]string, 0, len(origins))
	for _, o := range origins {
		c, ok := CanonicalOrigin(o)
		if !ok {
			return nil, apperr.Invalid("allowed_origins", "invalid_origin",
				"%q is not an origin: give the scheme and host only, such as https://partner.example.", o)
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// CanonicalOrigin returns origin as browsers send it in an Origin header ("https://host[:port]",
// lower case, no path), and whether it is one: https, or http for a developer's own machine.
func CanonicalOrigin(origin string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(origin))
	if err != nil || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" ||
		u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	switch scheme {
	case "https":
	case "http":
		if h := u.Hostname(); h != "localhost" && h != "127.0.0.1" && h != "::1" {
			return "", false
		}
	default:
		return "", false
	}
	return scheme + "://" + host, true
}
