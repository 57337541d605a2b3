package order_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/stretchr/testify/require"
)

// An order has a confirmation e-mail once it is paid, never while it awaits payment.
func TestConfirmationsCompose(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	o, in := f.placed(t)
	c := order.Confirmations{Orders: f.orders, StorefrontURL: "https://shop.example",
		CountryName: func(code string) (string, bool) { return "United Kingdom", code == "GB" }}

	_, _, err := c.Compose(ctx, o.ID)
	require.Equal(t, apperr.KindFailedPrecondition, apperr.As(err).Kind)
	require.Equal(t, "order_not_paid", apperr.As(err).Reason)

	require.NoError(t, f.orders.ApplyEvent(ctx, f.event(t, in, o.ID, func(_, _ map[string]any) {})))
	to, d, err := c.Compose(ctx, o.ID)
	require.NoError(t, err)
	require.Equal(t, "jane@example.com", to)
	require.Equal(t, o.Number, d.Number)
	require.Equal(t, "https://shop.example/orders/"+o.ID+"?token="+f.orders.AccessToken(o.ID), d.OrderURL)
	require.Equal(t, []string{"Jane", "United Kingdom"}, d.ShippingAddress)
	require.Equal(t, "Free", d.DeliveryPrice)
	require.Equal(t, "£78.00", d.Total)

	_, _, err = c.Compose(ctx, "00000000-0000-4000-8000-000000000000")
	require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind)
}
