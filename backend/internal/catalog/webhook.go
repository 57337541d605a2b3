package catalog

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// EventProduct is the data of the product.* and stock.low webhook events: the product as a
// partner's system needs it (a marketplace feed, a stock sync), read in the transaction that
// changed it. The price is in pence with its currency; null for a draft without one.
type EventProduct struct {
	ID          string       `json:"id"`
	Slug        string       `json:"slug"`
	Name        string       `json:"name"`
	SKU         string       `json:"sku"`
	Price       *event.Money `json:"price"`
	Stock       int32        `json:"stock"`
	StockStatus string       `json:"stock_status"`
	Active      bool         `json:"active"`
	Published   bool         `json:"published"`
	Archived    bool         `json:"archived"`
	Revision    int64        `json:"revision,string"`
}

// stockStatusNames are the stock statuses as events spell them.
var stockStatusNames = map[StockStatus]string{InStock: "in_stock", LowStock: "low_stock", OutOfStock: "out_of_stock"}

// productEvents maps an admin change to the webhook event it announces; every action not listed
// (published, unpublished, restored, image edits…) is a product.updated.
var productEvents = map[Action]event.Type{
	ActionCreated:  event.ProductCreated,
	ActionArchived: event.ProductArchived,
}

// emitProductEvent writes event t about product id to the outbox in tx.
func emitProductEvent(ctx context.Context, tx pgx.Tx, id string, t event.Type) error {
	p, err := readEventProduct(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("catalog.emitProductEvent: %s: %w", t, err)
	}
	p.StockStatus = stockStatusNames[Product{Stock: p.Stock}.StockStatus()]
	if _, err := event.Emit(ctx, tx, t, time.Now(), p); err != nil {
		return fmt.Errorf("catalog.emitProductEvent: %w", err)
	}
	return nil
}

// becameLow reports whether stock going from before to after crossed into "low" (1 to
// LowStockBelow−1) or out of stock: the moment a stock.low event announces, once per crossing.
func becameLow(before, after int32) bool { return before >= LowStockBelow && after < LowStockBelow }
