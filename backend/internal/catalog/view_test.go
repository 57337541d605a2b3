package catalog_test

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestShortenDescription(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    string
		limit int
		want  string
	}{
		{"short stays whole", "A clay mask.", 160, "A clay mask."},
		{"exactly the limit stays whole", "abcde fghij", 11, "abcde fghij"},
		{"cut at the last space", "one two three four", 12, "one two…"},
		{"a space right after the kept part keeps the last word", "one two three", 8, "one two…"},
		{"trailing comma dropped", "one, two three", 8, "one…"},
		{"runes, not bytes", "Lumière éclat à la rose", 12, "Lumière…"},
		{"multi-byte letters counted once", strings.Repeat("é", 10), 10, strings.Repeat("é", 10)},
		{"one long word is cut inside it", strings.Repeat("é", 20), 10, strings.Repeat("é", 9) + "…"},
		{"empty", "", 160, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := catalog.ShortenDescription(tt.in, tt.limit)
			require.Equal(t, tt.want, got)
			require.True(t, utf8.ValidString(got))
			require.LessOrEqual(t, utf8.RuneCountInString(got), tt.limit)
		})
	}
}

// longDescription is a product page's description: well past a summary's 160 characters, with
// multi-byte letters on both sides of the cut.
var longDescription = strings.Repeat("Une crème légère à l’éclat de rose, ", 8) + "et c’est tout."

// viewShop is a catalogue of one product with everything a summary leaves out: a long
// description, specification rows, three images (the second made primary) and a SKU.
func viewShop(t *testing.T, ttl time.Duration) (*catalog.Service, catalog.Product) {
	t.Helper()
	return viewShopIn(t, dbtest.Pool(t), ttl)
}

func viewShopIn(t *testing.T, pool *pgxpool.Pool, ttl time.Duration) (*catalog.Service, catalog.Product) {
	t.Helper()
	ctx := context.Background()
	svc := catalog.NewService(pool, ttl)
	id, _, err := svc.SaveProduct(ctx, catalog.ProductInput{
		Slug: "rose-cream", Name: "Rose Cream", Description: longDescription, Price: pence(4500), SKU: "SKU-ROSE",
		Stock: 7, Active: true, Published: true, Featured: true,
		Attributes: []catalog.Attribute{{Name: "Size", Value: "50 ml"}, {Name: "category", Value: "Face"},
			{Name: "brand", Value: brandA}, {Name: "Ingredients", Value: "Rose, shea"}, {Name: "feature", Value: "Vegan"},
			{Name: "feature", Value: "Refillable"}},
	})
	require.NoError(t, err)
	var imgs []catalog.NewImage
	for i := range 3 {
		imgs = append(imgs, catalog.NewImage{ID: uuid.NewString(), Alt: "Rose Cream " + string(rune('A'+i)), Variants: []catalog.Variant{
			{Key: "images/x/400.webp", Width: 400, Height: 500, ContentType: "image/webp"},
			{Key: "images/x/800.webp", Width: 800, Height: 1000, ContentType: "image/webp"},
			{Key: "images/x/1600.webp", Width: 1600, Height: 2000, ContentType: "image/webp"}}})
	}
	require.NoError(t, svc.AddImages(ctx, id, imgs))
	full, err := svc.Get(ctx, id)
	require.NoError(t, err)
	return svc, full
}

// summaryOf is what a summary of full must be, field by field.
func summaryOf(full catalog.Product) catalog.Product {
	return catalog.Product{
		ID: full.ID, Slug: full.Slug, Name: full.Name, Price: full.Price, Stock: full.Stock, Featured: full.Featured,
		CreatedAt: full.CreatedAt, ImageCount: 3,
		Description: catalog.ShortenDescription(full.Description, catalog.SummaryDescriptionLen),
		Attributes: []catalog.Attribute{{Name: "category", Value: "Face"}, {Name: "brand", Value: brandA},
			{Name: "feature", Value: "Vegan"}, {Name: "feature", Value: "Refillable"}},
		Images: full.Images[:1],
	}
}

func TestListViews(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		view    catalog.View
		summary bool
	}{
		{"unspecified is the summary", catalog.ViewUnspecified, true},
		{"basic is the summary", catalog.ViewBasic, true},
		{"full is the whole product", catalog.ViewFull, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			svc, full := viewShop(t, 0)
			require.Len(t, full.Images, 3)
			require.Equal(t, int32(3), full.ImageCount)
			require.Equal(t, "SKU-ROSE", full.SKU)
			want := full
			if tt.summary {
				want = summaryOf(full)
			}
			page := list(t, svc, catalog.ListQuery{View: tt.view})
			require.Len(t, page.Products, 1)
			got := page.Products[0]
			require.Equal(t, want.CreatedAt.UnixMicro(), got.CreatedAt.UnixMicro())
			got.CreatedAt = want.CreatedAt
			require.Equal(t, want, got)
			if tt.summary {
				require.True(t, strings.HasSuffix(got.Description, "…"), got.Description)
				require.LessOrEqual(t, utf8.RuneCountInString(got.Description), catalog.SummaryDescriptionLen)
				require.True(t, strings.HasPrefix(longDescription, strings.TrimSuffix(got.Description, "…")))
			}
			for _, mode := range []catalog.FeaturedMode{catalog.FeaturedRandom, catalog.FeaturedTopPrice} {
				ps, err := svc.Featured(context.Background(), mode, tt.view)
				require.NoError(t, err)
				require.Len(t, ps, 1)
				ps[0].CreatedAt = want.CreatedAt
				require.Equal(t, want, ps[0], "featured %s", mode)
			}
		})
	}
}

// A summary's image is the primary one, even when another comes first.
func TestSummaryImageIsThePrimary(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	svc, full := viewShopIn(t, pool, 0)
	_, err := pool.Exec(context.Background(), `UPDATE product_images SET is_primary = (id = $1::uuid)`, full.Images[1].ID)
	require.NoError(t, err)
	got := list(t, svc, catalog.ListQuery{}).Products[0]
	require.Len(t, got.Images, 1)
	require.Equal(t, full.Images[1].ID, got.Images[0].ID)
	require.True(t, got.Images[0].Primary)
	require.Equal(t, int32(3), got.ImageCount)
}

// The read cache keeps a summary and the whole product apart: one never answers for the other.
func TestReadCacheKeysOnTheView(t *testing.T) {
	t.Parallel()
	svc, full := viewShop(t, time.Hour)
	ctx := context.Background()
	for range 2 { // the second round is answered from the cache
		basic := list(t, svc, catalog.ListQuery{View: catalog.ViewBasic})
		require.Empty(t, basic.Products[0].SKU)
		require.Len(t, basic.Products[0].Images, 1)
		whole := list(t, svc, catalog.ListQuery{View: catalog.ViewFull})
		require.Equal(t, full.SKU, whole.Products[0].SKU)
		require.Len(t, whole.Products[0].Images, 3)
		featured, err := svc.Featured(ctx, catalog.FeaturedTopPrice, catalog.ViewBasic)
		require.NoError(t, err)
		require.Len(t, featured[0].Images, 1)
		featured, err = svc.Featured(ctx, catalog.FeaturedTopPrice, catalog.ViewFull)
		require.NoError(t, err)
		require.Len(t, featured[0].Images, 3)
	}
}

func TestViewValidation(t *testing.T) {
	t.Parallel()
	svc := catalog.NewService(dbtest.Pool(t), 0)
	ctx := context.Background()
	tests := []struct {
		name string
		call func() error
	}{
		{"list", func() error { _, err := svc.List(ctx, catalog.ListQuery{View: catalog.View(7)}); return err }},
		{"featured", func() error { _, err := svc.Featured(ctx, catalog.FeaturedRandom, catalog.View(-1)); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ae := apperr.As(tt.call())
			require.NotNil(t, ae)
			require.Equal(t, apperr.KindInvalid, ae.Kind)
			require.Equal(t, "view", ae.Field)
			require.Equal(t, "unknown_view", ae.Reason)
		})
	}
}
