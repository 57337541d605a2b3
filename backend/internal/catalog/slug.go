package catalog

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// maxSlugLen bounds a slug (the public Get accepts keys of at most 100 characters), leaving
// room for a "-N" suffix.
const maxSlugLen = 90

// fallbackSlug is the slug of a name with no Latin letters or digits at all.
const fallbackSlug = "product"

// letterSpellings are the Latin letters that do not decompose into a base letter and marks.
var letterSpellings = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i",
}

// Slugify derives a URL slug from a product name: lower-case ASCII words joined by hyphens,
// accents transliterated ("Crème Lumière" → "creme-lumiere"), everything else a word break.
func Slugify(name string) string {
	var b strings.Builder
	pendingHyphen := false
	word := func(s string) {
		if pendingHyphen && b.Len() > 0 {
			b.WriteByte('-')
		}
		pendingHyphen = false
		b.WriteString(s)
	}
	for _, r := range norm.NFKD.String(strings.ToLower(name)) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			word(string(r))
		case unicode.Is(unicode.Mn, r):
			// A combining accent of the letter before it: dropped, the letter kept.
		case letterSpellings[r] != "":
			word(letterSpellings[r])
		default:
			pendingHyphen = true
		}
	}
	s := b.String()
	if len(s) > maxSlugLen {
		s = strings.TrimRight(s[:maxSlugLen], "-")
	}
	if s == "" {
		return fallbackSlug
	}
	return s
}
