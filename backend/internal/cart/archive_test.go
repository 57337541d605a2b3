package cart_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/stretchr/testify/require"
)

// An archived product, through the admin's Archive, cannot be added to any cart; a cart that
// holds it shows the line as unavailable, unpriced, until the shopper removes it.
func TestArchivedProducts(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	c := s.cartWith(t, add{"moss-balm", 2}, add{"rose-serum", 1})
	admin := catalog.NewAdmin(s.catalog)
	p, err := admin.Get(ctx, s.ids["moss-balm"])
	require.NoError(t, err)
	_, err = admin.Archive(ctx, catalog.Actor{}, p.ID, p.Revision)
	require.NoError(t, err)

	_, err = s.carts.Add(ctx, "", c.ID, s.ids["moss-balm"], 1)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "product_unavailable")
	_, err = s.carts.Add(ctx, "", s.newCart(t).ID, s.ids["moss-balm"], 1)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"})
	got := s.get(t, c.ID)
	require.Equal(t, []string{"moss-balm=2", "rose-serum=1"}, s.quantities(got))
	require.True(t, got.Lines[0].Unavailable)
	require.Zero(t, got.Lines[0].LineTotal.Minor)
	require.False(t, got.Lines[1].Unavailable)
}
