package catalog

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// StockLevel is a product's stock as the dashboard shows it.
type StockLevel struct {
	ID    string
	Name  string
	SKU   string
	Stock int32
}

// CountProducts counts, in the caller's (dashboard's) transaction, the products that are not archived (active or not, published or not,
// drafts included): the catalogue the shop keeps.
func CountProducts(ctx context.Context, tx pgx.Tx) (int64, error) {
	var n int64
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM products WHERE archived_at IS NULL`).Scan(&n); err != nil {
		return 0, fmt.Errorf("catalog.CountProducts: %w", err)
	}
	return n, nil
}

// RunningOut lists up to limit products that are not archived and hold fewer than LowStockBelow
// units (none included: the low-stock and out-of-stock badges), lowest stock first, then by name
// and id so the list is stable.
func RunningOut(ctx context.Context, tx pgx.Tx, limit int) ([]StockLevel, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, name, coalesce(sku, ''), stock_quantity FROM products
		WHERE archived_at IS NULL AND stock_quantity < @below
		ORDER BY stock_quantity, name, id LIMIT @limit`, pgx.NamedArgs{"below": LowStockBelow, "limit": limit})
	if err != nil {
		return nil, fmt.Errorf("catalog.RunningOut: %w", err)
	}
	levels, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (StockLevel, error) {
		var s StockLevel
		err := r.Scan(&s.ID, &s.Name, &s.SKU, &s.Stock)
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("catalog.RunningOut: %w", err)
	}
	return levels, nil
}
