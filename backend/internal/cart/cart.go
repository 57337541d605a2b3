// Package cart owns shoppers' carts: which products, and how many, a cart addressed by an
// unguessable id holds. A cart stores only those choices. Prices, stock, totals, delivery and VAT
// are worked out from the current catalogue and delivery options whenever a cart is read, so a
// cart never shows a stale price and its delivery charge follows the rule checkout applies.
package cart

import (
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
)

// MaxQuantity is the most units of one product a request may ask for, as in the API contract;
// it also bounds a line, so a quantity can never grow past what a request could set.
const MaxQuantity = 1000

// Cart is a cart priced from the current catalogue.
type Cart struct {
	ID          string
	Lines       []Line // in the order their products were first added
	ItemCount   int32  // units across the lines that can be bought
	Subtotal    money.Money
	Delivery    *Delivery // nil when the cart is empty or no delivery option is offered
	Total       money.Money
	VATIncluded money.Money // the VAT part of Total
	UpdatedAt   time.Time
}

// Line is one product in a cart.
type Line struct {
	Product      catalog.Product
	Quantity     int32
	UnitPrice    money.Money // zero when Unavailable
	LineTotal    money.Money // zero when Unavailable
	ExceedsStock bool        // the stock fell below the quantity after it was added
	// Unavailable: the product has left the shop since it was added (archived, unpublished, made
	// inactive). The line is shown so the shopper sees what went, but it is not priced, counts
	// towards no total, and checkout refuses the cart until it is removed.
	Unavailable bool
}

// Delivery is the delivery charge a cart's summary shows.
type Delivery struct {
	Code     string
	Name     string
	Price    money.Money
	FreeOver *money.Money
}

// snapshot is a cart as stored, with the products of its lines, read in one transaction.
type snapshot struct {
	id        string
	updatedAt time.Time
	lines     []storedLine
	products  map[string]catalog.Listed // visible or not
}

// buyable reports whether any line's product can still be bought.
func (s snapshot) buyable() bool {
	for _, l := range s.lines {
		if s.products[l.productID].Visible {
			return true
		}
	}
	return false
}

type storedLine struct {
	productID string
	quantity  int32
}

// price works a snapshot out into a Cart. A line whose product is no longer visible is kept,
// unpriced and flagged Unavailable (and kept in storage: the product may come back); only the
// other lines count towards the item count and the totals. Delivery is priced on the subtotal by
// shipping's rule, the one checkout uses, and only when something can be bought.
func price(s snapshot, active []shipping.Option) Cart {
	c := Cart{ID: s.id, UpdatedAt: s.updatedAt, Lines: []Line{}, Subtotal: money.GBP(0)}
	for _, l := range s.lines {
		listed, ok := s.products[l.productID]
		if !ok {
			continue
		}
		p := listed.Product
		if !listed.Visible {
			c.Lines = append(c.Lines, Line{Product: p, Quantity: l.quantity, UnitPrice: money.GBP(0), LineTotal: money.GBP(0),
				Unavailable: true})
			continue
		}
		total := money.Money{Minor: p.Price.Minor * int64(l.quantity), Currency: p.Price.Currency}
		c.Lines = append(c.Lines, Line{Product: p, Quantity: l.quantity, UnitPrice: p.Price, LineTotal: total,
			ExceedsStock: l.quantity > p.Stock})
		c.ItemCount += l.quantity
		c.Subtotal.Minor += total.Minor
	}
	c.Total = c.Subtotal
	if s.buyable() {
		if o, ok := shipping.Default(active); ok {
			c.Delivery = &Delivery{Code: o.Code, Name: o.Name, Price: o.PriceFor(c.Subtotal), FreeOver: o.FreeOver}
			c.Total.Minor += c.Delivery.Price.Minor
		}
	}
	c.VATIncluded = c.Total.VATIncluded(money.UKVATPercent)
	return c
}
