// Package emailaddr is the one rule for what Atelier accepts as an e-mail address, shared by every
// context that stores one (newsletter, contact form, later accounts and checkout), so a form
// never accepts an address another form would refuse.
package emailaddr

import (
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
)

// MaxLen is the longest address that can be delivered (RFC 5321's path limit less the brackets).
const MaxLen = 254

// Valid reports whether s is a plain address "local@domain": a dot-atom local part of at most
// 64 characters and a domain of at least two dot-separated labels of letters, digits and
// hyphens. It is stricter than RFC 5322 on purpose: quoted local parts, comments, display names
// and IP-literal domains are legal but are almost always mistakes on a shop's form, and a
// single-label domain ("jane@gmail") is always one.
func Valid(s string) bool {
	if len(s) > MaxLen {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	return ok && validLocal(local) && validDomain(domain)
}

// Check returns the error a form shows for s in field: missing or not a valid address.
func Check(field, s string) error {
	switch {
	case s == "":
		return apperr.Invalid(field, "missing_"+field, "%s is required", field)
	case !Valid(s):
		return apperr.Invalid(field, "invalid_email", "%s must be a valid e-mail address, like name@example.com", field)
	}
	return nil
}

func validLocal(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for atom := range strings.SplitSeq(s, ".") {
		if atom == "" {
			return false
		}
		for _, r := range atom {
			if !isAlnum(r) && !strings.ContainsRune("!#$%&'*+/=?^_`{|}~-", r) {
				return false
			}
		}
	}
	return true
}

func validDomain(s string) bool {
	labels := strings.Split(s, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, r := range l {
			if !isAlnum(r) && r != '-' {
				return false
			}
		}
	}
	return true
}

func isAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}
