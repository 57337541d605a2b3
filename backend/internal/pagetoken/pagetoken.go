// Package pagetoken makes the opaque page tokens (AIP-158) of the lists partners walk: a token is
// a small struct of the list's own (its sort, the fingerprint of its filters, the last row's sort
// keys and id) as base64url JSON. Each context says what its cursor holds; this package encodes
// it, reads it back strictly, and words the errors every list answers alike. A token is not
// signed: it names only a place in a list the caller may read anyway, and the context checks
// every field it reads (sort, fingerprint, key formats) before using it.
package pagetoken

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
)

// MaxLen is the longest token accepted, as the contract's page_token fields say.
const MaxLen = 500

// Encode is the token of cursor, a struct of plain fields.
func Encode(cursor any) string {
	raw, err := json.Marshal(cursor)
	if err != nil {
		panic("pagetoken.Encode: " + err.Error()) // a cursor of plain fields always marshals
	}
	return base64.RawURLEncoding.EncodeToString(raw)
}

// Decode reads token into cursor (a pointer to the struct Encode was given). Anything but a
// token of that struct is refused with Invalid: tokens are opaque, so the caller learns only
// that this one is not usable.
func Decode(token string, cursor any) error {
	if len(token) > MaxLen {
		return Invalid()
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return Invalid()
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if dec.Decode(cursor) != nil || dec.More() {
		return Invalid()
	}
	return nil
}

// Fingerprint identifies what a query selects (its filters and search, not which page), so that
// a token is refused with other filters: a page after a row of another selection means nothing.
// Each part should be unambiguous on its own (quoted strings, formatted numbers); they are
// joined with "|".
func Fingerprint(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "|")))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

// Invalid is the error of a token this API did not return for this query.
func Invalid() error {
	return apperr.Invalid("page_token", "invalid_page_token",
		"page_token is not one this API returned for this search, filters and sort")
}

// WithPage is the error of a request naming both a page number and a page token.
func WithPage() error {
	return apperr.Invalid("page", "page_with_page_token", "give page or page_token, not both")
}
