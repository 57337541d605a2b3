package cart

import (
	"context"
	"errors"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/jackc/pgx/v5"
)

func errCartNotFound() error { return apperr.NotFound("cart_not_found", "cart not found") }

func insertCart(ctx context.Context, tx pgx.Tx) (snapshot, error) {
	var s snapshot
	err := tx.QueryRow(ctx, `INSERT INTO carts DEFAULT VALUES RETURNING id::text, updated_at`).Scan(&s.id, &s.updatedAt)
	return s, err
}

// touchCart bumps updated_at, strictly forwards even when two writes fall in one clock tick, so
// a client can tell every change apart.
func touchCart(ctx context.Context, tx pgx.Tx, id string) error {
	tag, err := tx.Exec(ctx, `UPDATE carts SET updated_at = greatest(now(), updated_at + INTERVAL '1 microsecond')
		WHERE id = @id::uuid`, pgx.NamedArgs{"id": id})
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errCartNotFound()
	}
	return nil
}

// loadCart reads the cart, its lines in the order first added and their visible products.
func loadCart(ctx context.Context, tx pgx.Tx, id string) (snapshot, error) {
	s := snapshot{id: id}
	err := tx.QueryRow(ctx, `SELECT updated_at FROM carts WHERE id = @id::uuid`, pgx.NamedArgs{"id": id}).Scan(&s.updatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, errCartNotFound()
	}
	if err != nil {
		return s, err
	}
	rows, err := tx.Query(ctx, `SELECT product_id::text, quantity FROM cart_lines WHERE cart_id = @id::uuid
		ORDER BY added_at, product_id`, pgx.NamedArgs{"id": id})
	if err != nil {
		return s, err
	}
	var l storedLine
	if _, err := pgx.ForEachRow(rows, []any{&l.productID, &l.quantity}, func() error {
		s.lines = append(s.lines, l)
		return nil
	}); err != nil {
		return s, err
	}
	ids := make([]string, len(s.lines))
	for i, l := range s.lines {
		ids[i] = l.productID
	}
	s.products, err = catalog.VisibleProductsByID(ctx, tx, ids)
	return s, err
}

// lineQuantity returns the quantity of a product in the cart, and whether it is there at all.
func lineQuantity(ctx context.Context, tx pgx.Tx, cartID, productID string) (int32, bool, error) {
	var q int32
	err := tx.QueryRow(ctx, `SELECT quantity FROM cart_lines WHERE cart_id = @cart::uuid AND product_id = @product::uuid`,
		pgx.NamedArgs{"cart": cartID, "product": productID}).Scan(&q)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return q, err == nil, err
}

// setQuantity writes a line's quantity; a new line is stamped with the time it was first added.
func setQuantity(ctx context.Context, tx pgx.Tx, cartID, productID string, quantity int32) error {
	_, err := tx.Exec(ctx, `INSERT INTO cart_lines (cart_id, product_id, quantity) VALUES (@cart::uuid, @product::uuid, @quantity)
		ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
		pgx.NamedArgs{"cart": cartID, "product": productID, "quantity": quantity})
	return err
}

func deleteLine(ctx context.Context, tx pgx.Tx, cartID, productID string) error {
	_, err := tx.Exec(ctx, `DELETE FROM cart_lines WHERE cart_id = @cart::uuid AND product_id = @product::uuid`,
		pgx.NamedArgs{"cart": cartID, "product": productID})
	return err
}

func deleteLines(ctx context.Context, tx pgx.Tx, cartID string) error {
	_, err := tx.Exec(ctx, `DELETE FROM cart_lines WHERE cart_id = @cart::uuid`, pgx.NamedArgs{"cart": cartID})
	return err
}
