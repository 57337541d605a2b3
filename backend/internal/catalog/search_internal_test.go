package catalog

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Whatever a shopper types, the tsquery text is words joined by & with the last a prefix: no
// operator of theirs survives to be a syntax error.
func TestTsqueryText(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		search, want string
	}{
		"one word":                 {"Serum", "serum:*"},
		"words ANDed":              {"rose  serum", "rose & serum:*"},
		"operators dropped":        {`rose & !serum | (oil) <-> 'a':* "b"`, "rose & serum & oil:*"},
		"one-letter words dropped": {"arm's length", "arm & length:*"},
		"a lone letter kept":       {"a", "a:*"},
		"punctuation only":         {`&|!():*'\`, ""},
		"letters and digits":       {"Lumière 50ml", "lumière & 50ml:*"},
		"at most eight words":      {"a1 b2 c3 d4 e5 f6 g7 h8 i9", "a1 & b2 & c3 & d4 & e5 & f6 & g7 & h8:*"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, tsqueryText(searchWords(tt.search)))
		})
	}
}

func TestEditDistance(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		a, b string
		want int
	}{
		"same":               {"serum", "serum", 0},
		"transposition":      {"seurm", "serum", 1},
		"deletion":           {"shampo", "shampoo", 1},
		"substitution":       {"lumeire", "lumière", 2},
		"unrelated":          {"seurm", "set", 3},
		"empty":              {"", "oil", 3},
		"runes, not bytes":   {"lumiere", "lumière", 1},
		"two transpositions": {"esrmu", "serum", 2},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, editDistance(tt.a, tt.b))
			require.Equal(t, tt.want, editDistance(tt.b, tt.a))
		})
	}
}
