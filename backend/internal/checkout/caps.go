package checkout

import (
	"context"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
)

// Caps bound what one client address (an IPv6 client by its /64) and one e-mail address may
// hold in unpaid orders at once: every unpaid order keeps its stock from other shoppers until it
// is paid or its reservation lapses, so without a cap one anonymous client can empty a product
// with checkouts it never pays. A cap of 0 is not applied.
type Caps struct {
	OrdersPerClient int
	UnitsPerClient  int
	OrdersPerEmail  int
	UnitsPerEmail   int
}

// DefaultCaps let a shopper, or a household behind one address, try again a few times (a new
// cart, another card) and buy a few of a thing, not hold a shelf: 5 unpaid orders and 40 units
// per client address, 3 and 20 per e-mail address.
var DefaultCaps = Caps{OrdersPerClient: 5, UnitsPerClient: 40, OrdersPerEmail: 3, UnitsPerEmail: 20}

// checkCaps refuses an order of units more when its client address or e-mail address already
// holds as much unpaid as the caps allow, with 429 and a Retry-After of when enough of the
// holder's orders lapse. An earlier unpaid attempt from the same cart is not counted: checkout
// supersedes it first. It runs in place's transaction, so concurrent checkouts of one client
// cannot together exceed the caps.
func (s *Service) checkCaps(ctx context.Context, tx pgx.Tx, req Request, units int64) error {
	now := s.now()
	h, err := order.HoldsOf(ctx, tx, now, req.ClientIP, req.Email)
	if err != nil {
		return err
	}
	c := s.cfg.Caps
	wait := max(capWait(h.ByClient, c.OrdersPerClient, c.UnitsPerClient, units, now),
		capWait(h.ByEmail, c.OrdersPerEmail, c.UnitsPerEmail, units, now))
	if wait > 0 {
		return throttle.Refuse("too_many_unpaid_orders", wait,
			"You have too many orders awaiting payment. Please pay for one, or try again in %s.")
	}
	return nil
}

// capWait is how long until holds (soonest to lapse first) leave room for one more order of
// units: 0 when there is room now. A holder with nothing unpaid may always place one order,
// whatever its size (the cart's own limits bound that), so a large honest order is never
// refused; the caps stop the second and later ones.
func capWait(holds []order.Hold, maxOrders, maxUnits int, units int64, now time.Time) time.Duration {
	var held int64
	for _, h := range holds {
		held += h.Units
	}
	for lapsed := 0; ; lapsed++ {
		left := len(holds) - lapsed
		fits := left == 0 ||
			((maxOrders <= 0 || left+1 <= maxOrders) && (maxUnits <= 0 || held+units <= int64(maxUnits)))
		if fits {
			if lapsed == 0 {
				return 0
			}
			return max(holds[lapsed-1].ExpiresAt.Sub(now), time.Second)
		}
		held -= holds[lapsed].Units
	}
}

// units is how many units items hold.
func units(items []Item) int64 {
	var n int64
	for _, it := range items {
		n += int64(it.Quantity)
	}
	return n
}
