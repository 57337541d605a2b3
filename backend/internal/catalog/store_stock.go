package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// ReserveStock takes quantity units of a product's stock for an order, in the order's
// transaction, announcing stock.low when it takes the stock below LowStockBelow. The decrement is conditional, so stock can never go below zero however many
// checkouts race for the last unit: those that lose see ok false and the units still available.
func ReserveStock(ctx context.Context, tx pgx.Tx, productID string, quantity int32) (ok bool, available int32, err error) {
	err = tx.QueryRow(ctx, `UPDATE products SET stock_quantity = stock_quantity - @qty
		WHERE id = @id::uuid AND stock_quantity >= @qty RETURNING stock_quantity`,
		pgx.NamedArgs{"id": productID, "qty": quantity}).Scan(&available)
	if err == nil {
		if becameLow(available+quantity, available) {
			if err := emitProductEvent(ctx, tx, productID, event.StockLow); err != nil {
				return false, 0, err
			}
		}
		return true, available, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, 0, fmt.Errorf("catalog.ReserveStock: %w", err)
	}
	err = tx.QueryRow(ctx, `SELECT stock_quantity FROM products WHERE id = @id::uuid`, pgx.NamedArgs{"id": productID}).Scan(&available)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("catalog.ReserveStock: %w", err)
	}
	return false, available, nil
}

// ReleaseStock gives back units an order reserved (its payment failed or its reservation lapsed).
// A product deleted since has nothing to give back to.
func ReleaseStock(ctx context.Context, tx pgx.Tx, productID string, quantity int32) error {
	if _, err := tx.Exec(ctx, `UPDATE products SET stock_quantity = stock_quantity + @qty WHERE id = @id::uuid`,
		pgx.NamedArgs{"id": productID, "qty": quantity}); err != nil {
		return fmt.Errorf("catalog.ReleaseStock: %w", err)
	}
	return nil
}
