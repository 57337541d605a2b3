package checkout

import (
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/stretchr/testify/require"
)

var (
	freeOver = money.GBP(5000)
	// standard is free on orders over £50, as the shop's Standard delivery is.
	standard = shipping.Option{Code: "standard", Name: "Standard", Price: money.GBP(1735), FreeOver: &freeOver}
	express  = shipping.Option{Code: "express", Name: "Express", Price: money.GBP(2499)}
	collect  = shipping.Option{Code: "collect", Name: "Click and collect", Price: money.GBP(0)}
)

func item(id string, pence int64, qty int32) Item {
	return Item{ProductID: id, Name: "Product " + id, SKU: "SKU-" + id, UnitPrice: money.GBP(pence), Quantity: qty}
}

// line is the order line Price must make of item(id, pence, qty), with its VAT worked out by hand.
func line(id string, pence int64, qty int32, vat int64) order.Line {
	return order.Line{ProductID: id, Name: "Product " + id, SKU: "SKU-" + id, Quantity: qty,
		UnitPrice: money.GBP(pence), LineTotal: money.GBP(pence * int64(qty)), VAT: money.GBP(vat)}
}

func TestPrice(t *testing.T) {
	t.Parallel()
	// VAT is 20% included: total×20/120 = total/6, rounded half up. The comments show the sums.
	tests := map[string]struct {
		items    []Item
		delivery shipping.Option
		want     Totals
	}{
		"no items": {nil, standard, Totals{Lines: []order.Line{},
			Subtotal: money.GBP(0), Delivery: money.GBP(1735), Total: money.GBP(1735),
			VAT: money.GBP(289)}}, // 1735/6 = 289.17
		"one line": {[]Item{item("a", 4500, 1)}, standard, Totals{
			Lines:    []order.Line{line("a", 4500, 1, 750)}, // 4500/6 = 750 exactly
			Subtotal: money.GBP(4500), Delivery: money.GBP(1735), Total: money.GBP(6235),
			VAT: money.GBP(1039)}}, // 6235/6 = 1039.17
		"quantity over one": {[]Item{item("a", 1499, 3)}, standard, Totals{
			Lines:    []order.Line{line("a", 1499, 3, 750)}, // 4497/6 = 749.5, half up
			Subtotal: money.GBP(4497), Delivery: money.GBP(1735), Total: money.GBP(6232),
			VAT: money.GBP(1039)}}, // 6232/6 = 1038.67
		"many lines, free delivery": {[]Item{item("a", 4500, 1), item("b", 1500, 2), item("c", 1, 7)}, standard, Totals{
			Lines: []order.Line{
				line("a", 4500, 1, 750), // 4500/6 = 750
				line("b", 1500, 2, 500), // 3000/6 = 500
				line("c", 1, 7, 1),      // 7/6 = 1.17
			},
			Subtotal: money.GBP(7507), Delivery: money.GBP(0), Total: money.GBP(7507),
			VAT: money.GBP(1251)}}, // 7507/6 = 1251.17
		// "Free on orders over £50": exactly £50 still pays for delivery.
		"exactly at the threshold": {[]Item{item("a", 2500, 2)}, standard, Totals{
			Lines:    []order.Line{line("a", 2500, 2, 833)}, // 5000/6 = 833.33
			Subtotal: money.GBP(5000), Delivery: money.GBP(1735), Total: money.GBP(6735),
			VAT: money.GBP(1123)}}, // 6735/6 = 1122.5, half up
		"a penny over the threshold": {[]Item{item("a", 5001, 1)}, standard, Totals{
			Lines:    []order.Line{line("a", 5001, 1, 834)}, // 5001/6 = 833.5, half up
			Subtotal: money.GBP(5001), Delivery: money.GBP(0), Total: money.GBP(5001),
			VAT: money.GBP(834)}},
		"an option without a threshold": {[]Item{item("a", 10000, 1)}, express, Totals{
			Lines:    []order.Line{line("a", 10000, 1, 1667)}, // 10000/6 = 1666.67
			Subtotal: money.GBP(10000), Delivery: money.GBP(2499), Total: money.GBP(12499),
			VAT: money.GBP(2083)}}, // 12499/6 = 2083.17
		// The order's VAT is taken from what the shopper pays, not summed from rounded lines
		// (which would say 3p here).
		"VAT from the total, not the lines": {[]Item{item("a", 3, 1), item("b", 3, 1), item("c", 3, 1)}, collect, Totals{
			Lines:    []order.Line{line("a", 3, 1, 1), line("b", 3, 1, 1), line("c", 3, 1, 1)}, // 0.5 each, half up
			Subtotal: money.GBP(9), Delivery: money.GBP(0), Total: money.GBP(9),
			VAT: money.GBP(2)}}, // 9/6 = 1.5, half up
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.want, Price(tt.items, tt.delivery))
		})
	}
}

// An option saved without a currency is still priced in the order's currency, so the total
// never mixes currencies.
func TestPriceDeliveryCurrency(t *testing.T) {
	t.Parallel()
	got := Price([]Item{item("a", 1000, 1)}, shipping.Option{Price: money.Money{Minor: 500}})
	require.Equal(t, money.GBP(500), got.Delivery)
	require.Equal(t, money.GBP(1500), got.Total)
}

// FuzzPrice checks Price's invariants for arbitrary carts: up to five lines of prices under
// £10m (10^9 pence) and quantities of 1 to 1000, which keeps every sum far from overflowing.
func FuzzPrice(f *testing.F) {
	f.Add(uint8(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint16(0), uint16(0), uint16(0), uint16(0), uint16(0), uint64(1735), uint64(5000), true)
	f.Add(uint8(1), uint64(4500), uint64(0), uint64(0), uint64(0), uint64(0), uint16(0), uint16(0), uint16(0), uint16(0), uint16(0), uint64(1735), uint64(5000), true)
	f.Add(uint8(1), uint64(2500), uint64(0), uint64(0), uint64(0), uint64(0), uint16(1), uint16(0), uint16(0), uint16(0), uint16(0), uint64(1735), uint64(5000), true)
	f.Add(uint8(1), uint64(5001), uint64(0), uint64(0), uint64(0), uint64(0), uint16(0), uint16(0), uint16(0), uint16(0), uint16(0), uint64(1735), uint64(5000), true)
	f.Add(uint8(3), uint64(3), uint64(3), uint64(3), uint64(0), uint64(0), uint16(0), uint16(0), uint16(0), uint16(0), uint16(0), uint64(0), uint64(0), false)
	f.Add(uint8(5), uint64(999_999_999), uint64(999_999_999), uint64(999_999_999), uint64(999_999_999), uint64(999_999_999), uint16(999), uint16(999), uint16(999), uint16(999), uint16(999), uint64(999_999_999), uint64(0), true)
	f.Add(uint8(2), uint64(1), uint64(0), uint64(0), uint64(0), uint64(0), uint16(0), uint16(0), uint16(0), uint16(0), uint16(0), uint64(2499), uint64(0), false)
	f.Fuzz(func(t *testing.T, n uint8, p1, p2, p3, p4, p5 uint64, q1, q2, q3, q4, q5 uint16, optPrice, threshold uint64, hasThreshold bool) {
		// Fold the inputs into range rather than skip them, so every input tests something.
		const maxPence = 1_000_000_000
		prices := []uint64{p1, p2, p3, p4, p5}
		qtys := []uint16{q1, q2, q3, q4, q5}
		items := make([]Item, int(n)%6)
		for i := range items {
			items[i] = item(string(rune('a'+i)), int64(prices[i]%maxPence), int32(qtys[i]%1000)+1)
		}
		opt := shipping.Option{Code: "fuzz", Price: money.GBP(int64(optPrice % maxPence))}
		if hasThreshold {
			opt.FreeOver = &money.Money{Minor: int64(threshold % maxPence), Currency: money.GBPCode}
		}

		got := Price(items, opt)

		require.Len(t, got.Lines, len(items))
		var sum int64
		for i, l := range got.Lines {
			it := items[i]
			require.Equal(t, it.UnitPrice.Minor*int64(it.Quantity), l.LineTotal.Minor, "line total = unit × quantity")
			require.Equal(t, money.GBPCode, l.LineTotal.Currency)
			requireVATOf(t, l.LineTotal.Minor, l.VAT.Minor)
			sum += l.LineTotal.Minor
		}
		require.Equal(t, sum, got.Subtotal.Minor, "subtotal = Σ line totals")
		require.GreaterOrEqual(t, got.Subtotal.Minor, int64(0))

		free := opt.FreeOver != nil && got.Subtotal.Minor > opt.FreeOver.Minor
		if free {
			require.Zero(t, got.Delivery.Minor, "free over the threshold")
		} else {
			require.Equal(t, opt.Price.Minor, got.Delivery.Minor, "charged at or under the threshold")
		}
		require.Equal(t, got.Subtotal.Minor+got.Delivery.Minor, got.Total.Minor, "total = subtotal + delivery")
		require.GreaterOrEqual(t, got.Total.Minor, int64(0))
		requireVATOf(t, got.Total.Minor, got.VAT.Minor)
		for _, m := range []money.Money{got.Subtotal, got.Delivery, got.VAT, got.Total} {
			require.Equal(t, money.GBPCode, m.Currency)
		}
	})
}

// requireVATOf asserts vat is the 20% VAT included in gross, rounded half up to the penny:
// 0 ≤ vat ≤ gross and vat is within half a penny of gross/6 (ties rounding up).
func requireVATOf(t *testing.T, gross, vat int64) {
	t.Helper()
	require.GreaterOrEqual(t, vat, int64(0))
	require.LessOrEqual(t, vat, gross)
	// gross/6 − ½ < vat ≤ gross/6 + ½, times 6: gross − 3 < 6·vat ≤ gross + 3.
	require.Greater(t, 6*vat, gross-3, "VAT %d of %d rounded down too far", vat, gross)
	require.LessOrEqual(t, 6*vat, gross+3, "VAT %d of %d rounded up too far", vat, gross)
}
