package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
)

// User is an account as its owner and the back office see it; never the password hash.
type User struct {
	ID          string
	FirstName   string
	LastName    string
	Email       string // trimmed, lower-cased
	Role        Role   // RoleCustomer or RoleAdmin
	CreatedAt   time.Time
	LastLoginAt time.Time // zero if the account never signed in
	// TOTPEnabled: sign-in needs a second factor. Filled in by GetMe.
	TOTPEnabled bool
	// TOTPEnrolmentRequired: an admin without the second factor the shop requires of admins, who
	// has a customer's powers until they set it up. Filled in by GetMe.
	TOTPEnrolmentRequired bool
}

// Session is a signed-in session. Token is the bearer secret: it is returned once, when the
// session is made, and only its SHA-256 is stored.
type Session struct {
	ID        string
	Token     string
	ExpiresAt time.Time
}

// Profile is what an account's owner chooses: name and e-mail address.
type Profile struct {
	FirstName string
	LastName  string
	Email     string
}

// Length limits in characters, as in the API contract.
const (
	MaxNameLen        = 100
	MinPasswordLen    = 8
	MaxPasswordLen    = 200
	defaultPageSize   = 20
	maxPageSize       = 100
	tokenBytes        = 32
	invalidCredsText  = "Invalid credentials" //nolint:gosec // G101: a message shown to users, not a credential
	emailTakenText    = "An account with this email already exists."
	passwordShortText = "Password must be at least 8 characters"
)

// normalizeEmail is the form an address is stored and compared in.
func normalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// normalize trims and lower-cases, then checks the fields in the order forms show them, so the
// first error names the first field to fix.
func (p Profile) normalize() (Profile, error) {
	p.FirstName, p.LastName = strings.TrimSpace(p.FirstName), strings.TrimSpace(p.LastName)
	p.Email = normalizeEmail(p.Email)
	for _, err := range []error{
		checkName("first_name", "First name", p.FirstName),
		checkName("last_name", "Last name", p.LastName),
		emailaddr.Check("email", p.Email),
	} {
		if err != nil {
			return p, err
		}
	}
	return p, nil
}

func checkName(field, label, v string) error {
	switch {
	case v == "":
		return apperr.Invalid(field, "missing_"+field, "%s is required", label)
	case utf8.RuneCountInString(v) > MaxNameLen:
		return apperr.Invalid(field, field+"_too_long", "%s must be at most %d characters", label, MaxNameLen)
	case strings.IndexFunc(v, unicode.IsControl) >= 0:
		// Names go into e-mails and CSV exports, where a newline or escape does damage.
		return apperr.Invalid(field, "invalid_"+field, "%s contains characters that are not allowed", label)
	}
	return nil
}

// checkPassword is the password rule (OWASP ASVS: at least 8 characters, long passphrases
// allowed). Characters, not bytes, are counted, as the storefront counts them.
func checkPassword(field, password string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		return apperr.Invalid(field, "missing_"+field, "Password is required")
	case n < MinPasswordLen:
		return apperr.Invalid(field, "password_too_short", passwordShortText)
	case n > MaxPasswordLen:
		return apperr.Invalid(field, "password_too_long", "Password must be at most %d characters", MaxPasswordLen)
	}
	return nil
}

// CheckPassword applies the password rule, for callers (the admin CLI) that want to refuse a
// password before doing anything else.
func CheckPassword(password string) error { return checkPassword("password", password) }

// newToken returns a fresh bearer secret (32 random bytes, base64url) and the hash to store.
func newToken() (token string, hash []byte, err error) {
	raw := make([]byte, tokenBytes)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, fmt.Errorf("account.newToken: token: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(raw)
	return token, hashToken(token), nil
}

// hashToken is the lookup key of a token. A plain SHA-256 is enough: tokens are 256 random bits,
// so there is nothing to guess that a slow hash would protect.
func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// wellFormedToken reports whether token could have been made by newToken, so that obviously
// bad ones cost no query.
func wellFormedToken(token string) bool {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil && len(raw) == tokenBytes
}

func errInvalidCredentials() error {
	return apperr.Unauthenticated("invalid_credentials", invalidCredsText)
}

func errNotSignedIn() error {
	return apperr.Unauthenticated("unauthenticated", "Please sign in to continue.")
}
