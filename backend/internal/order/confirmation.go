package order

import (
	"context"
	"fmt"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/mail"
)

// Confirmations composes the confirmation e-mail of a paid order, as the mail job sends it. It
// reads the order when the e-mail is sent, so the e-mail shows the order as it is then.
type Confirmations struct {
	Orders *Service
	// StorefrontURL is where the e-mail's link to the order page points.
	StorefrontURL string
	// CountryName gives a country code's English name (checkout.CountryName: checkout imports
	// order, so order is handed the function instead); a code it does not know is shown as is.
	CountryName func(code string) (string, bool)
}

// Compose returns the recipient and content of the order's confirmation. An order not paid
// (awaiting payment, or its payment failed) has none: FailedPrecondition order_not_paid.
func (c Confirmations) Compose(ctx context.Context, orderID string) (string, mail.OrderConfirmation, error) {
	o, err := c.Orders.Read(ctx, orderID)
	if err != nil {
		return "", mail.OrderConfirmation{}, fmt.Errorf("order.Confirmations.Compose: %w", err)
	}
	if o.Status == StatusPendingPayment || o.Status == StatusPaymentFailed {
		return "", mail.OrderConfirmation{}, apperr.FailedPrecondition("order_not_paid", "order %s is not paid", o.ID)
	}
	return o.Email, confirmation(o, c.link(o), c.CountryName), nil
}

// link is the order page's address. A guest's carries the order's access token; a customer's
// does not, and the storefront asks them to sign in.
func (c Confirmations) link(o Order) string {
	link := c.StorefrontURL + "/orders/" + o.ID
	if o.AccountID == "" {
		link += "?token=" + c.Orders.AccessToken(o.ID)
	}
	return link
}

// confirmation is the e-mail's content for o, linking to link.
func confirmation(o Order, link string, countryName func(string) (string, bool)) mail.OrderConfirmation {
	d := mail.OrderConfirmation{FirstName: o.Shipping.FirstName, Number: o.Number, PlacedAt: o.CreatedAt,
		Subtotal: o.Subtotal.String(), VAT: o.VAT.String(), Total: o.Total.String(),
		Delivery: deliveryText(o.Delivery), Estimate: o.Delivery.Estimate, DeliveryPrice: o.Delivery.Price.String(),
		RequiresSignature: o.RequiresSignature, ShippingAddress: addressLines(o.Shipping, countryName), OrderURL: link}
	if o.Delivery.Price.Minor == 0 {
		d.DeliveryPrice = "Free"
	}
	d.Lines = mailLines(o.Lines)
	return d
}

// deliveryText names the delivery option with its carrier and estimate, when it has them.
func deliveryText(d Delivery) string {
	var details []string
	for _, s := range []string{d.Carrier, d.Estimate} {
		if s != "" {
			details = append(details, s)
		}
	}
	if len(details) == 0 {
		return d.Name
	}
	return fmt.Sprintf("%s (%s)", d.Name, strings.Join(details, ", "))
}

// addressLines is the address as it is printed on an envelope, without its empty lines.
func addressLines(ad Address, countryName func(string) (string, bool)) []string {
	country := ad.CountryCode
	if countryName != nil {
		if name, ok := countryName(ad.CountryCode); ok {
			country = name
		}
	}
	var out []string
	for _, l := range []string{ad.FirstName + " " + ad.LastName, ad.Line1, ad.Line2, ad.City, ad.Region, ad.Postcode, country} {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
