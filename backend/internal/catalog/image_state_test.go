package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// An uploaded image stays out of the shop while it is processing or failed, and shows as soon as
// its renditions are recorded, even through a warm read cache.
func TestImageState(t *testing.T) {
	t.Parallel()
	variants := []catalog.Variant{
		{Key: "images/x/400.avif", Width: 400, Height: 500, ContentType: "image/avif"},
		{Key: "images/x/400.webp", Width: 400, Height: 500, ContentType: "image/webp"},
		{Key: "images/x/400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"}}
	setup := func(t *testing.T) (*catalog.Service, string, string) {
		t.Helper()
		pool := dbtest.Pool(t)
		svc := catalog.NewService(pool, time.Hour)
		id, _, err := svc.SaveProduct(context.Background(), catalog.ProductInput{Slug: "rose-serum", Name: "Rose Serum",
			Price: pence(4500), Stock: 5, Active: true, Published: true})
		require.NoError(t, err)
		imageID := uuid.NewString()
		_, err = pool.Exec(context.Background(), `INSERT INTO product_images (id, product_id, position, is_primary, alt, state)
			VALUES ($1, $2, 0, true, 'Rose Serum', 'processing')`, imageID, id)
		require.NoError(t, err)
		return svc, id, imageID
	}
	images := func(t *testing.T, svc *catalog.Service, id string) []catalog.Image {
		t.Helper()
		p, err := svc.Get(context.Background(), id)
		require.NoError(t, err)
		return p.Images
	}

	t.Run("ready shows at once", func(t *testing.T) {
		t.Parallel()
		svc, id, imageID := setup(t)
		require.Empty(t, images(t, svc, id), "a processing image is not shown (and the answer is now cached)")
		require.NoError(t, svc.MarkImageReady(context.Background(), imageID, variants))
		got := images(t, svc, id)
		require.Len(t, got, 1)
		require.Equal(t, variants, got[0].Variants)
		require.NoError(t, svc.MarkImageReady(context.Background(), imageID, variants), "a rerun is harmless")
	})
	t.Run("failed stays hidden", func(t *testing.T) {
		t.Parallel()
		svc, id, imageID := setup(t)
		require.NoError(t, svc.MarkImageFailed(context.Background(), imageID, "corrupt_image"))
		require.Empty(t, images(t, svc, id))
	})
	for _, tc := range []struct {
		name     string
		imageID  string
		variants []catalog.Variant
		kind     apperr.Kind
		reason   string
	}{
		{"deleted meanwhile", uuid.NewString(), variants, apperr.KindNotFound, "image_not_found"},
		{"not an id", "nope", variants, apperr.KindNotFound, "image_not_found"},
		{"no renditions", uuid.NewString(), nil, apperr.KindInvalid, "image_without_variants"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc, id, _ := setup(t)
			apperrtest.RequireKind(t, svc.MarkImageReady(context.Background(), tc.imageID, tc.variants), tc.kind, tc.reason)
			require.Empty(t, images(t, svc, id), "a refused change changes nothing")
		})
	}
}
