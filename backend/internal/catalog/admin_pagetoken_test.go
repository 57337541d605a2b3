package catalog_test

import (
	"context"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken/pagetokentest"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// pagedBackOffice is a back office whose products tie on every sort's key, so that only the
// tie-breaks (name, then id) tell them apart: no price, no sku or no category (NULLs, listed
// last), one name in two cases, equal prices, stocks, statuses and times.
func pagedBackOffice(t *testing.T) *backOffice {
	t.Helper()
	ctx := context.Background()
	b := newBackOffice(t)
	b.create(t, catalog.AdminInput{Name: new("Amber Oil"), SKU: new("AO-9"), Stock: new(int32(0)), Attributes: attrs("category", brandB)})
	b.create(t, catalog.AdminInput{Name: new("Zinc Cream"), Price: pence(900), Stock: new(int32(5)), Active: new(false),
		Attributes: attrs("category", brandA)})
	b.create(t, catalog.AdminInput{Name: new("moss balm"), Price: pence(1500), Stock: new(int32(20))})
	b.create(t, catalog.AdminInput{Name: new("Iris Toner"), Price: pence(4500), SKU: new("IT-1"), Stock: new(int32(0)), Published: new(false)})
	b.create(t, catalog.AdminInput{Name: new("Moss Balm"), Stock: new(int32(5)), Attributes: attrs("category", brandB)})
	gone := b.create(t, catalog.AdminInput{Name: new("Gone Mask"), Price: pence(100)})
	_, err := b.admin.Archive(ctx, b.ada, gone.ID, gone.Revision)
	require.NoError(t, err)
	_, err = b.pool.Exec(ctx, `UPDATE products SET created_at = $1, updated_at = $1 WHERE name IN ('Amber Oil', 'moss balm', 'Iris Toner')`,
		b.rose.CreatedAt)
	require.NoError(t, err)
	return b
}

// productPages lists q's pages (its order and filters) for pagetokentest.
func productPages(b *backOffice, q catalog.AdminQuery) pagetokentest.Page {
	return func(number int, token string, size int) ([]string, string, error) {
		q.Page, q.PageToken, q.PageSize = number, token, size
		page, err := b.admin.List(context.Background(), q)
		return ids(page.Products), page.NextPageToken, err
	}
}

// Partners walk the admin product list by page tokens (AIP-158): every sort, either way round,
// meets every product once, in the order the back office's numbered pages show them.
func TestAdminListPageTokens(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := pagedBackOffice(t)
	for _, sort := range []string{"", "name", "sku", "category", "price", "stock", "status", "created_at", "updated_at"} {
		for _, desc := range []bool{false, true} {
			t.Run(sort+map[bool]string{false: " ascending", true: " descending"}[desc], func(t *testing.T) {
				t.Parallel()
				pagetokentest.RequireAgree(t, productPages(b, catalog.AdminQuery{Sort: sort, Descending: desc}), 7, 3, 1, 2, 3)
			})
		}
	}
	t.Run("filters hold on every page", func(t *testing.T) {
		t.Parallel()
		q := catalog.AdminQuery{Category: brandB, Status: catalog.StatusActive, Sort: "price", PageSize: 100}
		all, err := b.admin.List(ctx, q)
		require.NoError(t, err)
		require.Equal(t, []string{"Moss Balm", "Amber Oil", "Moss Balm"}, names(all.Products))
		require.Equal(t, ids(all.Products), pagetokentest.Walk(t, productPages(b, q), "", 1))
	})
	t.Run("a token's page", func(t *testing.T) {
		t.Parallel()
		first, err := b.admin.List(ctx, catalog.AdminQuery{PageSize: 5})
		require.NoError(t, err)
		require.Equal(t, 1, first.Page)
		require.NotEmpty(t, first.NextPageToken, "numbered pages name their next page too")
		last, err := b.admin.List(ctx, catalog.AdminQuery{PageSize: 5, PageToken: first.NextPageToken})
		require.NoError(t, err)
		require.Zero(t, last.Page, "a token's page has no number")
		require.Equal(t, 7, last.Total)
		require.Len(t, last.Products, 2)
		require.Empty(t, last.NextPageToken)
	})
}

// A product added while a partner pages through is neither met twice nor makes another skipped,
// as an offset would.
func TestAdminListPageTokensAreStable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := pagedBackOffice(t)
	before, err := b.admin.List(ctx, catalog.AdminQuery{Sort: "name", PageSize: 100})
	require.NoError(t, err)
	first, err := b.admin.List(ctx, catalog.AdminQuery{Sort: "name", PageSize: 3})
	require.NoError(t, err)
	b.create(t, catalog.AdminInput{Name: new("Aloe Gel"), Price: pence(1800)})

	rest := pagetokentest.Walk(t, productPages(b, catalog.AdminQuery{Sort: "name"}), first.NextPageToken, 3)
	require.Equal(t, ids(before.Products)[3:], rest, "after the first page, as it was")
	numbered, err := b.admin.List(ctx, catalog.AdminQuery{Sort: "name", PageSize: 3, Page: 2})
	require.NoError(t, err)
	require.Equal(t, ids(before.Products)[2:5], ids(numbered.Products), "an offset repeats what moved across the page boundary")
}

func TestAdminListPageTokenValidation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The token is of the price list (ascending) of brandA's products, one a page; each case
	// changes the query it comes back with, or the token's own fields (forge).
	base := catalog.AdminQuery{Category: brandA, Sort: "price", PageSize: 1}
	tests := map[string]struct {
		q      func(q catalog.AdminQuery) catalog.AdminQuery
		forge  map[string]any
		reason string
	}{
		"garbage":          {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.PageToken = "not a token"; return q }, reason: "invalid_page_token"},
		"too long":         {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.PageToken = strings.Repeat("e", 501); return q }, reason: "invalid_page_token"},
		"another sort":     {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Sort = "stock"; return q }, reason: "invalid_page_token"},
		"turned round":     {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Descending = true; return q }, reason: "invalid_page_token"},
		"another category": {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Category = brandB; return q }, reason: "invalid_page_token"},
		"another status":   {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Status = catalog.StatusActive; return q }, reason: "invalid_page_token"},
		"a stock level":    {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Stock = catalog.InStock; return q }, reason: "invalid_page_token"},
		"a search added":   {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Search = "rose"; return q }, reason: "invalid_page_token"},
		"with a page":      {q: func(q catalog.AdminQuery) catalog.AdminQuery { q.Page = 2; return q }, reason: "page_with_page_token"},
		"a price of words": {forge: map[string]any{"k": []any{"cheap", "Rose Serum", uuid.NewString()}}, reason: "invalid_page_token"},
		"a key too few":    {forge: map[string]any{"k": []any{"4500", uuid.NewString()}}, reason: "invalid_page_token"},
		"a NUL in a name":  {forge: map[string]any{"k": []any{"4500", "Rose\x00", uuid.NewString()}}, reason: "invalid_page_token"},
		"no id":            {forge: map[string]any{"k": []any{"4500", "Rose Serum", nil}}, reason: "invalid_page_token"},
		"a field unknown":  {forge: map[string]any{"x": 1}, reason: "invalid_page_token"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := pagedBackOffice(t)
			first, err := b.admin.List(ctx, base)
			require.NoError(t, err)
			require.NotEmpty(t, first.NextPageToken)
			q := base
			q.PageToken = first.NextPageToken
			if tt.forge != nil {
				q.PageToken = pagetokentest.Forged(t, q.PageToken, tt.forge)
			}
			if tt.q != nil {
				q = tt.q(q)
			}
			_, err = b.admin.List(ctx, q)
			ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, tt.reason)
			require.Equal(t, map[string]string{"invalid_page_token": "page_token", "page_with_page_token": "page"}[tt.reason], ae.Field)
		})
	}
	t.Run("a NULL price is a key", func(t *testing.T) {
		t.Parallel()
		b := pagedBackOffice(t)
		q := catalog.AdminQuery{Sort: "price", PageSize: 1}
		all, err := b.admin.List(ctx, catalog.AdminQuery{Sort: "price", PageSize: 100})
		require.NoError(t, err)
		n := len(all.Products)
		require.Nil(t, all.Products[n-2].Price, "the drafts come last")
		q.PageToken = pagetokentest.Forged(t, mustToken(t, b, q), map[string]any{"k": []any{nil, all.Products[n-2].Name, all.Products[n-2].ID}})
		page, err := b.admin.List(ctx, q)
		require.NoError(t, err)
		require.Equal(t, ids(all.Products[n-1:]), ids(page.Products))
	})
}

// mustToken is the token of the page after q's.
func mustToken(t *testing.T, b *backOffice, q catalog.AdminQuery) string {
	t.Helper()
	page, err := b.admin.List(context.Background(), q)
	require.NoError(t, err)
	require.NotEmpty(t, page.NextPageToken)
	return page.NextPageToken
}
