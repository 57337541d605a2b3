package order

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/money"
)

// Notices composes the e-mails that tell a shopper their order moved on after it was paid: it
// shipped, it was cancelled, money was refunded. Like Confirmations it reads the order when the
// e-mail is sent, and it refuses (FailedPrecondition, so the mail job is cancelled rather than
// retried) when the order is not where the e-mail would say it is.
type Notices struct {
	Orders *Service
	// StorefrontURL is where the e-mails' link to the order page points.
	StorefrontURL string
	// CountryName gives a country code's English name, as for Confirmations.
	CountryName func(code string) (string, bool)
}

// Shipped returns the recipient and content of the order's shipping notice. An order that has
// not shipped has none: FailedPrecondition order_not_shipped.
func (n Notices) Shipped(ctx context.Context, orderID string) (string, mail.OrderShipped, error) {
	o, err := n.read(ctx, orderID)
	if err != nil {
		return "", mail.OrderShipped{}, fmt.Errorf("order.Notices.Shipped: %w", err)
	}
	d, err := shippedNotice(o, n.link(o), n.CountryName)
	if err != nil {
		return "", mail.OrderShipped{}, fmt.Errorf("order.Notices.Shipped: %w", err)
	}
	return o.Email, d, nil
}

// Cancelled returns the recipient and content of the order's cancellation notice. An order that
// is not cancelled (or was paid again after it lapsed) has none: FailedPrecondition
// order_not_cancelled.
func (n Notices) Cancelled(ctx context.Context, orderID string) (string, mail.OrderCancelled, error) {
	o, err := n.read(ctx, orderID)
	if err != nil {
		return "", mail.OrderCancelled{}, fmt.Errorf("order.Notices.Cancelled: %w", err)
	}
	d, err := cancelledNotice(o, n.link(o))
	if err != nil {
		return "", mail.OrderCancelled{}, fmt.Errorf("order.Notices.Cancelled: %w", err)
	}
	return o.Email, d, nil
}

// Refunded returns the recipient and content of the notice of one refund. Only a refund the
// provider has confirmed is announced: one that is unknown, pending or failed has none
// (FailedPrecondition refund_not_settled).
func (n Notices) Refunded(ctx context.Context, orderID, refundID string) (string, mail.OrderRefunded, error) {
	o, err := n.read(ctx, orderID)
	if err != nil {
		return "", mail.OrderRefunded{}, fmt.Errorf("order.Notices.Refunded: %w", err)
	}
	d, err := refundedNotice(o, refundID, n.link(o))
	if err != nil {
		return "", mail.OrderRefunded{}, fmt.Errorf("order.Notices.Refunded: %w", err)
	}
	return o.Email, d, nil
}

// read is Service.Read for an id from an outbox payload: one that is not a UUID is an order that
// does not exist (NotFound, which cancels the job), not a database error to retry.
func (n Notices) read(ctx context.Context, orderID string) (Order, error) {
	id, ok := db.CanonicalID(orderID)
	if !ok {
		return Order{}, errOrderNotFound()
	}
	return n.Orders.Read(ctx, id)
}

func (n Notices) link(o Order) string {
	return Confirmations{Orders: n.Orders, StorefrontURL: n.StorefrontURL}.link(o)
}

// reachedAt is when the order's timeline first reached status, and whether it did.
func reachedAt(o Order, status Status) (time.Time, bool) {
	for _, c := range o.History {
		if c.Status == status {
			return c.At, true
		}
	}
	return time.Time{}, false
}

// shippedNotice is the shipping notice of o, linking to link. An order counts as shipped once its
// timeline has the step, so a notice still goes out when the order was marked delivered (or
// refunded) before the job ran. The carrier is the tracking's, else the delivery option's.
func shippedNotice(o Order, link string, countryName func(string) (string, bool)) (mail.OrderShipped, error) {
	at, ok := reachedAt(o, StatusShipped)
	if !ok {
		return mail.OrderShipped{}, apperr.FailedPrecondition("order_not_shipped", "order %s has not shipped", o.ID)
	}
	carrier := o.Tracking.Carrier
	if carrier == "" {
		carrier = o.Delivery.Carrier
	}
	return mail.OrderShipped{FirstName: o.Shipping.FirstName, Number: o.Number, ShippedAt: at,
		Carrier: carrier, TrackingNumber: o.Tracking.Number, TrackingURL: o.Tracking.URL,
		Delivery: o.Delivery.Name, Estimate: o.Delivery.Estimate, Lines: mailLines(o.Lines),
		ShippingAddress: addressLines(o.Shipping, countryName), OrderURL: link}, nil
}

// cancelledNotice is the cancellation notice of o, linking to link. The order must be cancelled,
// or refunded since (the provider can confirm the cancellation's refund before the e-mail goes);
// an order paid after it was cancelled (a late payment for a lapsed order) is not.
func cancelledNotice(o Order, link string) (mail.OrderCancelled, error) {
	at, ok := reachedAt(o, StatusCancelled)
	if !ok || (o.Status != StatusCancelled && o.Status != StatusRefunded) {
		return mail.OrderCancelled{}, apperr.FailedPrecondition("order_not_cancelled", "order %s is not cancelled", o.ID)
	}
	d := mail.OrderCancelled{FirstName: o.Shipping.FirstName, Number: o.Number, CancelledAt: at,
		Lines: mailLines(o.Lines), Total: o.Total.String(), OrderURL: link}
	if r := cancellationRefund(o); r.Minor > 0 {
		d.Refund = r.String()
	}
	return d, nil
}

// cancellationRefund is what cancelling o returns to the shopper: the refunds asked for the
// cancellation that have not failed; when there are none (the refunds were not read, or the
// provider turned the refund down and an admin must settle it), whatever of a paid order is not
// refunded yet, since a cancelled order keeps none of the shopper's money. An order never paid
// has nothing to return.
func cancellationRefund(o Order) money.Money {
	sum := money.Money{Currency: o.Total.Currency}
	if !o.wasPaid() {
		return sum
	}
	for _, r := range o.Refunds {
		if r.ForCancellation && r.Status != RefundFailed {
			sum.Minor += r.Amount.Minor
		}
	}
	if sum.Minor == 0 {
		sum.Minor = max(o.Total.Minor-o.Refunded.Minor, 0)
	}
	return sum
}

// refundedNotice is the notice of o's refund refundID, linking to link. What has been refunded
// so far is the sum of the settled refunds, or the order's own count when that is more (orders
// refunded in full before refunds were recorded one by one).
func refundedNotice(o Order, refundID, link string) (mail.OrderRefunded, error) {
	var refund *Refund
	soFar := money.Money{Currency: o.Total.Currency}
	for i, r := range o.Refunds {
		if strings.EqualFold(r.ID, refundID) {
			refund = &o.Refunds[i]
		}
		if r.Status == RefundSucceeded {
			soFar.Minor += r.Amount.Minor
		}
	}
	if refund == nil || refund.Status != RefundSucceeded {
		return mail.OrderRefunded{}, apperr.FailedPrecondition("refund_not_settled",
			"refund %s of order %s is not confirmed by the provider", refundID, o.ID)
	}
	soFar.Minor = max(soFar.Minor, o.Refunded.Minor)
	d := mail.OrderRefunded{FirstName: o.Shipping.FirstName, Number: o.Number, Amount: refund.Amount.String(),
		RefundedSoFar: soFar.String(), OrderTotal: o.Total.String(), InFull: soFar.Minor >= o.Total.Minor,
		Cancelled: refund.ForCancellation, Reason: strings.TrimSpace(refund.Reason), OrderURL: link}
	if refund.SettledAt != nil {
		d.RefundedAt = *refund.SettledAt
	}
	return d, nil
}

// mailLines is the order's lines as the e-mails list them.
func mailLines(lines []Line) []mail.OrderLine {
	out := make([]mail.OrderLine, 0, len(lines))
	for _, l := range lines {
		out = append(out, mail.OrderLine{Name: l.Name, Quantity: l.Quantity, LineTotal: l.LineTotal.String()})
	}
	return out
}
