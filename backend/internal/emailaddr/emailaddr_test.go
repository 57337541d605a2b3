package emailaddr

import (
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/stretchr/testify/require"
)

func TestValid(t *testing.T) {
	t.Parallel()
	tests := map[string]bool{
		"jane@example.com":                       true,
		"Jane.Doe+news@mail.example.co.uk":       true,
		"o'brien@example.ie":                     true,
		"x@a-b.io":                               true,
		"":                                       false,
		"jane":                                   false,
		"jane@":                                  false,
		"@example.com":                           false,
		"jane@gmail":                             false,
		"jane@@example.com":                      false,
		"jane@example..com":                      false,
		"jane@-example.com":                      false,
		"jane@example-.com":                      false,
		"jane.@example.com":                      false,
		".jane@example.com":                      false,
		"ja..ne@example.com":                     false,
		"jane doe@example.com":                   false,
		" jane@example.com":                      false,
		"Jane <jane@example.com>":                false,
		`"jane"@example.com`:                     false,
		"jane@[127.0.0.1]":                       false,
		"jané@example.com":                       false,
		"jane@exämple.com":                       false,
		strings.Repeat("a", 65) + "@example.com": false,
		strings.Repeat("a", 64) + "@example.com": true,
		"a@" + strings.Repeat("b", 64) + ".com":  false,
		"a@" + strings.Repeat(strings.Repeat("b", 50)+".", 5) + "com": false, // 260 characters
	}
	for in, want := range tests {
		require.Equal(t, want, Valid(in), "%q", in)
	}
}

// Whatever Valid accepts is one short, printable local@domain pair with a dotted domain.
func FuzzValid(f *testing.F) {
	for _, seed := range []string{"jane@example.com", "a@b.c", "@", "a@b@c.d", "a@b..c", "é@x.y", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !Valid(s) {
			return
		}
		local, domain, _ := strings.Cut(s, "@")
		if len(s) > MaxLen || strings.Count(s, "@") != 1 || local == "" || !strings.Contains(domain, ".") {
			t.Fatalf("accepted %q", s)
		}
		for _, r := range s {
			if r <= ' ' || r > '~' {
				t.Fatalf("accepted %q with %q", s, r)
			}
		}
	})
}

func TestCheck(t *testing.T) {
	t.Parallel()
	require.NoError(t, Check("email", "jane@example.com"))
	for in, reason := range map[string]string{"": "missing_email", "jane": "invalid_email"} {
		err := Check("email", in)
		ae := apperr.As(err)
		require.NotNil(t, ae)
		require.Equal(t, apperr.KindInvalid, ae.Kind)
		require.Equal(t, "email", ae.Field)
		require.Equal(t, reason, ae.Reason)
	}
}
