package order

import (
	"context"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// readEventOrder reads an order as its webhook events describe it.
func readEventOrder(ctx context.Context, tx pgx.Tx, id string) (EventOrder, error) {
	var o EventOrder
	var cur string
	var carrier, number, url string
	err := tx.QueryRow(ctx, `SELECT id::text, number, status, email, subtotal_minor, delivery_minor, vat_minor, total_minor,
			refunded_minor, currency_code, tracking_carrier, tracking_number, tracking_url, created_at
		FROM orders WHERE id = $1::uuid`, id).Scan(&o.ID, &o.Number, &o.Status, &o.Email, &o.Subtotal.Amount,
		&o.Delivery.Amount, &o.VAT.Amount, &o.Total.Amount, &o.Refunded.Amount, &cur, &carrier, &number, &url, &o.CreatedAt)
	if err != nil {
		return EventOrder{}, fmt.Errorf("order.readEventOrder: %w", err)
	}
	o.Subtotal.Currency, o.Delivery.Currency, o.VAT.Currency, o.Total.Currency, o.Refunded.Currency = cur, cur, cur, cur, cur
	if number != "" {
		o.Tracking = &EventTrack{Carrier: carrier, Number: number, URL: url}
	}
	rows, err := tx.Query(ctx, `SELECT product_id::text, sku, name, quantity, unit_minor, line_minor
		FROM order_lines WHERE order_id = $1::uuid ORDER BY position`, id)
	if err != nil {
		return EventOrder{}, fmt.Errorf("order.readEventOrder: lines: %w", err)
	}
	o.Lines, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (EventLine, error) {
		l := EventLine{UnitPrice: event.Money{Currency: cur}, LineTotal: event.Money{Currency: cur}}
		err := r.Scan(&l.ProductID, &l.SKU, &l.Name, &l.Quantity, &l.UnitPrice.Amount, &l.LineTotal.Amount)
		return l, err
	})
	if err != nil {
		return EventOrder{}, fmt.Errorf("order.readEventOrder: lines: %w", err)
	}
	return o, nil
}
