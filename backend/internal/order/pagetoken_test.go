package order_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken/pagetokentest"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// pagedOrders places n orders of 1, 2 or 3 units (so totals tie), the first three paid, with
// enough stock for them, and gives the first and second, and the fourth and sixth, the same
// placing time (so sorts tie on it too).
func pagedOrders(t *testing.T, n int) *testBundle {
	t.Helper()
	ctx := context.Background()
	b := adminSetup(t)
	_, err := b.pool.Exec(ctx, `UPDATE products SET stock_quantity = 1000 WHERE id = $1`, b.product)
	require.NoError(t, err)
	var placed []order.Order
	for i := range n {
		o := b.place(t, placement{units: int32(i%3 + 1)})
		if i < 3 {
			states["paid"].reach(t, b, o)
		}
		placed = append(placed, o)
	}
	for _, pair := range [][2]int{{0, 1}, {3, 5}} {
		if pair[1] >= n {
			break
		}
		_, err := b.pool.Exec(ctx, `UPDATE orders SET created_at = (SELECT created_at FROM orders WHERE id = $1) WHERE id = $2`,
			placed[pair[0]].ID, placed[pair[1]].ID)
		require.NoError(t, err)
	}
	return b
}

func orderIDs(os []order.AdminOrder) []string {
	out := []string{}
	for _, o := range os {
		out = append(out, o.ID)
	}
	return out
}

// orderPages lists q's pages (its order and filters) for pagetokentest.
func orderPages(b *testBundle, q order.AdminQuery) pagetokentest.Page {
	return func(number int, token string, size int) ([]string, string, error) {
		q.Page, q.PageToken, q.PageSize = number, token, size
		page, err := b.orders.AdminList(context.Background(), q)
		return orderIDs(page.Orders), page.NextPageToken, err
	}
}

// Partners walk the orders by page tokens (AIP-158): every sort meets every order once, in the
// order the back office's numbered pages show them, ties on time and total included.
func TestAdminListPageTokens(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := pagedOrders(t, 7)
	for _, sort := range []string{"", "newest", "oldest", "total_desc", "total_asc"} {
		t.Run("sort "+sort, func(t *testing.T) {
			t.Parallel()
			pagetokentest.RequireAgree(t, orderPages(b, order.AdminQuery{Sort: sort}), 7, 2, 1, 2, 3, 7)
		})
	}
	t.Run("filters hold on every page", func(t *testing.T) {
		t.Parallel()
		q := order.AdminQuery{Statuses: []order.Status{order.StatusPaid}, Sort: "total_asc", PageSize: 100}
		all, err := b.orders.AdminList(ctx, q)
		require.NoError(t, err)
		require.Len(t, all.Orders, 3)
		require.Equal(t, orderIDs(all.Orders), pagetokentest.Walk(t, orderPages(b, q), "", 1))
	})
	t.Run("a token's page", func(t *testing.T) {
		t.Parallel()
		first, err := b.orders.AdminList(ctx, order.AdminQuery{PageSize: 5})
		require.NoError(t, err)
		require.Equal(t, 1, first.Page)
		require.NotEmpty(t, first.NextPageToken, "numbered pages name their next page too")
		last, err := b.orders.AdminList(ctx, order.AdminQuery{PageSize: 5, PageToken: first.NextPageToken})
		require.NoError(t, err)
		require.Zero(t, last.Page, "a token's page has no number")
		require.EqualValues(t, 7, last.TotalCount)
		require.Len(t, last.Orders, 2)
		require.Empty(t, last.NextPageToken)
	})
}

// An order placed while a partner pages through is neither met twice nor makes another skipped,
// as an offset would.
func TestAdminListPageTokensAreStable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := pagedOrders(t, 4)
	before, err := b.orders.AdminList(ctx, order.AdminQuery{PageSize: 100})
	require.NoError(t, err)
	first, err := b.orders.AdminList(ctx, order.AdminQuery{PageSize: 2})
	require.NoError(t, err)
	placed := b.place(t, placement{units: 1})

	rest := pagetokentest.Walk(t, orderPages(b, order.AdminQuery{}), first.NextPageToken, 2)
	require.Equal(t, orderIDs(before.Orders)[2:], rest, "after the first page, as it was")
	numbered, err := b.orders.AdminList(ctx, order.AdminQuery{PageSize: 2, Page: 2})
	require.NoError(t, err)
	require.Equal(t, orderIDs(before.Orders)[1:3], orderIDs(numbered.Orders), "an offset repeats what moved across the page boundary")

	oldest, err := b.orders.AdminList(ctx, order.AdminQuery{Sort: "oldest", PageSize: 4})
	require.NoError(t, err)
	require.Equal(t, []string{placed.ID}, pagetokentest.Walk(t, orderPages(b, order.AdminQuery{Sort: "oldest"}), oldest.NextPageToken, 4),
		"an order placed after the walk began is met at its end")
}

func TestAdminListPageTokenValidation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The token is of the newest orders placed in the last hour, one a page; each case changes
	// the query it comes back with, or the token's own fields (forge).
	base := order.AdminQuery{PlacedFrom: time.Now().Add(-time.Hour), PageSize: 1}
	tests := map[string]struct {
		q      func(q order.AdminQuery) order.AdminQuery
		forge  map[string]any
		reason string
	}{
		"garbage":          {q: func(q order.AdminQuery) order.AdminQuery { q.PageToken = "not a token"; return q }, reason: "invalid_page_token"},
		"too long":         {q: func(q order.AdminQuery) order.AdminQuery { q.PageToken = strings.Repeat("e", 501); return q }, reason: "invalid_page_token"},
		"another sort":     {q: func(q order.AdminQuery) order.AdminQuery { q.Sort = "oldest"; return q }, reason: "invalid_page_token"},
		"other statuses":   {q: func(q order.AdminQuery) order.AdminQuery { q.Statuses = []order.Status{order.StatusPaid}; return q }, reason: "invalid_page_token"},
		"a search added":   {q: func(q order.AdminQuery) order.AdminQuery { q.Search = "jane"; return q }, reason: "invalid_page_token"},
		"another date":     {q: func(q order.AdminQuery) order.AdminQuery { q.PlacedFrom = q.PlacedFrom.Add(time.Second); return q }, reason: "invalid_page_token"},
		"an end date":      {q: func(q order.AdminQuery) order.AdminQuery { q.PlacedBefore = time.Now().Add(time.Hour); return q }, reason: "invalid_page_token"},
		"with a page":      {q: func(q order.AdminQuery) order.AdminQuery { q.Page = 2; return q }, reason: "page_with_page_token"},
		"a key of no time": {forge: map[string]any{"k": []any{"soon", uuid.NewString()}}, reason: "invalid_page_token"},
		"a key too few":    {forge: map[string]any{"k": []any{uuid.NewString()}}, reason: "invalid_page_token"},
		"a NULL key":       {forge: map[string]any{"k": []any{nil, uuid.NewString()}}, reason: "invalid_page_token"},
		"a field unknown":  {forge: map[string]any{"x": 1}, reason: "invalid_page_token"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := pagedOrders(t, 3)
			first, err := b.orders.AdminList(ctx, base)
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
			_, err = b.orders.AdminList(ctx, q)
			ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, tt.reason)
			require.Equal(t, map[string]string{"invalid_page_token": "page_token", "page_with_page_token": "page"}[tt.reason], ae.Field)
		})
	}
	t.Run("the statuses are a set", func(t *testing.T) {
		t.Parallel()
		b := pagedOrders(t, 3)
		q := order.AdminQuery{Statuses: []order.Status{order.StatusPaid, order.StatusPendingPayment}, PageSize: 1}
		first, err := b.orders.AdminList(ctx, q)
		require.NoError(t, err)
		q.Statuses, q.PageToken = []order.Status{order.StatusPendingPayment, order.StatusPaid}, first.NextPageToken
		_, err = b.orders.AdminList(ctx, q)
		require.NoError(t, err, "the same statuses in another order")
	})
}
