package cart_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/stretchr/testify/require"
)

// An archived product leaves carts as a hidden one does: it cannot be added, and the cart no
// longer prices a line for it.
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
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"})
	_, err = s.carts.Add(ctx, "", s.newCart(t).ID, s.ids["moss-balm"], 1)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"})
	require.Equal(t, []string{"rose-serum=1"}, s.quantities(s.get(t, c.ID)))
}
