package seed_test

import (
	"context"
	"os"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/seed"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// Loading twice leaves one shop: products are updated in place and images are drawn only once,
// each reported as drawn, counting up to the total, one call at a time.
func TestLoadIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	store, err := media.Open(ctx, "file://"+t.TempDir(), "http://localhost:8080")
	require.NoError(t, err)
	defer store.Close()
	cat := catalog.NewService(pool, 0)
	deps := seed.Deps{Catalog: cat, Shipping: shipping.NewService(pool), Settings: settings.NewService(pool),
		Content: content.NewService(pool), Media: store, ArtWidth: 40}
	var progress [][2]int // written by one call at a time, as Progress promises (the race detector checks)
	deps.Progress = func(drawn, total int) { progress = append(progress, [2]int{drawn, total}) }

	first, err := seed.Load(ctx, deps)
	require.NoError(t, err)
	require.Equal(t, len(seed.Products), first.Products)
	require.Positive(t, first.ImagesRendered)
	want := make([][2]int, first.ImagesRendered)
	for i := range want {
		want[i] = [2]int{i + 1, first.ImagesRendered}
	}
	require.Equal(t, want, progress)
	progress = nil
	before, err := cat.List(ctx, catalog.ListQuery{PageSize: catalog.AllPageSize})
	require.NoError(t, err)
	require.GreaterOrEqual(t, before.Total, 40, "at least 40 visible demo products")
	// Seeded images go through the upload pipeline: each width as AVIF, WebP and JPEG.
	var types []string
	for _, v := range before.Products[0].Images[0].Variants {
		types = append(types, v.ContentType)
		f, err := store.Open(ctx, v.Key)
		require.NoError(t, err, "stored: %s", v.Key)
		require.Equal(t, v.ContentType, f.ContentType())
		require.NoError(t, f.Close())
	}
	require.Equal(t, []string{"image/avif", "image/webp", "image/jpeg"}, types, "40 px drawings: one width, three formats")

	// An admin's changes since the first load survive the next one (every `dev` start loads).
	st, err := deps.Settings.Get(ctx)
	require.NoError(t, err)
	st.Phone = "+44 20 7946 0999"
	require.NoError(t, deps.Settings.Save(ctx, st))
	express, err := deps.Shipping.Get(ctx, "express")
	require.NoError(t, err)
	express.Price = money.GBP(2599)
	require.NoError(t, deps.Shipping.Save(ctx, express.Option))
	require.NoError(t, deps.Content.Save(ctx, content.Page{Slug: "privacy", Title: "Privacy, edited", HTML: "<p>Edited.</p>"}))
	_, err = pool.Exec(ctx, `UPDATE products SET name = 'Renamed by an admin' WHERE slug = $1`, seed.Products[0].Slug)
	require.NoError(t, err)

	second, err := seed.Load(ctx, deps)
	require.NoError(t, err)
	require.Zero(t, second.ImagesRendered, "images are not drawn again")
	require.Empty(t, progress, "nothing drawn, nothing reported")
	after, err := cat.List(ctx, catalog.ListQuery{PageSize: catalog.AllPageSize})
	require.NoError(t, err)
	require.Equal(t, before.Total, after.Total)
	for i, p := range after.Products {
		require.Equal(t, before.Products[i].ID, p.ID, "same products, same ids")
		require.Len(t, p.Images, len(before.Products[i].Images))
	}
	var rows, images int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM products`).Scan(&rows))
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM product_images`).Scan(&images))
	require.Equal(t, len(seed.Products), rows)
	require.Equal(t, first.ImagesRendered, images)
	opts, err := deps.Shipping.ListActive(ctx)
	require.NoError(t, err)
	require.Len(t, opts, 5)

	st, err = deps.Settings.Get(ctx)
	require.NoError(t, err)
	require.Equal(t, "+44 20 7946 0999", st.Phone, "the seed keeps the store details an admin changed")
	express, err = deps.Shipping.Get(ctx, "express")
	require.NoError(t, err)
	require.Equal(t, int64(2599), express.Price.Minor, "and delivery options")
	page, err := deps.Content.Get(ctx, "privacy")
	require.NoError(t, err)
	require.Equal(t, "Privacy, edited", page.Title, "and pages")
	var name string
	require.NoError(t, pool.QueryRow(ctx, `SELECT name FROM products WHERE slug = $1`, seed.Products[0].Slug).Scan(&name))
	require.Equal(t, "Renamed by an admin", name, "and products")
}
