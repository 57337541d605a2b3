package cart

import (
	"context"
	"errors"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/jackc/pgx/v5"
)

func errCartNotFound() error { return apperr.NotFound("cart_not_found", "cart not found") }

// visibleTo is the condition under which the caller @account (a UUID, or empty for a guest) may
// see a cart: it is a guest cart, addressed by its secret id alone, or it is theirs. Everyone
// else is told the cart does not exist, so an id reveals nothing about another customer.
const visibleTo = `(account_id IS NULL OR account_id = NULLIF(@account, '')::uuid)`

// insertGuestCart starts a cart nobody owns.
func insertGuestCart(ctx context.Context, tx pgx.Tx) (snapshot, error) {
	var s snapshot
	err := tx.QueryRow(ctx, `INSERT INTO carts DEFAULT VALUES RETURNING id::text, updated_at`).Scan(&s.id, &s.updatedAt)
	return s, err
}

// accountCart returns the id of the account's cart, creating it when the account has none. Two
// first sign-ins at once both insert; the unique index makes one of them fail its
// serialization check and retry, and the retry finds the winner's cart.
func accountCart(ctx context.Context, tx pgx.Tx, accountID string) (string, error) {
	args := pgx.NamedArgs{"account": accountID}
	if _, err := tx.Exec(ctx, `INSERT INTO carts (account_id) VALUES (@account::uuid)
		ON CONFLICT (account_id) WHERE account_id IS NOT NULL DO NOTHING`, args); err != nil {
		return "", err
	}
	var id string
	err := tx.QueryRow(ctx, `SELECT id::text FROM carts WHERE account_id = @account::uuid`, args).Scan(&id)
	return id, err
}

// touchCart bumps updated_at, strictly forwards even when two writes fall in one clock tick, so
// a client can tell every change apart. A cart the caller may not see is not found.
func touchCart(ctx context.Context, tx pgx.Tx, id, accountID string) error {
	tag, err := tx.Exec(ctx, `UPDATE carts SET updated_at = greatest(now(), updated_at + INTERVAL '1 microsecond')
		WHERE id = @id::uuid AND `+visibleTo, pgx.NamedArgs{"id": id, "account": accountID})
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errCartNotFound()
	}
	return nil
}

// loadCart reads the cart, its lines in the order first added and their products. A cart
// the caller may not see is not found.
func loadCart(ctx context.Context, tx pgx.Tx, id, accountID string) (snapshot, error) {
	s := snapshot{id: id}
	err := tx.QueryRow(ctx, `SELECT updated_at FROM carts WHERE id = @id::uuid AND `+visibleTo,
		pgx.NamedArgs{"id": id, "account": accountID}).Scan(&s.updatedAt)
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
	s.products, err = catalog.ProductsForLines(ctx, tx, ids)
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

// isGuestCart reports whether id names an existing cart that no account owns.
func isGuestCart(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	var guest bool
	err := tx.QueryRow(ctx, `SELECT account_id IS NULL FROM carts WHERE id = @id::uuid`, pgx.NamedArgs{"id": id}).Scan(&guest)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return guest, err
}

// datedLine is a stored line with the time its product was first added.
type datedLine struct {
	storedLine
	addedAt time.Time
}

// datedLines reads a cart's lines in the order first added.
func datedLines(ctx context.Context, tx pgx.Tx, cartID string) ([]datedLine, error) {
	rows, err := tx.Query(ctx, `SELECT product_id::text, quantity, added_at FROM cart_lines WHERE cart_id = @id::uuid
		ORDER BY added_at, product_id`, pgx.NamedArgs{"id": cartID})
	if err != nil {
		return nil, err
	}
	var out []datedLine
	var l datedLine
	_, err = pgx.ForEachRow(rows, []any{&l.productID, &l.quantity, &l.addedAt}, func() error {
		out = append(out, l)
		return nil
	})
	return out, err
}

// setMergedQuantity writes a merged line. A line new to the cart keeps the time it was first
// added to the guest cart, so merged lines sit among the account's own in the order the shopper
// chose them; an existing line keeps its place.
func setMergedQuantity(ctx context.Context, tx pgx.Tx, cartID string, l datedLine) error {
	_, err := tx.Exec(ctx, `INSERT INTO cart_lines (cart_id, product_id, quantity, added_at)
		VALUES (@cart::uuid, @product::uuid, @quantity, @added)
		ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
		pgx.NamedArgs{"cart": cartID, "product": l.productID, "quantity": l.quantity, "added": l.addedAt})
	return err
}

// deleteGuestCart removes a guest cart and (by cascade) its lines; an owned cart is never
// deleted here, whatever id is passed.
func deleteGuestCart(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM carts WHERE id = @id::uuid AND account_id IS NULL`, pgx.NamedArgs{"id": id})
	return err
}

// lockCart writes the cart's row without changing it, taking its lock; found is false when the
// caller may not see the cart.
func lockCart(ctx context.Context, tx pgx.Tx, id, accountID string) (found bool, err error) {
	tag, err := tx.Exec(ctx, `UPDATE carts SET updated_at = updated_at WHERE id = @id::uuid AND `+visibleTo,
		pgx.NamedArgs{"id": id, "account": accountID})
	return err == nil && tag.RowsAffected() > 0, err
}

// removeOrdered takes ordered units out of a cart's lines and bumps the cart's updated_at.
func removeOrdered(ctx context.Context, tx pgx.Tx, cartID string, ordered []Ordered) error {
	for _, o := range ordered {
		// Lines the order used up go first; then the others lose the ordered units.
		if _, err := tx.Exec(ctx, `DELETE FROM cart_lines WHERE cart_id = @cart::uuid AND product_id = @product::uuid AND quantity <= @qty`,
			pgx.NamedArgs{"cart": cartID, "product": o.ProductID, "qty": o.Quantity}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE cart_lines SET quantity = quantity - @qty
			WHERE cart_id = @cart::uuid AND product_id = @product::uuid AND quantity > @qty`,
			pgx.NamedArgs{"cart": cartID, "product": o.ProductID, "qty": o.Quantity}); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `UPDATE carts SET updated_at = greatest(now(), updated_at + INTERVAL '1 microsecond') WHERE id = @cart::uuid`,
		pgx.NamedArgs{"cart": cartID})
	return err
}
