package catalog

import (
	"strconv"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
)

// StockChanged drops cached reads after another context changed stock (an order reserved or
// released it), so the shop shows "Out of Stock" as soon as the last unit is taken.
func (s *Service) StockChanged() { s.cache.clear() }

// StockError refuses a quantity that a product's available stock cannot cover. Cart and checkout
// both say it this way, so a shopper reads the same words whether the cart or the order refused;
// the metadata tells a client how many are left without parsing the message.
func StockError(p Product, available int32) error {
	if available <= 0 {
		return apperr.FailedPrecondition("out_of_stock", "%s is out of stock.", p.Name).
			With("product_id", p.ID).With("available", "0")
	}
	verb := "are"
	if available == 1 {
		verb = "is"
	}
	return apperr.FailedPrecondition("insufficient_stock", "Only %d of %s %s in stock.", available, p.Name, verb).
		With("product_id", p.ID).With("available", strconv.Itoa(int(available)))
}
