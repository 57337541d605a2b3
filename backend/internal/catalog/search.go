package catalog

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
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

// searchRank ranks a product against the query @search_query: the name's rank, then the
// brand's and the whole document's (description included) at PostgreSQL's default weights for
// B and C relative to A (0.4, 0.2 of 1.0) — setweight's ranking without setweight, which
// CockroachDB lacks.
const searchRank = `(ts_rank(p.search_name, to_tsquery('english', @search_query))
	+ 0.4 * ts_rank(p.search_brand, to_tsquery('english', @search_query))
	+ 0.2 * ts_rank(p.search_document, to_tsquery('english', @search_query)))`

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

// correctWords returns words with each one the vocabulary lacks replaced by its closest known
// word, and whether anything changed. A word with no close enough neighbour is kept, so the
// corrected search still finds nothing, as it should.
func correctWords(ctx context.Context, tx pgx.Tx, words []string) ([]string, bool, error) {
	// The threshold of `%` is a setting; LOCAL keeps it to this (read-only) transaction.
	if _, err := tx.Exec(ctx, `SET LOCAL pg_trgm.similarity_threshold = `+correctionThreshold); err != nil {
		return nil, false, err
	}
	out := make([]string, len(words))
	changed := false
	for i, w := range words {
		out[i] = w
		if utf8.RuneCountInString(w) < 3 {
			continue
		}
		// A stop word ("the", "and") is not searched for, so it is not corrected into a word
		// that is ("and" → "hand"): the last condition, a constant, is false for one.
		rows, err := tx.Query(ctx, `SELECT term FROM search_terms
			WHERE term % @word AND to_tsvector('english', @word) @@ plainto_tsquery('english', @word)
			ORDER BY similarity(term, @word) DESC, term LIMIT @limit`, pgx.NamedArgs{"word": w, "limit": correctionCandidates})
		if err != nil {
			return nil, false, err
		}
		candidates, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, false, err
		}
		if best, ok := closest(w, candidates); ok && best != w {
			out[i], changed = best, true
		}
	}
	return out, changed, nil
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

// refreshSearch recomputes what search knows of product id from its name and attributes: its
// brand text (which the generated search documents read) and the vocabulary's words. Every write
// of a product's name or attributes calls it in the same transaction; migration 0027 runs the
// same two statements for the products already there.
func refreshSearch(ctx context.Context, tx pgx.Tx, id string) error {
	args := pgx.NamedArgs{"id": id}
	if _, err := tx.Exec(ctx, `UPDATE products SET brand_text = COALESCE((SELECT string_agg(a.value, ' ' ORDER BY a.position)
		FROM product_attributes a WHERE a.product_id = products.id AND lower(a.name) IN ('brand', 'category')), '')
		WHERE id = @id::uuid`, args); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO search_terms (term)
		SELECT DISTINCT w.term
		FROM products p, unnest(regexp_split_to_array(lower(p.name || ' ' || p.brand_text), '[[:space:][:punct:]]+')) AS w (term)
		WHERE p.id = @id::uuid AND char_length(w.term) >= 3
		ON CONFLICT (term) DO NOTHING`, args)
	return err
}
