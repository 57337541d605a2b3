package cart

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Service is the cart's business logic over its tables.
type Service struct {
	pool     *pgxpool.Pool
	shipping *shipping.Service
}

// NewService returns the cart service; delivery is priced from shipping's active options.
func NewService(pool *pgxpool.Pool, shipping *shipping.Service) *Service {
	return &Service{pool: pool, shipping: shipping}
}

// Create starts a new, empty cart.
func (s *Service) Create(ctx context.Context) (Cart, error) {
	var snap snapshot
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		snap, err = insertCart(ctx, tx)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Create: %w", err)
	}
	return s.priced(ctx, "Create", snap)
}

// Get returns the cart priced from the current catalogue.
func (s *Service) Get(ctx context.Context, cartID string) (Cart, error) {
	cartID, err := parseID("cart_id", "invalid_cart_id", cartID)
	if err != nil {
		return Cart{}, err
	}
	var snap snapshot
	err = db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		snap, err = loadCart(ctx, tx, cartID)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Get: %w", err)
	}
	return s.priced(ctx, "Get", snap)
}

// Add puts quantity more units of a visible product in the cart. The quantity the line ends
// with, not just the units added, must be in stock.
func (s *Service) Add(ctx context.Context, cartID, productID string, quantity int32) (Cart, error) {
	productID, err := parseLine(productID, quantity)
	if err != nil {
		return Cart{}, err
	}
	return s.write(ctx, "Add", cartID, func(tx pgx.Tx, cartID string) error {
		p, err := visibleProduct(ctx, tx, productID)
		if err != nil {
			return err
		}
		have, _, err := lineQuantity(ctx, tx, cartID, productID)
		if err != nil {
			return err
		}
		want := int64(have) + int64(quantity)
		if want > MaxQuantity {
			return apperr.FailedPrecondition("cart_quantity_limit", "A cart holds at most %d of one product.", MaxQuantity).
				With("product_id", productID)
		}
		if err := checkStock(p, want); err != nil {
			return err
		}
		return setQuantity(ctx, tx, cartID, productID, int32(want))
	})
}

// Update sets the quantity of a product already in the cart.
func (s *Service) Update(ctx context.Context, cartID, productID string, quantity int32) (Cart, error) {
	productID, err := parseLine(productID, quantity)
	if err != nil {
		return Cart{}, err
	}
	return s.write(ctx, "Update", cartID, func(tx pgx.Tx, cartID string) error {
		_, found, err := lineQuantity(ctx, tx, cartID, productID)
		if err != nil {
			return err
		}
		if !found {
			return apperr.NotFound("cart_item_not_found", "product is not in the cart").With("product_id", productID)
		}
		p, err := visibleProduct(ctx, tx, productID)
		if err != nil {
			return err
		}
		if err := checkStock(p, int64(quantity)); err != nil {
			return err
		}
		return setQuantity(ctx, tx, cartID, productID, quantity)
	})
}

// Remove takes a product out of the cart; removing one that is not there succeeds, so a
// repeated request does no harm.
func (s *Service) Remove(ctx context.Context, cartID, productID string) (Cart, error) {
	productID, err := parseID("product_id", "invalid_product_id", productID)
	if err != nil {
		return Cart{}, err
	}
	return s.write(ctx, "Remove", cartID, func(tx pgx.Tx, cartID string) error {
		return deleteLine(ctx, tx, cartID, productID)
	})
}

// Clear removes every line of the cart.
func (s *Service) Clear(ctx context.Context, cartID string) (Cart, error) {
	return s.write(ctx, "Clear", cartID, func(tx pgx.Tx, cartID string) error {
		return deleteLines(ctx, tx, cartID)
	})
}

// write runs change on an existing cart in one transaction that first bumps the cart's
// updated_at. That first statement also makes concurrent writers of one cart conflict on its row,
// so they are serialised by the retry loop and none of their changes is lost. The answer is the
// cart as that transaction left it.
func (s *Service) write(ctx context.Context, op, cartID string, change func(tx pgx.Tx, cartID string) error) (Cart, error) {
	cartID, err := parseID("cart_id", "invalid_cart_id", cartID)
	if err != nil {
		return Cart{}, err
	}
	var snap snapshot
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := touchCart(ctx, tx, cartID); err != nil {
			return err
		}
		if err := change(tx, cartID); err != nil {
			return err
		}
		snap, err = loadCart(ctx, tx, cartID)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.%s: %w", op, err)
	}
	return s.priced(ctx, op, snap)
}

// priced adds the delivery options (read only when some line needs them) and prices the cart.
func (s *Service) priced(ctx context.Context, op string, snap snapshot) (Cart, error) {
	var active []shipping.Option
	if len(snap.products) > 0 {
		var err error
		if active, err = s.shipping.ListActive(ctx); err != nil {
			return Cart{}, fmt.Errorf("cart.%s: %w", op, err)
		}
	}
	return price(snap, active), nil
}

// parseID accepts a UUID in its canonical 36-character form (as the API contract does) and
// returns it lower-cased, the way the database prints it back.
func parseID(field, reason, id string) (string, error) {
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		return "", apperr.Invalid(field, reason, "%s must be a UUID", strings.ReplaceAll(field, "_", " "))
	}
	return strings.ToLower(id), nil
}

// parseLine checks the product id and quantity of an add or update.
func parseLine(productID string, quantity int32) (string, error) {
	if quantity < 1 || quantity > MaxQuantity {
		return "", apperr.Invalid("quantity", "invalid_quantity", "quantity must be between 1 and %d", MaxQuantity)
	}
	return parseID("product_id", "invalid_product_id", productID)
}

// checkStock refuses a line quantity the product's current stock cannot cover. The metadata
// tells a client how many it may have without parsing the message.
func checkStock(p catalog.Product, want int64) error {
	switch {
	case p.Stock <= 0:
		return apperr.FailedPrecondition("out_of_stock", "%s is out of stock.", p.Name).
			With("product_id", p.ID).With("available", "0")
	case want > int64(p.Stock):
		verb := "are"
		if p.Stock == 1 {
			verb = "is"
		}
		return apperr.FailedPrecondition("insufficient_stock", "Only %d of %s %s in stock.", p.Stock, p.Name, verb).
			With("product_id", p.ID).With("available", strconv.Itoa(int(p.Stock)))
	}
	return nil
}

// visibleProduct reads the product in the cart's transaction, so stock and visibility are
// checked against the same snapshot the write commits on.
func visibleProduct(ctx context.Context, tx pgx.Tx, id string) (catalog.Product, error) {
	ps, err := catalog.VisibleProductsByID(ctx, tx, []string{id})
	if err != nil {
		return catalog.Product{}, err
	}
	p, ok := ps[id]
	if !ok {
		return catalog.Product{}, apperr.NotFound("product_not_found", "product not found").With("product_id", id)
	}
	return p, nil
}
