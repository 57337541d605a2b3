package order_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// A past order keeps its product's picture after the product is archived, but no longer links
// to the product's page, which is gone.
func TestLinesOfArchivedProducts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, nil)
	require.NoError(t, catalog.NewService(b.pool, 0).AddImages(ctx, b.product, []catalog.NewImage{{ID: uuid.NewString(),
		Alt: "Rose Serum", Variants: []catalog.Variant{{Key: "images/x/400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"}}}}))
	o := b.place(t, placement{noPayment: true})
	line := func() (string, *catalog.Image) {
		got, err := b.orders.Get(ctx, "", o.ID, b.orders.AccessToken(o.ID))
		require.NoError(t, err)
		require.Len(t, got.Lines, 1)
		return got.Lines[0].Slug, got.Lines[0].Image
	}
	slug, image := line()
	require.NotEmpty(t, slug)
	require.NotNil(t, image)

	_, err := b.pool.Exec(ctx, `UPDATE products SET archived_at = now() WHERE id = $1`, b.product)
	require.NoError(t, err)
	slug, image = line()
	require.Empty(t, slug, "no link to a page that is gone")
	require.NotNil(t, image, "the picture stays on the order")
	require.Equal(t, "Rose Serum", image.Alt)
}
