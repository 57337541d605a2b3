package db

import (
	"strings"

	"github.com/google/uuid"
)

// CanonicalID reports whether s is a key in the one form the API contract and the database agree
// on: a UUID in its canonical 36-character form (8-4-4-4-12 hex digits, either case). It returns the
// key lower-cased, the way the database prints it back, so ids compare equal with what a query
// returns. uuid.Parse alone also accepts braces, a "urn:uuid:" prefix and the 32-digit form, which
// the contract does not, hence the length check. Every context checks ids here, so they all
// refuse the same strings.
func CanonicalID(s string) (string, bool) {
	if len(s) != 36 {
		return "", false
	}
	if _, err := uuid.Parse(s); err != nil {
		return "", false
	}
	return strings.ToLower(s), true
}
