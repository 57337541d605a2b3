package checkout

import (
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
)

// Item is a product and quantity to price.
type Item struct {
	ProductID string
	Name      string
	SKU       string
	UnitPrice money.Money
	Quantity  int32
}

// Totals are an order's amounts, every one computed here from the catalogue's prices and the
// delivery option: lines, their VAT, the subtotal, delivery (free over the option's threshold,
// the rule the cart shows), the VAT included in the total, and the total.
type Totals struct {
	Lines    []order.Line
	Subtotal money.Money
	Delivery money.Money
	VAT      money.Money
	Total    money.Money
}

// Price works out an order's totals. The VAT is taken from the total (20%, included), so the
// order's VAT is exactly what the shopper pays VAT on; each line's VAT is recorded too.
func Price(items []Item, delivery shipping.Option) Totals {
	t := Totals{Lines: make([]order.Line, 0, len(items)), Subtotal: money.GBP(0)}
	for _, it := range items {
		line := money.Money{Minor: it.UnitPrice.Minor * int64(it.Quantity), Currency: it.UnitPrice.Currency}
		t.Lines = append(t.Lines, order.Line{ProductID: it.ProductID, Name: it.Name, SKU: it.SKU, Quantity: it.Quantity,
			UnitPrice: it.UnitPrice, LineTotal: line, VAT: line.VATIncluded(money.UKVATPercent)})
		t.Subtotal.Minor += line.Minor
	}
	t.Delivery = delivery.PriceFor(t.Subtotal)
	t.Delivery.Currency = t.Subtotal.Currency
	t.Total = money.Money{Minor: t.Subtotal.Minor + t.Delivery.Minor, Currency: t.Subtotal.Currency}
	t.VAT = t.Total.VATIncluded(money.UKVATPercent)
	return t
}
