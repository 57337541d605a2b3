package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Search turns a shopper's text into a full-text query over the products' search documents
// (migrations 0026–0029, ADR 014): each word stemmed by the English configuration, the words
// ANDed, the last one a prefix so that results follow the typing ("ser" finds serums).
//
// The query text is built from words alone — runs of letters and digits — so nothing a shopper
// types can be a tsquery operator or a syntax error; what is left between the words is dropped.

// maxSearchWords bounds the words of one query: each is a term the index must intersect.
const maxSearchWords = 8

// searchWords splits text into lower-cased words of letters and digits, at most maxSearchWords.
// One-character words are dropped when there are longer ones: they are mostly what punctuation
// leaves of a word ("arm's" → "arm", "s"), and as the last, prefix word one would match nearly
// everything.
func searchWords(text string) []string {
	fields := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	words := make([]string, 0, len(fields))
	for _, f := range fields {
		if utf8.RuneCountInString(f) > 1 {
			words = append(words, f)
		}
	}
	if len(words) == 0 && len(fields) > 0 {
		words = fields[:1]
	}
	return words[:min(len(words), maxSearchWords)]
}

// tsqueryText is the to_tsquery input for words: `rose & serum:*`. Empty for no words.
func tsqueryText(words []string) string {
	if len(words) == 0 {
		return ""
	}
	return strings.Join(words, " & ") + ":*"
}

// Typo correction: a word is replaced by the vocabulary's closest word when the search as typed
// matches nothing. Candidates come from the trigram index (similarity at least
// correctionThreshold; pg_trgm's 0.3 default misses transpositions such as "seurm" for
// "serum", 0.2); the closest by edit distance wins, within maxEdits.
const (
	correctionThreshold  = "0.15"
	correctionCandidates = 20
)

// maxEdits is how many single-character edits a correction of a word of n letters may make:
// one in a short word, two in a longer one.
func maxEdits(n int) int {
	if n <= 4 {
		return 1
	}
	return 2
}

// closest picks the candidate fewest edits from word, within maxEdits; among equals the first
// (the most trigram-similar, as candidates come ordered).
func closest(word string, candidates []string) (string, bool) {
	best, bestDist := "", maxEdits(utf8.RuneCountInString(word))+1
	for _, c := range candidates {
		if d := editDistance(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, best != ""
}

// editDistance is the optimal-string-alignment distance between a and b: insertions, deletions,
// substitutions and transpositions of adjacent letters each count one ("seurm" → "serum" is one).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// rows i-2, i-1 and i of the dynamic programme.
	prev2, prev, cur := make([]int, len(y)+1), make([]int, len(y)+1), make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
