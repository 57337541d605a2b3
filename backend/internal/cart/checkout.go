package cart

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Ordered is a cart line as checkout takes it: what the shopper chose, not yet priced.
type Ordered struct {
	ProductID string
	Quantity  int32
}

// LockForCheckout takes the cart's row lock in checkout's transaction, so that checkouts of one
// cart run one after the other: each sees the order the one before it placed, and supersedes it,
// instead of both placing one. The write changes nothing (updated_at is set to itself: placing an
// order is not a change to the cart) but, as a write, it makes a concurrent checkout of the same
// cart wait and then fail its serialization check, and the retry loop runs it again after this
// one. A cart the caller may not see is not found.
func LockForCheckout(ctx context.Context, tx pgx.Tx, cartID, accountID string) error {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return fmt.Errorf("cart.LockForCheckout: %w", err)
	}
	if cartID, err = parseID("cart_id", "invalid_cart_id", cartID); err != nil {
		return err
	}
	found, err := lockCart(ctx, tx, cartID, accountID)
	if err != nil {
		return fmt.Errorf("cart.LockForCheckout: %w", err)
	}
	if !found {
		return errCartNotFound()
	}
	return nil
}

// LinesForCheckout reads the cart's lines, in the order first added, inside checkout's
// transaction. A cart the caller may not see is not found, exactly as for the cart's own reads.
func LinesForCheckout(ctx context.Context, tx pgx.Tx, cartID, accountID string) ([]Ordered, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return nil, fmt.Errorf("cart.LinesForCheckout: %w", err)
	}
	if cartID, err = parseID("cart_id", "invalid_cart_id", cartID); err != nil {
		return nil, err
	}
	snap, err := loadCart(ctx, tx, cartID, accountID)
	if err != nil {
		return nil, err
	}
	out := make([]Ordered, len(snap.lines))
	for i, l := range snap.lines {
		out[i] = Ordered{ProductID: l.productID, Quantity: l.quantity}
	}
	return out, nil
}

// RemoveOrdered takes a paid order's units out of the cart it was placed from, so a shopper who
// paid and closed the tab finds an empty cart, while anything added since stays (a line raised
// after checkout keeps the extra units). A cart deleted since is simply not there.
func RemoveOrdered(ctx context.Context, tx pgx.Tx, cartID string, ordered []Ordered) error {
	if err := removeOrdered(ctx, tx, cartID, ordered); err != nil {
		return fmt.Errorf("cart.RemoveOrdered: %w", err)
	}
	return nil
}
