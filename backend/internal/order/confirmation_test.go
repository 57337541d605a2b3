package order

import (
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/stretchr/testify/require"
)

// The e-mail shows the order as placed: formatted amounts, the delivery with its carrier and
// estimate ("Free" when it cost nothing), the address without its empty lines and with the
// country's name, and a link that only a guest's carries a token in.
func TestConfirmationContent(t *testing.T) {
	t.Parallel()
	placed := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	countries := func(code string) (string, bool) { return map[string]string{"GB": "United Kingdom"}[code], code == "GB" }
	base := Order{ID: "o1", Number: "AT-1", Email: "jane@example.com", CreatedAt: placed, RequiresSignature: true,
		Shipping: Address{FirstName: "Jane", LastName: "Doe", Line1: "1 High St", Line2: " ", City: "Bath", Postcode: "BA1 1AA", CountryCode: "GB"},
		Lines:    []Line{{Name: "Rose Oil", Quantity: 2, LineTotal: money.GBP(3600)}, {Name: "Balm", Quantity: 1, LineTotal: money.GBP(800)}},
		Subtotal: money.GBP(4400), VAT: money.GBP(900), Total: money.GBP(5395),
		Delivery: Delivery{Name: "Express", Carrier: "DPD", Estimate: "next day", Price: money.GBP(995)}}

	tests := map[string]struct {
		edit func(o *Order)
		want func(d *mail.OrderConfirmation)
	}{
		"a paid delivery": {func(*Order) {}, func(*mail.OrderConfirmation) {}},
		"free delivery without carrier": {
			func(o *Order) { o.Delivery = Delivery{Name: "Standard", Price: money.GBP(0)} },
			func(d *mail.OrderConfirmation) { d.Delivery, d.Estimate, d.DeliveryPrice = "Standard", "", "Free" },
		},
		"only an estimate": {
			func(o *Order) { o.Delivery.Carrier = "" },
			func(d *mail.OrderConfirmation) { d.Delivery = "Express (next day)" },
		},
		"a country with no name": {
			func(o *Order) { o.Shipping.CountryCode = "ZZ" },
			func(d *mail.OrderConfirmation) { d.ShippingAddress[4] = "ZZ" },
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			o := base
			o.Lines = append([]Line(nil), base.Lines...)
			tc.edit(&o)
			want := mail.OrderConfirmation{FirstName: "Jane", Number: "AT-1", PlacedAt: placed,
				Lines:    []mail.OrderLine{{Name: "Rose Oil", Quantity: 2, LineTotal: "£36.00"}, {Name: "Balm", Quantity: 1, LineTotal: "£8.00"}},
				Subtotal: "£44.00", Delivery: "Express (DPD, next day)", Estimate: "next day", DeliveryPrice: "£9.95", RequiresSignature: true,
				VAT: "£9.00", Total: "£53.95", ShippingAddress: []string{"Jane Doe", "1 High St", "Bath", "BA1 1AA", "United Kingdom"},
				OrderURL: "https://shop.example/orders/o1"}
			tc.want(&want)
			require.Equal(t, want, confirmation(o, "https://shop.example/orders/o1", countries))
		})
	}

	c := Confirmations{Orders: NewService(Config{LinkKey: []byte("k")}), StorefrontURL: "https://shop.example"}
	require.Equal(t, "https://shop.example/orders/o1?token="+c.Orders.AccessToken("o1"), c.link(base), "a guest's link opens the order")
	base.AccountID = "a1"
	require.Equal(t, "https://shop.example/orders/o1", c.link(base), "a customer signs in to see it")
}
