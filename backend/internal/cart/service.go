package cart

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Service is the cart's business logic over its tables.
type Service struct {
	pool     *pgxpool.Pool
	shipping *shipping.Service
	newCarts throttle.Limit
	now      func() time.Time
}

// DefaultNewCartsPerClient: a guest cart is made when a shopper first adds something, so even a
// household sharing an address, clearing cookies or switching browsers, starts a few an hour; a
// script starting hundreds a second to fill the table is stopped at 30.
var DefaultNewCartsPerClient = throttle.PerHour(30)

// Option adjusts a Service.
type Option func(*Service)

// WithNewCartLimit sets how many guest carts one client address may start in a window.
func WithNewCartLimit(l throttle.Limit) Option { return func(s *Service) { s.newCarts = l } }

// WithClock makes the service read time from now (tests move time with it).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// NewService returns the cart service; delivery is priced from shipping's active options.
func NewService(pool *pgxpool.Pool, shipping *shipping.Service, opts ...Option) *Service {
	s := &Service{pool: pool, shipping: shipping, newCarts: DefaultNewCartsPerClient, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Every method takes the caller's account id, empty for a guest. A cart an account owns answers
// only to that account: to anyone else, guests included, it does not exist (cart_not_found), so
// a leaked or guessed id reveals nothing. A guest cart answers to whoever holds its id.

// Create starts a new, empty guest cart, or for a signed-in customer returns their cart
// (creating it the first time): a customer has one cart, whichever device asks. New guest carts
// are throttled per clientIP (empty if unknown): each is a row, and nothing else stops a client
// from making them by the thousand.
func (s *Service) Create(ctx context.Context, accountID, clientIP string) (Cart, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Create: %w", err)
	}
	var snap snapshot
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		if accountID == "" {
			if _, err := throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{throttle.PerClient("cart_ip", clientIP, s.newCarts)},
				"too_many_requests", "Too many new carts from your network. Please try again in %s."); err != nil {
				return err
			}
			snap, err = insertGuestCart(ctx, tx)
			return err
		}
		id, err := accountCart(ctx, tx, accountID)
		if err != nil {
			return err
		}
		snap, err = loadCart(ctx, tx, id, accountID)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Create: %w", err)
	}
	return s.priced(ctx, "Create", snap)
}

// Get returns the cart priced from the current catalogue.
func (s *Service) Get(ctx context.Context, accountID, cartID string) (Cart, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Get: %w", err)
	}
	cartID, err = parseID("cart_id", "invalid_cart_id", cartID)
	if err != nil {
		return Cart{}, err
	}
	var snap snapshot
	err = db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		snap, err = loadCart(ctx, tx, cartID, accountID)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Get: %w", err)
	}
	return s.priced(ctx, "Get", snap)
}

// Add puts quantity more units of a visible product in the cart. The quantity the line ends
// with, not just the units added, must be in stock. A line whose product has left the shop
// cannot be raised (product_unavailable), only removed.
func (s *Service) Add(ctx context.Context, accountID, cartID, productID string, quantity int32) (Cart, error) {
	productID, err := parseLine(productID, quantity)
	if err != nil {
		return Cart{}, err
	}
	return s.write(ctx, "Add", accountID, cartID, func(tx pgx.Tx, cartID string) error {
		have, found, err := lineQuantity(ctx, tx, cartID, productID)
		if err != nil {
			return err
		}
		p, err := lineProduct(ctx, tx, productID, found)
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

// Update sets the quantity of a product already in the cart; a line whose product has left the
// shop is refused (product_unavailable): it can only be removed.
func (s *Service) Update(ctx context.Context, accountID, cartID, productID string, quantity int32) (Cart, error) {
	productID, err := parseLine(productID, quantity)
	if err != nil {
		return Cart{}, err
	}
	return s.write(ctx, "Update", accountID, cartID, func(tx pgx.Tx, cartID string) error {
		_, found, err := lineQuantity(ctx, tx, cartID, productID)
		if err != nil {
			return err
		}
		if !found {
			return apperr.NotFound("cart_item_not_found", "product is not in the cart").With("product_id", productID)
		}
		p, err := lineProduct(ctx, tx, productID, true)
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
func (s *Service) Remove(ctx context.Context, accountID, cartID, productID string) (Cart, error) {
	productID, err := parseID("product_id", "invalid_product_id", productID)
	if err != nil {
		return Cart{}, err
	}
	return s.write(ctx, "Remove", accountID, cartID, func(tx pgx.Tx, cartID string) error {
		return deleteLine(ctx, tx, cartID, productID)
	})
}

// Clear removes every line of the cart.
func (s *Service) Clear(ctx context.Context, accountID, cartID string) (Cart, error) {
	return s.write(ctx, "Clear", accountID, cartID, func(tx pgx.Tx, cartID string) error {
		return deleteLines(ctx, tx, cartID)
	})
}

// write runs change on an existing cart in one transaction that first bumps the cart's
// updated_at. That first statement also makes concurrent writers of one cart conflict on its row,
// so they are serialised by the retry loop and none of their changes is lost. The answer is the
// cart as that transaction left it. A cart the caller may not see is not found before anything
// is changed.
func (s *Service) write(ctx context.Context, op, accountID, cartID string, change func(tx pgx.Tx, cartID string) error) (Cart, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return Cart{}, fmt.Errorf("cart.%s: %w", op, err)
	}
	cartID, err = parseID("cart_id", "invalid_cart_id", cartID)
	if err != nil {
		return Cart{}, err
	}
	var snap snapshot
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := touchCart(ctx, tx, cartID, accountID); err != nil {
			return err
		}
		if err := change(tx, cartID); err != nil {
			return err
		}
		snap, err = loadCart(ctx, tx, cartID, accountID)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.%s: %w", op, err)
	}
	return s.priced(ctx, op, snap)
}

// Merge folds a guest cart into the account's cart when a shopper signs in, in one transaction:
// each guest line's quantity is added to the account's line for the same product, capped at the
// product's current stock (and MaxQuantity); lines whose product is sold out are dropped; the
// guest cart is deleted. A line whose product has left the shop is kept, unavailable, as it was
// in the guest cart (unless the account's cart already has that product): the shopper chose it,
// and signing in must not make it vanish without a word, so they see it flagged and remove it. The answer is the account's cart, created if the account
// had none.
//
// A guest cart id that names no cart, or a cart an account owns (the caller's own included), is
// ignored rather than refused: the caller gets their own cart either way and learns nothing
// about the id, and nobody can merge another customer's cart. Two merges of one guest cart
// conflict on it and are serialised; the second finds it gone, so nothing is counted twice.
func (s *Service) Merge(ctx context.Context, accountID, guestCartID string) (Cart, error) {
	accountID, err := parseAccount(accountID)
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Merge: %w", err)
	}
	if accountID == "" {
		return Cart{}, apperr.Unauthenticated("unauthenticated", "sign in to continue")
	}
	if guestCartID != "" {
		if guestCartID, err = parseID("guest_cart_id", "invalid_cart_id", guestCartID); err != nil {
			return Cart{}, err
		}
	}
	var snap snapshot
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		cartID, err := accountCart(ctx, tx, accountID)
		if err != nil {
			return err
		}
		if err := touchCart(ctx, tx, cartID, accountID); err != nil {
			return err
		}
		if guestCartID != "" && guestCartID != cartID {
			if err := mergeGuestCart(ctx, tx, cartID, guestCartID); err != nil {
				return err
			}
		}
		snap, err = loadCart(ctx, tx, cartID, accountID)
		return err
	})
	if err != nil {
		return Cart{}, fmt.Errorf("cart.Merge: %w", err)
	}
	return s.priced(ctx, "Merge", snap)
}

// mergeGuestCart moves the lines of guestID, if it is a guest cart, into cartID and deletes it.
// The merged quantity never goes above the stock, but never below what the account's line
// already held either: merging only adds.
func mergeGuestCart(ctx context.Context, tx pgx.Tx, cartID, guestID string) error {
	guest, err := isGuestCart(ctx, tx, guestID)
	if err != nil || !guest {
		return err
	}
	lines, err := datedLines(ctx, tx, guestID)
	if err != nil {
		return err
	}
	ids := make([]string, len(lines))
	for i, l := range lines {
		ids[i] = l.productID
	}
	products, err := catalog.ProductsForLines(ctx, tx, ids)
	if err != nil {
		return err
	}
	for _, l := range lines {
		p, ok := products[l.productID]
		if !ok || (p.Visible && p.Stock <= 0) {
			continue
		}
		have, found, err := lineQuantity(ctx, tx, cartID, l.productID)
		if err != nil {
			return err
		}
		want := min(int64(have)+int64(l.quantity), int64(p.Stock), MaxQuantity)
		if !p.Visible {
			if found {
				continue
			}
			want = int64(l.quantity)
		}
		if want <= int64(have) {
			continue
		}
		l.quantity = int32(want)
		if err := setMergedQuantity(ctx, tx, cartID, l); err != nil {
			return err
		}
	}
	return deleteGuestCart(ctx, tx, guestID)
}

// priced adds the delivery options (read only when some line needs them) and prices the cart.
func (s *Service) priced(ctx context.Context, op string, snap snapshot) (Cart, error) {
	var active []shipping.Option
	if snap.buyable() {
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
	id, ok := db.CanonicalID(id)
	if !ok {
		return "", apperr.Invalid(field, reason, "%s must be a UUID", strings.ReplaceAll(field, "_", " "))
	}
	return id, nil
}

// parseAccount checks the caller's account id. It comes from the session, not from the request,
// so one that is not a UUID is a fault in the caller, not bad input.
func parseAccount(id string) (string, error) {
	if id == "" {
		return "", nil
	}
	canonical, ok := db.CanonicalID(id)
	if !ok {
		return "", fmt.Errorf("account id %q is not a UUID", id)
	}
	return canonical, nil
}

// parseLine checks the product id and quantity of an add or update.
func parseLine(productID string, quantity int32) (string, error) {
	if quantity < 1 || quantity > MaxQuantity {
		return "", apperr.Invalid("quantity", "invalid_quantity", "quantity must be between 1 and %d", MaxQuantity)
	}
	return parseID("product_id", "invalid_product_id", productID)
}

// checkStock refuses a line quantity the product's current stock cannot cover.
func checkStock(p catalog.Product, want int64) error {
	if p.Stock <= 0 || want > int64(p.Stock) {
		return catalog.StockError(p, p.Stock)
	}
	return nil
}

// lineProduct reads the product of a line being added to or changed, in the cart's transaction,
// so stock and visibility are checked against the same snapshot the write commits on. A product
// that is not visible is not found, unless the cart already holds it (inCart): then the shopper
// sees the line, flagged, and is told why it cannot change.
func lineProduct(ctx context.Context, tx pgx.Tx, id string, inCart bool) (catalog.Product, error) {
	ps, err := catalog.ProductsForLines(ctx, tx, []string{id})
	if err != nil {
		return catalog.Product{}, err
	}
	p, ok := ps[id]
	switch {
	case ok && p.Visible:
		return p.Product, nil
	case ok && inCart:
		return catalog.Product{}, ErrUnavailable(p.Product)
	}
	return catalog.Product{}, apperr.NotFound("product_not_found", "product not found").With("product_id", id)
}

// ErrUnavailable is the refusal of a line whose product has left the shop: its quantity cannot
// change and the cart cannot be checked out until the line is removed. Checkout refuses with it
// too, so the shopper reads one message wherever they meet it.
func ErrUnavailable(p catalog.Product) error {
	name := p.Name
	if name == "" { // a draft never named; it cannot have been added, but say something sensible
		name = "A product in your bag"
	}
	return apperr.FailedPrecondition("product_unavailable",
		"%s is no longer available. Please remove it from your bag to continue.", name).With("product_id", p.ID)
}
