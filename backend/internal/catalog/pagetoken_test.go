package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/stretchr/testify/require"
)

// walk follows next_page_token from the first page of q to the last, returning every product's
// slug in the order met.
func walk(t *testing.T, svc *catalog.Service, q catalog.ListQuery) []string {
	t.Helper()
	var seen []string
	for range 100 {
		page := list(t, svc, q)
		seen = append(seen, slugs(page.Products)...)
		if page.NextPageToken == "" {
			return seen
		}
		q.Page, q.PageToken = 0, page.NextPageToken
	}
	t.Fatal("the pages never ended")
	return nil
}

// Partners walk the catalogue by page tokens (AIP-158): every sort meets every product once, in
// the order the numbered pages show them.
func TestListPageTokens(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	for _, sortBy := range []catalog.Sort{catalog.SortNewest, catalog.SortPriceAsc, catalog.SortPriceDesc, catalog.SortNameAsc, catalog.SortNameDesc} {
		t.Run(string(sortBy), func(t *testing.T) {
			want := slugs(list(t, svc, catalog.ListQuery{Sort: sortBy, PageSize: catalog.AllPageSize}).Products)
			require.Len(t, want, visibleCount)
			require.Equal(t, want, walk(t, svc, catalog.ListQuery{Sort: sortBy}), "6 a page")
			require.Equal(t, want, walk(t, svc, catalog.ListQuery{Sort: sortBy, PageSize: 12}), "one page")
		})
	}
	cheaper := catalog.ListQuery{MaxPrice: pence(8900), Sort: catalog.SortPriceAsc}
	want := list(t, svc, catalog.ListQuery{MaxPrice: pence(8900), Sort: catalog.SortPriceAsc, PageSize: catalog.AllPageSize})
	require.Len(t, want.Products, 7)
	require.Equal(t, slugs(want.Products), walk(t, svc, cheaper), "filters hold on every page")

	first := list(t, svc, catalog.ListQuery{})
	require.NotEmpty(t, first.NextPageToken, "numbered pages name their next page too")
	last := list(t, svc, catalog.ListQuery{PageToken: first.NextPageToken})
	require.Equal(t, 0, last.Page, "a token's page has no number")
	require.Equal(t, visibleCount, last.Total)
	require.Empty(t, last.NextPageToken)
}

// A product added while a partner pages through is neither met twice nor makes another skipped,
// as an offset would.
func TestListPageTokensAreStable(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	first := list(t, svc, catalog.ListQuery{Sort: catalog.SortNameAsc})
	_, _, err := svc.SaveProduct(context.Background(), catalog.ProductInput{Slug: "aloe-gel", Name: "Aloe Gel",
		Description: "Cooling.", Price: pence(1800), SKU: "SKU-aloe", Stock: 3, Active: true, Published: true,
		CreatedAt: time.Now().UTC()})
	require.NoError(t, err)
	rest := walk(t, svc, catalog.ListQuery{Sort: catalog.SortNameAsc, PageToken: first.NextPageToken})
	require.Equal(t, []string{"sage-cleanser", "velvet-night-cream"}, rest, "after the first page, as it was")
	numbered := list(t, svc, catalog.ListQuery{Sort: catalog.SortNameAsc, Page: 2})
	require.Equal(t, []string{"rose-serum", "sage-cleanser", "velvet-night-cream"}, slugs(numbered.Products),
		"an offset repeats what moved across the page boundary")
}

func TestListPageTokenValidation(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 0)
	token := list(t, svc, catalog.ListQuery{Sort: catalog.SortPriceAsc, MaxPrice: pence(100000)}).NextPageToken
	require.NotEmpty(t, token)
	for _, tt := range []struct {
		name   string
		q      catalog.ListQuery
		field  string
		reason string
	}{
		{"garbage", catalog.ListQuery{PageToken: "not a token"}, "page_token", "invalid_page_token"},
		{"another sort", catalog.ListQuery{Sort: catalog.SortPriceDesc, MaxPrice: pence(100000), PageToken: token}, "page_token", "invalid_page_token"},
		{"other filters", catalog.ListQuery{Sort: catalog.SortPriceAsc, MaxPrice: pence(90000), PageToken: token}, "page_token", "invalid_page_token"},
		{"a search added", catalog.ListQuery{Sort: catalog.SortPriceAsc, MaxPrice: pence(100000), Search: "mask", PageToken: token}, "page_token", "invalid_page_token"},
		{"with a page", catalog.ListQuery{Sort: catalog.SortPriceAsc, MaxPrice: pence(100000), Page: 2, PageToken: token}, "page", "page_with_page_token"},
	} {
		_, err := svc.List(context.Background(), tt.q)
		ae := apperr.As(err)
		require.NotNil(t, ae, "%s: %v", tt.name, err)
		require.Equal(t, apperr.KindInvalid, ae.Kind, tt.name)
		require.Equal(t, tt.field, ae.Field, tt.name)
		require.Equal(t, tt.reason, ae.Reason, tt.name)
	}
}
