package wishlist

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Service is the wishlist's business logic over its table.
type Service struct {
	pool *pgxpool.Pool
}

// NewService returns the wishlist service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Every method takes the caller's account id from the session and works on that account's
// wishlist only; there is no way to name another's, so nobody can read or change it.

// Get returns the caller's wishlist.
func (s *Service) Get(ctx context.Context, accountID string) (Wishlist, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return Wishlist{}, fmt.Errorf("wishlist.Get: %w", err)
	}
	var w Wishlist
	err = db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) error {
		rows, products, err := load(ctx, tx, accountID)
		w = assemble(rows, products)
		return err
	})
	if err != nil {
		return Wishlist{}, fmt.Errorf("wishlist.Get: %w", err)
	}
	return w, nil
}

// Add saves a visible product as the newest item. Saving one already there changes nothing (not
// even its place), so a repeated request does no harm and a double click does not reorder the
// page. A full wishlist refuses new products.
func (s *Service) Add(ctx context.Context, accountID, productID string) (Wishlist, error) {
	productID, err := parseProduct(productID)
	if err != nil {
		return Wishlist{}, err
	}
	return s.write(ctx, "Add", accountID, func(tx pgx.Tx, rows []stored, products map[string]catalog.Product) error {
		found, err := catalog.VisibleProductsByID(ctx, tx, []string{productID})
		if err != nil {
			return err
		}
		if _, ok := found[productID]; !ok {
			return apperr.NotFound("product_not_found", "product not found").With("product_id", productID)
		}
		if slices.ContainsFunc(rows, func(r stored) bool { return r.productID == productID }) {
			return nil
		}
		if visibleCount(rows, products) >= MaxItems {
			return apperr.FailedPrecondition("wishlist_full",
				"Your wishlist is full: it holds at most %d products. Remove one to make room.", MaxItems).
				With("limit", strconv.Itoa(MaxItems))
		}
		return insert(ctx, tx, accountID, []string{productID})
	})
}

// Remove takes a product off the wishlist; removing one that is not there succeeds.
func (s *Service) Remove(ctx context.Context, accountID, productID string) (Wishlist, error) {
	productID, err := parseProduct(productID)
	if err != nil {
		return Wishlist{}, err
	}
	return s.write(ctx, "Remove", accountID, func(tx pgx.Tx, _ []stored, _ map[string]catalog.Product) error {
		return remove(ctx, tx, accountID, []string{productID})
	})
}

// Merge adds a guest's saved products (newest first, as the guest's list shows them) when they
// sign in, in one transaction. Unknown and hidden products are skipped rather than refused: the
// browser's list may be older than the catalogue, and signing in must not fail over it. Products
// already saved keep their place. The guest's products are the customer's latest choices, so
// they go in as the newest items; if that takes the wishlist past MaxItems, the oldest items
// make way, as the contract's "the limit is kept" asks.
func (s *Service) Merge(ctx context.Context, accountID string, productIDs []string) (Wishlist, error) {
	ids := make([]string, 0, len(productIDs))
	for _, id := range productIDs {
		id, err := parseID("product_ids", "each product id must be a UUID", id)
		if err != nil {
			return Wishlist{}, err
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return s.write(ctx, "Merge", accountID, func(tx pgx.Tx, rows []stored, _ map[string]catalog.Product) error {
		found, err := catalog.VisibleProductsByID(ctx, tx, ids)
		if err != nil {
			return err
		}
		var fresh []string
		for _, id := range ids {
			_, visible := found[id]
			saved := slices.ContainsFunc(rows, func(r stored) bool { return r.productID == id })
			if visible && !saved {
				fresh = append(fresh, id)
			}
		}
		if len(fresh) == 0 {
			return nil
		}
		if err := insert(ctx, tx, accountID, fresh); err != nil {
			return err
		}
		return trim(ctx, tx, accountID)
	})
}

// write runs change in one transaction on the caller's saved rows as read at its start, and
// answers with the wishlist as the transaction left it. Under SERIALIZABLE, two writes to one
// wishlist both read its rows, so one of them retries and sees the other's work: the limit can
// not be overshot by racing adds.
func (s *Service) write(ctx context.Context, op, accountID string, change func(tx pgx.Tx, rows []stored, products map[string]catalog.Product) error) (Wishlist, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return Wishlist{}, fmt.Errorf("wishlist.%s: %w", op, err)
	}
	var w Wishlist
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		rows, products, err := load(ctx, tx, accountID)
		if err != nil {
			return err
		}
		if err := change(tx, rows, products); err != nil {
			return err
		}
		rows, products, err = load(ctx, tx, accountID)
		w = assemble(rows, products)
		return err
	})
	if err != nil {
		return Wishlist{}, fmt.Errorf("wishlist.%s: %w", op, err)
	}
	return w, nil
}

// trim deletes the oldest visible items beyond MaxItems. Rows of hidden products are left
// alone: they do not count towards the limit.
func trim(ctx context.Context, tx pgx.Tx, accountID string) error {
	rows, products, err := load(ctx, tx, accountID)
	if err != nil {
		return err
	}
	var over []string
	kept := 0
	for _, r := range rows {
		if _, ok := products[r.productID]; !ok {
			continue
		}
		if kept < MaxItems {
			kept++
			continue
		}
		over = append(over, r.productID)
	}
	if len(over) == 0 {
		return nil
	}
	return remove(ctx, tx, accountID, over)
}

func visibleCount(rows []stored, products map[string]catalog.Product) int {
	n := 0
	for _, r := range rows {
		if _, ok := products[r.productID]; ok {
			n++
		}
	}
	return n
}

// parseAccount checks the caller's account id. It comes from the session: an empty one means a
// guest, whom the authorization policy already keeps out, so reaching here without one is
// refused as unauthenticated all the same; one that is not a UUID is a fault in the caller, not
// bad input.
func parseAccount(id string) (string, error) {
	if id == "" {
		return "", apperr.Unauthenticated("unauthenticated", "sign in to use a wishlist")
	}
	canonical, ok := db.CanonicalID(id)
	if !ok {
		return "", fmt.Errorf("account id %q is not a UUID", id)
	}
	return canonical, nil
}

func parseProduct(id string) (string, error) {
	return parseID("product_id", "product id must be a UUID", id)
}

// parseID accepts a UUID in its canonical 36-character form (as the API contract does) and
// returns it lower-cased, the way the database prints it back.
func parseID(field, message, id string) (string, error) {
	id, ok := db.CanonicalID(id)
	if !ok {
		return "", apperr.Invalid(field, "invalid_product_id", "%s", message)
	}
	return id, nil
}
