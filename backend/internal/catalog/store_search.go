package catalog

import (
	"context"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
)

// The SQL of search (search.go, ADR 014).

// searchRank ranks a product against the query @search_query: the name's rank, then the
// brand's and the whole document's (description included) at PostgreSQL's default weights for
// B and C relative to A (0.4, 0.2 of 1.0) — setweight's ranking without setweight, which
// CockroachDB lacks.
const searchRank = `(ts_rank(p.search_name, to_tsquery('english', @search_query))
	+ 0.4 * ts_rank(p.search_brand, to_tsquery('english', @search_query))
	+ 0.2 * ts_rank(p.search_document, to_tsquery('english', @search_query)))`

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
