package catalog

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// readEventProduct reads a product as its webhook events describe it.
func readEventProduct(ctx context.Context, tx pgx.Tx, id string) (EventProduct, error) {
	var p EventProduct
	var price *int64
	var currency string
	var archived *time.Time
	err := tx.QueryRow(ctx, `SELECT id::text, slug, name, COALESCE(sku, ''), price_minor, currency_code, stock_quantity,
			is_active, published, archived_at, version
		FROM products WHERE id = $1::uuid`, id).Scan(&p.ID, &p.Slug, &p.Name, &p.SKU, &price, &currency, &p.Stock,
		&p.Active, &p.Published, &archived, &p.Revision)
	if err != nil {
		return EventProduct{}, fmt.Errorf("catalog.readEventProduct: %w", err)
	}
	if price != nil {
		p.Price = &event.Money{Amount: *price, Currency: currency}
	}
	p.Archived = archived != nil
	return p, nil
}
