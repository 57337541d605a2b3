package catalog

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// View is how much of each product an answer carries (AIP-157 partial responses). A list page
// whole weighs about 2 KB a product — the full description, every specification row, every image
// with its renditions — where a card needs a tenth of that (issue 17): lists answer with the
// summary unless asked for everything.
type View int

// Views. The zero View is "not chosen", which lists read as ViewBasic.
const (
	ViewUnspecified View = iota
	// ViewBasic is the summary a card or list row needs: no SKU, the description shortened to
	// SummaryDescriptionLen (ShortenDescription), only SummaryAttributes, only the first image.
	ViewBasic
	// ViewFull is the product whole, as the product page shows it.
	ViewFull
)

// orBasic is v with "not chosen" read as the summary, as lists do.
func (v View) orBasic() View {
	if v == ViewUnspecified {
		return ViewBasic
	}
	return v
}

// SummaryDescriptionLen is the most characters (runes, "…" included) a summary's description has.
const SummaryDescriptionLen = 160

// SummaryAttributes are the attributes a summary keeps: what cards and filters show. Specification
// rows (Size, Ingredients…) are for the product page.
var SummaryAttributes = []string{AttrCategory, AttrBrand, AttrFeature}

// ShortenDescription returns s when it has at most limit characters; otherwise its longest
// beginning that ends at a word boundary and, with "…" appended, has at most limit characters.
// Characters are runes, never bytes, so a multi-byte letter is never cut in half; a single word
// longer than limit is cut inside it, as nothing else would fit.
func ShortenDescription(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	if limit < 1 {
		return ""
	}
	runes := []rune(s)
	keep := limit - 1 // room for "…"
	cut := keep
	// Unless the text breaks right after the kept runes, back off to the last space within them.
	if !unicode.IsSpace(runes[keep]) {
		for cut > 0 && !unicode.IsSpace(runes[cut-1]) {
			cut--
		}
		if cut == 0 {
			cut = keep
		}
	}
	head := strings.TrimRightFunc(string(runes[:cut]), func(r rune) bool {
		// "word, …" reads worse than "word…".
		return unicode.IsSpace(r) || strings.ContainsRune(",;:-–—", r)
	})
	if head == "" {
		head = string(runes[:keep])
	}
	return head + "…"
}

// summarize makes p a summary: what ViewBasic carries. The store reads a summary already cut to
// size (only the attributes and image it keeps, a description long enough to shorten); this
// applies the rules that remain and guards those it relies on.
func (p Product) summarize() Product {
	p.SKU = ""
	p.Description = ShortenDescription(p.Description, SummaryDescriptionLen)
	attrs := make([]Attribute, 0, len(p.Attributes))
	for _, a := range p.Attributes {
		if slices.Contains(SummaryAttributes, a.Name) {
			attrs = append(attrs, a)
		}
	}
	p.Attributes = attrs
	if len(p.Images) > 1 {
		p.Images = p.Images[:1]
	}
	return p
}
