package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Listed is a product as a cart line shows it: the product row whether or not the shop still
// shows it, and whether it does.
type Listed struct {
	Product
	Visible bool
}

// ProductsForLines returns the products among ids, visible or not, keyed by id, read in the
// caller's transaction. A cart line whose product left the shop (archived, unpublished, made
// inactive) is still shown, flagged, with the name and picture the shopper chose it by, so the
// row is read even though the public rule hides it; only the flag says it cannot be bought.
// An unpriced product reads as price zero. Unknown ids are absent.
func ProductsForLines(ctx context.Context, tx pgx.Tx, ids []string) (map[string]Listed, error) {
	out := make(map[string]Listed, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := tx.Query(ctx, `SELECT p.id::text FROM products p WHERE `+visible+` AND p.id = ANY(@ids::uuid[])`,
		pgx.NamedArgs{"ids": ids})
	if err != nil {
		return nil, fmt.Errorf("catalog.ProductsForLines: %w", err)
	}
	shown, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("catalog.ProductsForLines: %w", err)
	}
	// The same columns as every other read, but a hidden product may have no price yet.
	columns := strings.Replace(productColumns, "p.price_minor", "COALESCE(p.price_minor, 0)", 1)
	ps, err := selectProducts(ctx, tx, ViewFull, `SELECT `+columns+` FROM products p WHERE p.id = ANY(@ids::uuid[])`,
		pgx.NamedArgs{"ids": ids})
	if err != nil {
		return nil, fmt.Errorf("catalog.ProductsForLines: %w", err)
	}
	for _, p := range ps {
		out[p.ID] = Listed{Product: p}
	}
	for _, id := range shown {
		l := out[id]
		l.Visible = true
		out[id] = l
	}
	return out, nil
}
