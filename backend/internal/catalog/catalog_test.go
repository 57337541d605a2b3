package catalog_test

import (
	"context"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

const (
	brandA = "Maison Lumière"
	brandB = "Verdant & Co"
)

type fixtureProduct struct {
	slug, name, desc, brand string
	price                   *int64
	stock                   int32
	active, published       bool
	featured                bool
	images                  int
	ageDays                 int
}

func pence(v int64) *int64 { return new(v) }

// fixture: eight visible products and four hidden ones, each hidden for a different reason.
var fixture = []fixtureProduct{
	{"rose-serum", "Rose Serum", "A radiance serum with damask rose.", brandA, pence(4500), 20, true, true, false, 2, 10},
	{"velvet-night-cream", "Velvet Night Cream", "Rich overnight repair.", brandA, pence(8900), 5, true, true, true, 1, 9},
	{"sage-cleanser", "sage Cleanser", "A gentle gel cleanser.", brandB, pence(2200), 0, true, true, false, 1, 8},
	{"moss-balm", "Moss Balm", "Now 50% richer in shea.", brandB, pence(1500), 100, true, true, false, 0, 7},
	{"amber-face-oil", "Amber Face Oil", "Cold-pressed botanical oils.", brandB, pence(32000), 12, true, true, true, 3, 3},
	{"lumiere-eye-cream", "Lumière Eye Cream", "A brightening eye cream.", brandA, pence(6100), 9, true, true, true, 0, 2},
	{"petal-mist", "Petal Mist", "A hydrating toner mist.", brandA, pence(4500), 40, true, true, false, 0, 1},
	{"eucalyptus-mask", "Eucalyptus Mask", "A clay mask.", brandB, pence(2900), 15, true, true, false, 1, 0},
	{"hidden-inactive", "Hidden Inactive", "Not for sale.", brandB, pence(3000), 10, false, true, true, 1, 4},
	{"draft-oil", "Draft Oil", "Unpublished.", brandA, pence(99999), 10, true, false, true, 1, 5},
	{"no-price", "No Price", "Draft without a price.", brandA, nil, 10, true, true, false, 0, 6},
	{"nameless", "", "A product without a name.", brandA, pence(1000), 10, true, true, false, 0, 11},
}

const visibleCount = 8

func newService(t testing.TB, ttl time.Duration) (*catalog.Service, map[string]string) {
	t.Helper()
	svc := catalog.NewService(dbtest.Pool(t), ttl)
	ids := map[string]string{}
	now := time.Now().UTC()
	for _, f := range fixture {
		id, _, err := svc.SaveProduct(context.Background(), catalog.ProductInput{
			Slug: f.slug, Name: f.name, Description: f.desc, Price: f.price, SKU: "SKU-" + f.slug, Stock: f.stock,
			Active: f.active, Published: f.published, Featured: f.featured,
			Attributes: []catalog.Attribute{{Name: "category", Value: f.brand}, {Name: "brand", Value: f.brand},
				{Name: "feature", Value: "Vegan"}, {Name: "Size", Value: "30 ml"}, {Name: "", Value: "dropped"}, {Name: "Dropped", Value: " "}},
			CreatedAt: now.Add(-time.Duration(f.ageDays) * 24 * time.Hour),
		})
		require.NoError(t, err)
		ids[f.slug] = id
		var imgs []catalog.NewImage
		for i := range f.images {
			imgs = append(imgs, catalog.NewImage{ID: uuid.NewString(), Alt: f.name, Variants: []catalog.Variant{
				{Key: "images/x/400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"},
				{Key: "images/x/800.jpg", Width: 800 + int32(i), Height: 1000, ContentType: "image/jpeg"}}})
		}
		if len(imgs) > 0 {
			require.NoError(t, svc.AddImages(context.Background(), id, imgs))
		}
	}
	return svc, ids
}

func slugs(ps []catalog.Product) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Slug
	}
	return out
}

func list(t *testing.T, svc *catalog.Service, q catalog.ListQuery) catalog.ListPage {
	t.Helper()
	page, err := svc.List(context.Background(), q)
	require.NoError(t, err)
	return page
}

func TestListShowsOnlyVisibleProducts(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	page := list(t, svc, catalog.ListQuery{PageSize: catalog.AllPageSize})
	require.Equal(t, visibleCount, page.Total)
	require.Len(t, page.Products, visibleCount)
	for _, p := range page.Products {
		require.NotContains(t, []string{"hidden-inactive", "draft-oil", "no-price", "nameless"}, p.Slug)
	}
}

// Counting stops at the cap: past it the page says "more than" instead of scanning every match,
// and everything else about the page is as before.
func TestListCountsUpToTheCap(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		countCap   int
		wantTotal  int
		wantCapped bool
	}{
		{"fewer matches than the cap", visibleCount + 1, visibleCount, false},
		{"exactly the cap", visibleCount, visibleCount, false},
		{"more matches than the cap", visibleCount - 2, visibleCount - 2, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			svc, _ := newService(t, 0)
			catalog.SetCountCap(svc, tt.countCap)
			page := list(t, svc, catalog.ListQuery{PageSize: 6})
			require.Equal(t, tt.wantTotal, page.Total)
			require.Equal(t, tt.wantCapped, page.TotalCapped)
			require.Len(t, page.Products, min(6, visibleCount), "the page itself is not cut by the cap")
			require.Equal(t, (tt.wantTotal+5)/6, page.TotalPages)
		})
	}
}

func TestListFilters(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	tests := []struct {
		name string
		q    catalog.ListQuery
		want []string // newest first; a search's by relevance (ties newest first)
	}{
		{"search name case-insensitively", catalog.ListQuery{Search: "ROSE"}, []string{"rose-serum"}},
		{"search description", catalog.ListQuery{Search: "brightening"}, []string{"lumiere-eye-cream"}},
		// The name first, then the brand Maison Lumière's other products.
		{"search accented text", catalog.ListQuery{Search: "lumière"}, []string{"lumiere-eye-cream", "petal-mist", "velvet-night-cream", "rose-serum"}},
		{"search trims blanks", catalog.ListQuery{Search: "  mist  "}, []string{"petal-mist"}},
		{"search wildcard characters literally", catalog.ListQuery{Search: "50%"}, []string{"moss-balm"}},
		{"search underscore literally", catalog.ListQuery{Search: "_"}, nil},
		{"search whitespace only is no search", catalog.ListQuery{Search: "   ", PageSize: catalog.AllPageSize}, []string{"eucalyptus-mask", "petal-mist", "lumiere-eye-cream", "amber-face-oil", "moss-balm", "sage-cleanser", "velvet-night-cream", "rose-serum"}},
		{"search never shows hidden products", catalog.ListQuery{Search: "draft"}, nil},
		{"category", catalog.ListQuery{Categories: []string{brandB}}, []string{"eucalyptus-mask", "amber-face-oil", "moss-balm", "sage-cleanser"}},
		{"several categories", catalog.ListQuery{Categories: []string{brandA, brandB}, PageSize: catalog.AllPageSize}, []string{"eucalyptus-mask", "petal-mist", "lumiere-eye-cream", "amber-face-oil", "moss-balm", "sage-cleanser", "velvet-night-cream", "rose-serum"}},
		{"unknown category", catalog.ListQuery{Categories: []string{"Nope"}}, nil},
		{"min price inclusive", catalog.ListQuery{MinPrice: pence(8900)}, []string{"amber-face-oil", "velvet-night-cream"}},
		{"max price inclusive", catalog.ListQuery{MaxPrice: pence(2200)}, []string{"moss-balm", "sage-cleanser"}},
		{"price range", catalog.ListQuery{MinPrice: pence(4500), MaxPrice: pence(6100)}, []string{"petal-mist", "lumiere-eye-cream", "rose-serum"}},
		{"search and category and price", catalog.ListQuery{Search: "cream", Categories: []string{brandA}, MaxPrice: pence(7000)}, []string{"lumiere-eye-cream"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.q.PageSize = catalog.AllPageSize
			page := list(t, svc, tt.q)
			require.Equal(t, len(tt.want), page.Total)
			if tt.want == nil {
				tt.want = []string{}
			}
			require.Equal(t, tt.want, slugs(page.Products))
		})
	}
}

func TestListSorts(t *testing.T) {
	t.Parallel()
	svc, ids := newService(t, 0)
	all := list(t, svc, catalog.ListQuery{PageSize: catalog.AllPageSize}).Products
	byPrice := func(desc bool) []string {
		ps := append([]catalog.Product(nil), all...)
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].Price.Minor != ps[j].Price.Minor {
				return (ps[i].Price.Minor < ps[j].Price.Minor) != desc
			}
			return (ids[ps[i].Slug] < ids[ps[j].Slug]) != desc
		})
		return slugs(ps)
	}
	tests := map[catalog.Sort][]string{
		"":                    {"eucalyptus-mask", "petal-mist", "lumiere-eye-cream", "amber-face-oil", "moss-balm", "sage-cleanser", "velvet-night-cream", "rose-serum"},
		catalog.SortNewest:    {"eucalyptus-mask", "petal-mist", "lumiere-eye-cream", "amber-face-oil", "moss-balm", "sage-cleanser", "velvet-night-cream", "rose-serum"},
		catalog.SortPriceAsc:  byPrice(false),
		catalog.SortPriceDesc: byPrice(true),
		// Case-insensitive: "sage Cleanser" sorts among the S's.
		catalog.SortNameAsc:  {"amber-face-oil", "eucalyptus-mask", "lumiere-eye-cream", "moss-balm", "petal-mist", "rose-serum", "sage-cleanser", "velvet-night-cream"},
		catalog.SortNameDesc: {"velvet-night-cream", "sage-cleanser", "rose-serum", "petal-mist", "moss-balm", "lumiere-eye-cream", "eucalyptus-mask", "amber-face-oil"},
	}
	for sortBy, want := range tests {
		t.Run(string(sortBy), func(t *testing.T) {
			require.Equal(t, want, slugs(list(t, svc, catalog.ListQuery{Sort: sortBy, PageSize: catalog.AllPageSize}).Products))
		})
	}
	// Ties in price are broken by id, the same way in both directions.
	asc := byPrice(false)
	require.Equal(t, "moss-balm", asc[0])
	require.Equal(t, "amber-face-oil", byPrice(true)[0])
}

func TestListPaging(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	first := list(t, svc, catalog.ListQuery{})
	require.Equal(t, catalog.DefaultPageSize, first.PageSize, "default page size")
	require.Equal(t, 1, first.Page)
	require.Len(t, first.Products, 6)
	require.Equal(t, visibleCount, first.Total)
	require.Equal(t, 2, first.TotalPages)

	second := list(t, svc, catalog.ListQuery{Page: 2})
	require.Len(t, second.Products, 2)
	require.Equal(t, []string{"velvet-night-cream", "rose-serum"}, slugs(second.Products))

	beyond := list(t, svc, catalog.ListQuery{Page: 3})
	require.Empty(t, beyond.Products)
	require.Equal(t, visibleCount, beyond.Total, "a page past the end still reports the total")

	for _, size := range []int{12, 24, 48} {
		p := list(t, svc, catalog.ListQuery{PageSize: size})
		require.Len(t, p.Products, visibleCount)
		require.Equal(t, 1, p.TotalPages)
	}
	all := list(t, svc, catalog.ListQuery{PageSize: catalog.AllPageSize})
	require.Len(t, all.Products, visibleCount)
	require.Equal(t, 1, all.TotalPages)
	require.Equal(t, catalog.AllPageSize, all.PageSize)
}

func TestListValidation(t *testing.T) {
	t.Parallel()
	svc := catalog.NewService(dbtest.Pool(t), 0)
	tests := []struct {
		name   string
		q      catalog.ListQuery
		field  string
		reason string
	}{
		{"page size 7", catalog.ListQuery{PageSize: 7}, "page_size", "invalid_page_size"},
		{"negative page size", catalog.ListQuery{PageSize: -6}, "page_size", "invalid_page_size"},
		{"unknown sort", catalog.ListQuery{Sort: "popular"}, "sort", "unknown_sort"},
		{"search too long", catalog.ListQuery{Search: strings.Repeat("a", 10_000)}, "search", "search_too_long"},
		{"negative min price", catalog.ListQuery{MinPrice: pence(-1)}, "min_price", "negative_price"},
		{"negative max price", catalog.ListQuery{MaxPrice: pence(-500)}, "max_price", "negative_price"},
		{"inverted range", catalog.ListQuery{MinPrice: pence(5000), MaxPrice: pence(1000)}, "min_price", "price_range_inverted"},
		{"negative page", catalog.ListQuery{Page: -1}, "page", "invalid_page"},
		{"too many categories", catalog.ListQuery{Categories: make([]string, 21)}, "category", "too_many_categories"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := svc.List(context.Background(), tt.q)
			ae := apperr.As(err)
			require.NotNil(t, ae, "want a classified error, got %v", err)
			require.Equal(t, apperr.KindInvalid, ae.Kind)
			require.Equal(t, tt.field, ae.Field)
			require.Equal(t, tt.reason, ae.Reason)
			require.NotEmpty(t, ae.Message)
		})
	}
}

func TestPriceCeiling(t *testing.T) {
	t.Parallel()
	empty := catalog.NewService(dbtest.Pool(t), 0)
	require.Equal(t, int64(500_00), list(t, empty, catalog.ListQuery{}).PriceCeiling.Minor, "no products: £500")

	svc, _ := newService(t, 0)
	// £320 is the highest visible price (the hidden £999.99 does not count) → £400.
	require.Equal(t, int64(400_00), list(t, svc, catalog.ListQuery{}).PriceCeiling.Minor)
	// The ceiling describes the shop, not the current filter.
	require.Equal(t, int64(400_00), list(t, svc, catalog.ListQuery{Search: "mist"}).PriceCeiling.Minor)

	exact := catalog.NewService(dbtest.Pool(t), 0)
	_, _, err := exact.SaveProduct(context.Background(), catalog.ProductInput{Slug: "exact", Name: "Exact", Price: pence(300_00), Active: true, Published: true})
	require.NoError(t, err)
	require.Equal(t, int64(300_00), list(t, exact, catalog.ListQuery{}).PriceCeiling.Minor, "already a multiple of £100")
}

func TestGet(t *testing.T) {
	t.Parallel()
	svc, ids := newService(t, 0)
	ctx := context.Background()

	byID, err := svc.Get(ctx, ids["rose-serum"])
	require.NoError(t, err)
	require.Equal(t, "Rose Serum", byID.Name)
	require.Equal(t, int64(4500), byID.Price.Minor)
	require.Equal(t, "GBP", byID.Price.Currency)
	require.Equal(t, brandA, byID.Category())
	require.Equal(t, []catalog.Attribute{{Name: "category", Value: brandA}, {Name: "brand", Value: brandA},
		{Name: "feature", Value: "Vegan"}, {Name: "Size", Value: "30 ml"}}, byID.Attributes, "ordered, pairs missing a name or value dropped")
	require.Len(t, byID.Images, 2)
	primaries := 0
	for _, img := range byID.Images {
		if img.Primary {
			primaries++
		}
	}
	require.Equal(t, 1, primaries, "exactly one primary image")
	require.True(t, byID.Images[0].Primary, "the first image added becomes primary")

	bySlug, err := svc.Get(ctx, "rose-serum")
	require.NoError(t, err)
	require.Equal(t, byID.ID, bySlug.ID)

	for _, key := range []string{ids["hidden-inactive"], ids["draft-oil"], "no-price", "nameless", uuid.NewString(), "no-such-product"} {
		_, err := svc.Get(ctx, key)
		ae := apperr.As(err)
		require.NotNil(t, ae, key)
		require.Equal(t, apperr.KindNotFound, ae.Kind, key)
		require.Equal(t, "product_not_found", ae.Reason)
	}
	_, err = svc.Get(ctx, "bad key!")
	require.Equal(t, apperr.KindInvalid, apperr.As(err).Kind)
}

func TestStockStatus(t *testing.T) {
	t.Parallel()
	for stock, want := range map[int32]catalog.StockStatus{0: catalog.OutOfStock, 1: catalog.LowStock, 9: catalog.LowStock, 10: catalog.InStock, 250: catalog.InStock} {
		require.Equal(t, want, catalog.Product{Stock: stock}.StockStatus(), "stock %d", stock)
	}
}

func TestRelated(t *testing.T) {
	t.Parallel()
	svc, ids := newService(t, 0)
	for range 10 { // random fill: check the rule holds every time
		rel, err := svc.Related(context.Background(), "moss-balm")
		require.NoError(t, err)
		require.Len(t, rel, 4)
		// Brand B has three other visible products: they come first, then one random fill.
		sameCategory := map[string]bool{"sage-cleanser": true, "amber-face-oil": true, "eucalyptus-mask": true}
		for i, p := range rel {
			require.NotEqual(t, ids["moss-balm"], p.ID, "never the product itself")
			require.Equal(t, i < 3, sameCategory[p.Slug], "same category first: %v", slugs(rel))
			require.NotContains(t, []string{"hidden-inactive", "draft-oil", "no-price", "nameless"}, p.Slug)
		}
	}
	rel, err := svc.Related(context.Background(), ids["draft-oil"])
	require.Error(t, err, "got %v", slugs(rel))
	require.NotNil(t, apperr.As(err), "%v", err)
	require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, "a hidden product has no public relatives")
}

func TestFeatured(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	ctx := context.Background()
	seen := map[string]bool{}
	for range 20 {
		ps, err := svc.Featured(ctx, catalog.FeaturedRandom, catalog.ViewUnspecified)
		require.NoError(t, err)
		require.Len(t, ps, 3)
		got := map[string]bool{}
		for _, p := range ps {
			require.NotEmpty(t, p.Images, "featured products have images")
			got[p.Slug] = true
			seen[p.Slug] = true
		}
		require.Len(t, got, 3, "no duplicates")
		// Two visible featured products have images (a third has none): both always come, plus one
		// random fill from the products with images.
		require.True(t, got["velvet-night-cream"] && got["amber-face-oil"], "%v", got)
	}
	require.Greater(t, len(seen), 3, "the fill is random")

	top, err := svc.Featured(ctx, catalog.FeaturedTopPrice, catalog.ViewUnspecified)
	require.NoError(t, err)
	require.Len(t, top, 5)
	require.Equal(t, "amber-face-oil", top[0].Slug)
	for i := 1; i < len(top); i++ {
		require.GreaterOrEqual(t, top[i-1].Price.Minor, top[i].Price.Minor)
	}
	_, err = svc.Featured(ctx, "popular", catalog.ViewUnspecified)
	require.Equal(t, apperr.KindInvalid, apperr.As(err).Kind)
}

func TestCategories(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	cats, err := svc.Categories(context.Background())
	require.NoError(t, err)
	require.Equal(t, []catalog.CategoryCount{{Name: brandA, Count: 4}, {Name: brandB, Count: 4}}, cats)
}

func TestReadCacheIsClearedByWrites(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, time.Hour)
	before := list(t, svc, catalog.ListQuery{})
	require.Equal(t, visibleCount, before.Total)
	_, _, err := svc.SaveProduct(context.Background(), catalog.ProductInput{Slug: "new-one", Name: "New One", Price: pence(100), Active: true, Published: true})
	require.NoError(t, err)
	require.Equal(t, visibleCount+1, list(t, svc, catalog.ListQuery{}).Total)
}

func TestSaveProductValidation(t *testing.T) {
	t.Parallel()
	svc := catalog.NewService(dbtest.Pool(t), 0)
	ctx := context.Background()
	for name, in := range map[string]catalog.ProductInput{
		"bad slug":       {Slug: "Bad Slug", Name: "x"},
		"negative price": {Slug: "x", Name: "x", Price: pence(-1)},
		"negative stock": {Slug: "x", Name: "x", Stock: -1},
	} {
		_, _, err := svc.SaveProduct(ctx, in)
		require.Equal(t, apperr.KindInvalid, apperr.As(err).Kind, name)
	}
	_, _, err := svc.SaveProduct(ctx, catalog.ProductInput{Slug: "a", Name: "A", SKU: "DUP"})
	require.NoError(t, err)
	_, _, err = svc.SaveProduct(ctx, catalog.ProductInput{Slug: "b", Name: "B", SKU: "DUP"})
	require.Equal(t, apperr.KindConflict, apperr.As(err).Kind)
	// Products without a SKU do not collide with each other.
	_, _, err = svc.SaveProduct(ctx, catalog.ProductInput{Slug: "c", Name: "C"})
	require.NoError(t, err)
	_, _, err = svc.SaveProduct(ctx, catalog.ProductInput{Slug: "d", Name: "D"})
	require.NoError(t, err)
}

// VisibleProductsByID reads in the caller's transaction and applies the public visibility rule.
func TestVisibleProductsByID(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	svc := catalog.NewService(pool, time.Hour) // a cache must not be involved
	ctx := context.Background()
	save := func(slug string, published bool) string {
		id, _, err := svc.SaveProduct(ctx, catalog.ProductInput{Slug: slug, Name: slug, Price: pence(100), Stock: 4,
			Active: true, Published: published, Attributes: []catalog.Attribute{{Name: "category", Value: brandA}}})
		require.NoError(t, err)
		return id
	}
	shown, hidden := save("shown", true), save("hidden", false)
	var got map[string]catalog.Product
	err := db.WithReadTx(ctx, pool, func(tx pgx.Tx) (err error) {
		got, err = catalog.VisibleProductsByID(ctx, tx, []string{shown, hidden, uuid.NewString()})
		return err
	})
	require.NoError(t, err)
	require.Len(t, got, 1, "hidden and unknown ids are absent")
	require.Equal(t, "shown", got[shown].Slug)
	require.Equal(t, int32(4), got[shown].Stock)
	require.Equal(t, brandA, got[shown].Category(), "with attributes")

	err = db.WithReadTx(ctx, pool, func(tx pgx.Tx) (err error) {
		got, err = catalog.VisibleProductsByID(ctx, tx, nil)
		return err
	})
	require.NoError(t, err)
	require.Empty(t, got)
}

// An archived product leaves every public read: the listing (which the sitemap is built from),
// search, the category counts, featured, related products and the product page. A cart line
// still reads it, flagged, with its name and picture.
func TestArchivedProductLeavesTheShop(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	svc := catalog.NewService(pool, 0)
	ctx := context.Background()
	save := func(slug, name string, price int64) string {
		t.Helper()
		id, _, err := svc.SaveProduct(ctx, catalog.ProductInput{Slug: slug, Name: name, Price: pence(price), Stock: 4,
			Active: true, Published: true, Featured: true, Attributes: []catalog.Attribute{{Name: "category", Value: brandA}}})
		require.NoError(t, err)
		require.NoError(t, svc.AddImages(ctx, id, []catalog.NewImage{{ID: uuid.NewString(), Alt: name,
			Variants: []catalog.Variant{{Key: "images/" + slug + "/400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"}}}}))
		return id
	}
	kept := save("kept-serum", "Kept Serum", 1000)
	gone := save("gone-serum", "Gone Serum", 99000)
	_, err := pool.Exec(ctx, `UPDATE products SET archived_at = now() WHERE id = $1`, gone)
	require.NoError(t, err)

	page := list(t, svc, catalog.ListQuery{PageSize: catalog.AllPageSize})
	require.Equal(t, []string{"kept-serum"}, slugs(page.Products), "the listing and so the sitemap")
	require.Equal(t, 1, page.Total)
	require.Empty(t, list(t, svc, catalog.ListQuery{PageSize: catalog.AllPageSize, Search: "Gone"}).Products, "search")
	cats, err := svc.Categories(ctx)
	require.NoError(t, err)
	require.Equal(t, []catalog.CategoryCount{{Name: brandA, Count: 1}}, cats)
	for _, mode := range []catalog.FeaturedMode{catalog.FeaturedRandom, catalog.FeaturedTopPrice} {
		featured, err := svc.Featured(ctx, mode, catalog.ViewUnspecified)
		require.NoError(t, err)
		require.Equal(t, []string{"kept-serum"}, slugs(featured), "featured %s", mode)
	}
	related, err := svc.Related(ctx, kept)
	require.NoError(t, err)
	require.Empty(t, related, "related products")
	for _, key := range []string{gone, "gone-serum"} {
		_, err = svc.Get(ctx, key)
		require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, "the product page, by %s", key)
	}

	var lines map[string]catalog.Listed
	err = db.WithReadTx(ctx, pool, func(tx pgx.Tx) (err error) {
		lines, err = catalog.ProductsForLines(ctx, tx, []string{kept, gone})
		return err
	})
	require.NoError(t, err)
	require.True(t, lines[kept].Visible)
	require.False(t, lines[gone].Visible, "a cart line reads it, flagged")
	require.Equal(t, "Gone Serum", lines[gone].Name)
	require.Len(t, lines[gone].Images, 1, "with its picture")
}

// ProductsForLines reads every product among the ids, in the caller's transaction, and says
// which the public rule still shows; an unpriced draft reads as price zero, unknown ids are absent.
func TestProductsForLines(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	svc := catalog.NewService(pool, time.Hour) // a cache must not be involved
	ctx := context.Background()
	save := func(in catalog.ProductInput) string {
		t.Helper()
		in.Name, in.Stock = in.Slug, 4
		id, _, err := svc.SaveProduct(ctx, in)
		require.NoError(t, err)
		return id
	}
	ids := map[string]string{
		"shown":       save(catalog.ProductInput{Slug: "shown", Price: pence(100), Active: true, Published: true}),
		"unpublished": save(catalog.ProductInput{Slug: "unpublished", Price: pence(200), Active: true}),
		"inactive":    save(catalog.ProductInput{Slug: "inactive", Price: pence(300), Published: true}),
		"unpriced":    save(catalog.ProductInput{Slug: "unpriced", Active: true, Published: true}),
	}
	var got map[string]catalog.Listed
	err := db.WithReadTx(ctx, pool, func(tx pgx.Tx) (err error) {
		got, err = catalog.ProductsForLines(ctx, tx, append([]string{uuid.NewString()}, ids["shown"], ids["unpublished"],
			ids["inactive"], ids["unpriced"]))
		return err
	})
	require.NoError(t, err)
	require.Len(t, got, 4, "unknown ids are absent")
	for slug, want := range map[string]struct {
		visible bool
		price   int64
	}{"shown": {true, 100}, "unpublished": {false, 200}, "inactive": {false, 300}, "unpriced": {false, 0}} {
		p := got[ids[slug]]
		require.Equal(t, slug, p.Slug)
		require.Equal(t, want.visible, p.Visible, slug)
		require.Equal(t, want.price, p.Price.Minor, slug)
	}

	err = db.WithReadTx(ctx, pool, func(tx pgx.Tx) (err error) {
		got, err = catalog.ProductsForLines(ctx, tx, nil)
		return err
	})
	require.NoError(t, err)
	require.Empty(t, got)
}
