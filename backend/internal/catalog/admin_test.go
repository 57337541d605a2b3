package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// backOffice is one test's own database with a shop, its write side, two admins and two
// products, "rose" (Maison Lumière) and "moss" (Verdant & Co).
type backOffice struct {
	pool  *pgxpool.Pool
	shop  *catalog.Service
	admin *catalog.Admin
	ada   catalog.Actor
	ben   catalog.Actor
	rose  catalog.AdminProduct
	moss  catalog.AdminProduct
}

func attrs(kv ...string) *[]catalog.Attribute {
	out := []catalog.Attribute{}
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, catalog.Attribute{Name: kv[i], Value: kv[i+1]})
	}
	return &out
}

func newBackOffice(t *testing.T) *backOffice {
	t.Helper()
	pool := dbtest.Pool(t)
	shop := catalog.NewService(pool, time.Hour)
	b := &backOffice{pool: pool, shop: shop, admin: catalog.NewAdmin(shop)}
	b.ada = b.account(t, "Ada", "Lovelace")
	b.ben = b.account(t, "Ben", "Okri")
	b.rose = b.create(t, catalog.AdminInput{Name: new("Rose Serum"), Price: pence(4500), SKU: new("RS-1"), Stock: new(int32(20)),
		Attributes: attrs("category", brandA, "brand", brandA), NewCategory: true})
	b.moss = b.create(t, catalog.AdminInput{Name: new("Moss Balm"), Price: pence(1500), SKU: new("MB-1"), Stock: new(int32(5)),
		Attributes: attrs("category", brandB), NewCategory: true})
	return b
}

// account makes an admin account for an actor to be (products.updated_by references accounts).
func (b *backOffice) account(t *testing.T, first, last string) catalog.Actor {
	t.Helper()
	a := catalog.Actor{Name: first + " " + last, Email: uuid.NewString()[:8] + "@atelier.test"}
	require.NoError(t, b.pool.QueryRow(context.Background(), `INSERT INTO accounts (first_name, last_name, email, password_hash, role)
		VALUES ($1, $2, $3, 'x', 'admin') RETURNING id::text`, first, last, a.Email).Scan(&a.AccountID))
	return a
}

func (b *backOffice) create(t *testing.T, in catalog.AdminInput) catalog.AdminProduct {
	t.Helper()
	p, err := b.admin.Create(context.Background(), b.ada, in)
	require.NoError(t, err)
	return p
}

func (b *backOffice) get(t *testing.T, id string) catalog.AdminProduct {
	t.Helper()
	p, err := b.admin.Get(context.Background(), id)
	require.NoError(t, err)
	return p
}

func (b *backOffice) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table).Scan(&n))
	return n
}

// state is everything a refused write must leave as it was.
func (b *backOffice) state(t *testing.T) string {
	t.Helper()
	page, err := b.admin.List(context.Background(), catalog.AdminQuery{Status: catalog.StatusAny, PageSize: 100})
	require.NoError(t, err)
	archived, err := b.admin.List(context.Background(), catalog.AdminQuery{Status: catalog.StatusArchived, PageSize: 100})
	require.NoError(t, err)
	products, err := json.Marshal(append(page.Products, archived.Products...)) //nolint:musttag // a fingerprint, not a format
	require.NoError(t, err)
	return fmt.Sprintf("%s|revisions=%d|audit=%d", products, b.count(t, "product_revisions"), b.count(t, "audit_events"))
}

func TestCreate(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   catalog.AdminInput
		want func(t *testing.T, p catalog.AdminProduct)
		err  *apperrtest.Want
	}{
		"defaults": {in: catalog.AdminInput{Name: new("  Petal Mist ")}, want: func(t *testing.T, p catalog.AdminProduct) {
			t.Helper()
			require.Equal(t, "Petal Mist", p.Name)
			require.Equal(t, "petal-mist", p.Slug)
			require.Empty(t, p.Description)
			require.Empty(t, p.SKU)
			require.Nil(t, p.Price)
			require.Zero(t, p.Stock)
			require.True(t, p.Active)
			require.True(t, p.Published)
			require.False(t, p.Featured)
			require.Empty(t, p.Attributes)
			require.Equal(t, int64(1), p.Revision)
			require.False(t, p.Visible(), "a product without a price is a draft")
		}},
		"slug transliterates accents": {in: catalog.AdminInput{Name: new("Crème Lumière"), Price: pence(0)},
			want: func(t *testing.T, p catalog.AdminProduct) {
				t.Helper()
				require.Equal(t, "creme-lumiere", p.Slug)
				require.True(t, p.Visible(), "a free product is priced")
			}},
		"slug made unique": {in: catalog.AdminInput{Name: new("Rose serum!")}, want: func(t *testing.T, p catalog.AdminProduct) {
			t.Helper()
			require.Equal(t, "rose-serum-2", p.Slug)
		}},
		"attributes normalised, known category": {in: catalog.AdminInput{Name: new("Night Oil"),
			Attributes: attrs(" category ", brandB, "", "dropped", "Size", " ", "feature", "Vegan")},
			want: func(t *testing.T, p catalog.AdminProduct) {
				t.Helper()
				require.Equal(t, *attrs("category", brandB, "feature", "Vegan"), p.Attributes)
			}},
		"new category when asked": {in: catalog.AdminInput{Name: new("Night Oil"), Attributes: attrs("category", "Third Brand"),
			NewCategory: true}, want: func(t *testing.T, p catalog.AdminProduct) {
			t.Helper()
			require.Equal(t, "Third Brand", p.Category())
		}},
		"name missing":   {in: catalog.AdminInput{}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "name_required"}},
		"name blank":     {in: catalog.AdminInput{Name: new("   ")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "name_required"}},
		"negative price": {in: catalog.AdminInput{Name: new("X"), Price: pence(-1)}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "negative_price"}},
		"negative stock": {in: catalog.AdminInput{Name: new("X"), Stock: new(int32(-1))}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "negative_stock"}},
		"sku taken":      {in: catalog.AdminInput{Name: new("X"), SKU: new(" RS-1 ")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "sku_taken"}},
		"unknown category": {in: catalog.AdminInput{Name: new("X"), Attributes: attrs("category", "Maison Lumiere")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "unknown_category"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := newBackOffice(t)
			before := b.state(t)
			p, err := b.admin.Create(context.Background(), b.ada, tt.in)
			if tt.err != nil {
				ae := apperrtest.RequireKind(t, err, tt.err.Kind, tt.err.Reason)
				require.NotEmpty(t, ae.Field, "a field error")
				require.Equal(t, before, b.state(t), "a refused create changes nothing")
				return
			}
			require.NoError(t, err)
			tt.want(t, p)
			require.Equal(t, p, b.get(t, p.ID), "the answer is what was stored")
			require.Equal(t, b.ada, p.UpdatedBy)
			revs, err := b.admin.Revisions(context.Background(), p.ID, 0, "")
			require.NoError(t, err)
			require.Len(t, revs.Revisions, 1)
			require.Equal(t, catalog.ActionCreated, revs.Revisions[0].Action)
			require.Equal(t, b.ada, revs.Revisions[0].Actor)
		})
	}
}

func TestSlugify(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Crème Lumière":                 "creme-lumiere",
		"Verdant & Co — Moss Balm 50ml": "verdant-co-moss-balm-50ml",
		"Straße Œuvre Ærø":              "strasse-oeuvre-aero",
		"  --  ":                        "product",
		"日本":                            "product",
		"ÉCLAT Vitamin-C":               "eclat-vitamin-c",
	} {
		require.Equal(t, want, catalog.Slugify(in), in)
	}
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		expected int64 // 0 means the product's current revision; -1 sends none
		in       catalog.AdminInput
		want     func(t *testing.T, b *backOffice, p catalog.AdminProduct)
		err      *apperrtest.Want
	}{
		"rename keeps the slug": {in: catalog.AdminInput{Name: new("Rose Serum Deluxe")}, want: func(t *testing.T, b *backOffice, p catalog.AdminProduct) {
			t.Helper()
			require.Equal(t, "Rose Serum Deluxe", p.Name)
			require.Equal(t, "rose-serum", p.Slug)
			got, err := b.shop.Get(context.Background(), "rose-serum")
			require.NoError(t, err)
			require.Equal(t, "Rose Serum Deluxe", got.Name, "the shop sees the rename at once")
		}},
		"unset fields keep their values": {in: catalog.AdminInput{Stock: new(int32(0))}, want: func(t *testing.T, b *backOffice, p catalog.AdminProduct) {
			t.Helper()
			require.Equal(t, int32(0), p.Stock)
			require.Equal(t, b.rose.Name, p.Name)
			require.Equal(t, b.rose.Price, p.Price)
			require.Equal(t, b.rose.Attributes, p.Attributes)
			require.Equal(t, int64(2), p.Revision)
			require.Equal(t, b.ben, p.UpdatedBy)
		}},
		"attributes replaced whole": {in: catalog.AdminInput{Attributes: attrs("category", brandB, "Size", "50 ml")},
			want: func(t *testing.T, b *backOffice, p catalog.AdminProduct) {
				t.Helper()
				require.Equal(t, *attrs("category", brandB, "Size", "50 ml"), p.Attributes)
			}},
		"own sku again": {in: catalog.AdminInput{SKU: new("RS-1"), Featured: new(true)}, want: func(t *testing.T, _ *backOffice, p catalog.AdminProduct) {
			t.Helper()
			require.True(t, p.Featured)
		}},
		"sku cleared": {in: catalog.AdminInput{SKU: new("")}, want: func(t *testing.T, _ *backOffice, p catalog.AdminProduct) {
			t.Helper()
			require.Empty(t, p.SKU)
		}},
		"nothing changed saves nothing": {in: catalog.AdminInput{Name: new("Rose Serum")}, want: func(t *testing.T, b *backOffice, p catalog.AdminProduct) {
			t.Helper()
			require.Equal(t, b.rose, p)
		}},
		"stale": {expected: 99, in: catalog.AdminInput{Name: new("Y")}, err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"no revision": {expected: -1, in: catalog.AdminInput{Name: new("Y")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
		"name emptied":   {in: catalog.AdminInput{Name: new(" ")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "name_required"}},
		"negative price": {in: catalog.AdminInput{Price: pence(-5)}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "negative_price"}},
		"negative stock": {in: catalog.AdminInput{Stock: new(int32(-5))}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "negative_stock"}},
		"sku of another": {in: catalog.AdminInput{SKU: new("MB-1")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "sku_taken"}},
		"unknown category": {in: catalog.AdminInput{Attributes: attrs("category", "Verdant and Co")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "unknown_category"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := newBackOffice(t)
			expected := tt.expected
			switch expected {
			case 0:
				expected = b.rose.Revision
			case -1:
				expected = 0
			}
			before := b.state(t)
			p, err := b.admin.Update(context.Background(), b.ben, b.rose.ID, expected, tt.in)
			if tt.err != nil {
				apperrtest.Require(t, err, *tt.err)
				require.Equal(t, before, b.state(t), "a refused update changes nothing")
				return
			}
			require.NoError(t, err)
			tt.want(t, b, p)
			require.Equal(t, p, b.get(t, p.ID), "the answer is what was stored")
		})
	}
}

func TestStaleRevisionNamesTheLastSaver(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	saved, err := b.admin.Update(context.Background(), b.ben, b.rose.ID, 1, catalog.AdminInput{Stock: new(int32(7))})
	require.NoError(t, err)
	_, err = b.admin.Update(context.Background(), b.ada, b.rose.ID, 1, catalog.AdminInput{Stock: new(int32(9))})
	london, _ := time.LoadLocation("Europe/London")
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision",
		Message: "This product has changed since you opened it: saved by Ben Okri at " +
			saved.UpdatedAt.In(london).Format("02/01/2006, 15:04:05") + " (revision 2); reload to see their changes.",
		Metadata: map[string]string{"current_revision": "2", "saved_by": "Ben Okri",
			"saved_at": saved.UpdatedAt.UTC().Format(time.RFC3339)}})
	require.Equal(t, int32(7), b.get(t, b.rose.ID).Stock)
}

// Two admins save the same revision at the same moment: exactly one wins, the other is told
// whose save it would have overwritten, and the winner's content is intact.
func TestConcurrentEditors(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	editors := []catalog.Actor{b.ada, b.ben}
	errs := apperrtest.Concurrently(2, func(i int) error {
		_, err := b.admin.Update(context.Background(), editors[i], b.rose.ID, b.rose.Revision,
			catalog.AdminInput{Name: new("Edited by " + editors[i].Name), Stock: new(int32(100 + i))})
		return err
	})
	require.Equal(t, 1, apperrtest.Passed(t, errs, "stale_revision"))
	winner := 0
	if errs[0] != nil {
		winner = 1
	}
	p := b.get(t, b.rose.ID)
	require.Equal(t, "Edited by "+editors[winner].Name, p.Name)
	require.Equal(t, int32(100+winner), p.Stock)
	require.Equal(t, int64(2), p.Revision)
	require.Equal(t, editors[winner], p.UpdatedBy)
	require.Contains(t, apperr.As(errs[1-winner]).Message, "saved by "+editors[winner].Name)
	require.Equal(t, 3, b.count(t, "product_revisions"), "two creations and one update")
}

func TestArchive(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	_, err := b.admin.Archive(ctx, b.ada, b.rose.ID, 0)
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "revision_required")
	_, err = b.admin.Archive(ctx, b.ada, uuid.NewString(), 1)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "product_not_found")

	// Warm the shop's cache, so the test shows the archive clears it.
	_, err = b.shop.Get(ctx, b.rose.Slug)
	require.NoError(t, err)
	p, err := b.admin.Archive(ctx, b.ada, b.rose.ID, b.rose.Revision)
	require.NoError(t, err)
	require.NotNil(t, p.ArchivedAt)
	require.False(t, p.Visible())
	require.Equal(t, int64(2), p.Revision)

	_, err = b.shop.Get(ctx, b.rose.Slug)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "product_not_found")
	_, err = b.shop.Get(ctx, b.rose.ID)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "product_not_found")
	page, err := b.shop.List(ctx, catalog.ListQuery{})
	require.NoError(t, err)
	require.Equal(t, []string{"moss-balm"}, slugs(page.Products))
	cats, err := b.shop.Categories(ctx)
	require.NoError(t, err)
	require.Equal(t, []catalog.CategoryCount{{Name: brandB, Count: 1}}, cats)
	related, err := b.shop.Related(ctx, b.moss.Slug)
	require.NoError(t, err)
	require.Empty(t, related)

	// The admin list leaves it out unless asked for archived products.
	all, err := b.admin.List(ctx, catalog.AdminQuery{})
	require.NoError(t, err)
	require.Equal(t, 1, all.Total)
	archived, err := b.admin.List(ctx, catalog.AdminQuery{Status: catalog.StatusArchived})
	require.NoError(t, err)
	require.Equal(t, []string{b.rose.ID}, ids(archived.Products))

	// Archiving again changes nothing; a stale one is refused.
	again, err := b.admin.Archive(ctx, b.ada, b.rose.ID, p.Revision)
	require.NoError(t, err)
	require.Equal(t, p, again)
	_, err = b.admin.Archive(ctx, b.ada, b.rose.ID, 1)
	apperrtest.RequireKind(t, err, apperr.KindConflict, "stale_revision")
}

func ids(ps []catalog.AdminProduct) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func names(ps []catalog.AdminProduct) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func TestSetPublished(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("changes only what differs", func(t *testing.T) {
		t.Parallel()
		b := newBackOffice(t)
		_, err := b.shop.Get(ctx, b.moss.Slug) // warm the cache
		require.NoError(t, err)
		ps, err := b.admin.SetPublished(ctx, b.ben, []string{b.moss.ID, b.rose.ID}, false)
		require.NoError(t, err)
		require.Equal(t, []string{b.moss.ID, b.rose.ID}, ids(ps), "in the order asked")
		for _, p := range ps {
			require.False(t, p.Published)
			require.Equal(t, int64(2), p.Revision)
			require.Equal(t, b.ben, p.UpdatedBy)
		}
		_, err = b.shop.Get(ctx, b.moss.Slug)
		apperrtest.RequireKind(t, err, apperr.KindNotFound, "product_not_found")

		ps, err = b.admin.SetPublished(ctx, b.ada, []string{b.rose.ID, b.moss.ID}, false)
		require.NoError(t, err)
		require.Equal(t, []int64{2, 2}, []int64{ps[0].Revision, ps[1].Revision}, "already unpublished: no new revision")
		revs, err := b.admin.Revisions(ctx, b.rose.ID, 0, "")
		require.NoError(t, err)
		require.Equal(t, catalog.ActionUnpublished, revs.Revisions[0].Action)

		ps, err = b.admin.SetPublished(ctx, b.ada, []string{b.rose.ID}, true)
		require.NoError(t, err)
		require.True(t, ps[0].Published)
		revs, err = b.admin.Revisions(ctx, b.rose.ID, 0, "")
		require.NoError(t, err)
		require.Equal(t, catalog.ActionPublished, revs.Revisions[0].Action)
	})
	t.Run("all or none", func(t *testing.T) {
		t.Parallel()
		b := newBackOffice(t)
		before := b.state(t)
		unknown := uuid.NewString()
		_, err := b.admin.SetPublished(ctx, b.ben, []string{b.moss.ID, unknown, b.rose.ID}, false)
		apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found",
			Metadata: map[string]string{"product_id": unknown}})
		require.Equal(t, before, b.state(t), "a refused bulk change changes nothing")
		_, err = b.admin.SetPublished(ctx, b.ben, []string{b.moss.ID, "nope"}, false)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_product_id")
		require.Equal(t, before, b.state(t))
	})
}

func TestAdminList(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	// Draft (no price) and inactive products are listed too; an archived one is not.
	b.create(t, catalog.AdminInput{Name: new("Amber Oil"), Description: new("Cold-pressed oils"), SKU: new("AO-9"),
		Stock: new(int32(0)), Attributes: attrs("category", brandB)})
	b.create(t, catalog.AdminInput{Name: new("Zinc Cream"), Price: pence(900), Stock: new(int32(12)), Active: new(false),
		Attributes: attrs("category", brandA)})
	gone := b.create(t, catalog.AdminInput{Name: new("Gone Mask"), Price: pence(100)})
	_, err := b.admin.Archive(ctx, b.ada, gone.ID, gone.Revision)
	require.NoError(t, err)
	_, err = b.admin.SetPublished(ctx, b.ada, []string{b.moss.ID}, false)
	require.NoError(t, err)

	tests := map[string]struct {
		q     catalog.AdminQuery
		want  []string
		total int
	}{
		"newest first":         {q: catalog.AdminQuery{}, want: []string{"Zinc Cream", "Amber Oil", "Moss Balm", "Rose Serum"}},
		"search name":          {q: catalog.AdminQuery{Search: "ROSE"}, want: []string{"Rose Serum"}},
		"search sku":           {q: catalog.AdminQuery{Search: "ao-9"}, want: []string{"Amber Oil"}},
		"search description":   {q: catalog.AdminQuery{Search: "pressed"}, want: []string{"Amber Oil"}},
		"search is literal":    {q: catalog.AdminQuery{Search: "%"}, want: []string{}},
		"category":             {q: catalog.AdminQuery{Category: brandA, Sort: "name"}, want: []string{"Rose Serum", "Zinc Cream"}},
		"inactive":             {q: catalog.AdminQuery{Status: catalog.StatusInactive}, want: []string{"Zinc Cream"}},
		"active":               {q: catalog.AdminQuery{Status: catalog.StatusActive, Sort: "name"}, want: []string{"Amber Oil", "Moss Balm", "Rose Serum"}},
		"unpublished":          {q: catalog.AdminQuery{Status: catalog.StatusUnpublished}, want: []string{"Moss Balm"}},
		"published":            {q: catalog.AdminQuery{Status: catalog.StatusPublished, Sort: "name"}, want: []string{"Amber Oil", "Rose Serum", "Zinc Cream"}},
		"archived":             {q: catalog.AdminQuery{Status: catalog.StatusArchived}, want: []string{"Gone Mask"}},
		"in stock":             {q: catalog.AdminQuery{Stock: catalog.InStock, Sort: "name"}, want: []string{"Rose Serum", "Zinc Cream"}},
		"low stock":            {q: catalog.AdminQuery{Stock: catalog.LowStock}, want: []string{"Moss Balm"}},
		"out of stock":         {q: catalog.AdminQuery{Stock: catalog.OutOfStock}, want: []string{"Amber Oil"}},
		"price, no price last": {q: catalog.AdminQuery{Sort: "price"}, want: []string{"Zinc Cream", "Moss Balm", "Rose Serum", "Amber Oil"}},
		"price descending":     {q: catalog.AdminQuery{Sort: "price", Descending: true}, want: []string{"Rose Serum", "Moss Balm", "Zinc Cream", "Amber Oil"}},
		"sku":                  {q: catalog.AdminQuery{Sort: "sku"}, want: []string{"Amber Oil", "Moss Balm", "Rose Serum", "Zinc Cream"}},
		"category sort":        {q: catalog.AdminQuery{Sort: "category", Descending: true}, want: []string{"Amber Oil", "Moss Balm", "Rose Serum", "Zinc Cream"}},
		"stock":                {q: catalog.AdminQuery{Sort: "stock"}, want: []string{"Amber Oil", "Moss Balm", "Zinc Cream", "Rose Serum"}},
		"status":               {q: catalog.AdminQuery{Sort: "status", Descending: true}, want: []string{"Amber Oil", "Rose Serum", "Moss Balm", "Zinc Cream"}},
		"updated_at":           {q: catalog.AdminQuery{Sort: "updated_at", Descending: true}, want: []string{"Moss Balm", "Zinc Cream", "Amber Oil", "Rose Serum"}},
		"second page":          {q: catalog.AdminQuery{Sort: "name", Page: 2, PageSize: 3}, want: []string{"Zinc Cream"}, total: 4},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			page, err := b.admin.List(ctx, tt.q)
			require.NoError(t, err)
			require.Equal(t, tt.want, names(page.Products))
			if tt.total != 0 {
				require.Equal(t, tt.total, page.Total)
				require.Equal(t, 2, page.TotalPages)
			}
		})
	}
	for name, q := range map[string]catalog.AdminQuery{
		"unknown_sort":      {Sort: "price; DROP TABLE products"},
		"invalid_page_size": {PageSize: 101},
		"invalid_page":      {Page: -1},
		"search_too_long":   {Search: string(make([]byte, 201))},
	} {
		_, err := b.admin.List(ctx, q)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, name)
	}
	cats, err := b.admin.Categories(ctx)
	require.NoError(t, err)
	require.Equal(t, []string{brandA, brandB}, cats)
}

func TestRevisionsDiffAndRestore(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	p, err := b.admin.Update(ctx, b.ben, b.rose.ID, 1, catalog.AdminInput{Name: new("Rose Serum II"), Price: pence(5000),
		Attributes: attrs("category", brandA, "Size", "30 ml")})
	require.NoError(t, err)
	p, err = b.admin.Archive(ctx, b.ada, p.ID, p.Revision)
	require.NoError(t, err)
	require.Equal(t, int64(3), p.Revision)

	page, err := b.admin.Revisions(ctx, p.ID, 2, "")
	require.NoError(t, err)
	require.Equal(t, []int64{3, 2}, revNumbers(page.Revisions))
	require.Equal(t, "2", page.NextPageToken)
	page, err = b.admin.Revisions(ctx, p.ID, 2, page.NextPageToken)
	require.NoError(t, err)
	require.Equal(t, []int64{1}, revNumbers(page.Revisions))
	require.Empty(t, page.NextPageToken)
	_, err = b.admin.Revisions(ctx, p.ID, 2, "x")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_token")
	_, err = b.admin.Revisions(ctx, uuid.NewString(), 0, "")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "product_not_found")

	r2, err := b.admin.GetRevision(ctx, p.ID, 2)
	require.NoError(t, err)
	require.Equal(t, catalog.ActionUpdated, r2.Action)
	require.Equal(t, b.ben, r2.Actor)
	require.Equal(t, "Rose Serum II", r2.Product(p.ID).Name)
	_, err = b.admin.GetRevision(ctx, p.ID, 9)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "revision_not_found")

	d, err := b.admin.DiffRevision(ctx, p.ID, 2, false)
	require.NoError(t, err)
	require.Equal(t, catalog.Diff{BaseRevision: 1, Changes: []catalog.FieldChange{
		{Field: "name", Before: "Rose Serum", After: "Rose Serum II"},
		{Field: "price", Before: "£45.00", After: "£50.00"},
		{Field: "attributes", Before: `[{"name":"category","value":"Maison Lumière"},{"name":"brand","value":"Maison Lumière"}]`,
			After: `[{"name":"category","value":"Maison Lumière"},{"name":"Size","value":"30 ml"}]`},
	}}, d)
	d, err = b.admin.DiffRevision(ctx, p.ID, 3, false)
	require.NoError(t, err)
	require.Len(t, d.Changes, 1)
	require.Equal(t, "archived", d.Changes[0].Field)
	d, err = b.admin.DiffRevision(ctx, p.ID, 1, false)
	require.NoError(t, err)
	require.Equal(t, int64(0), d.BaseRevision, "the creation changes every field")
	d, err = b.admin.DiffRevision(ctx, p.ID, 1, true)
	require.NoError(t, err)
	require.Equal(t, int64(3), d.BaseRevision)
	require.Equal(t, []string{"name", "price", "attributes", "archived"}, fields(d.Changes))

	// Restoring revision 1 brings the product back whole, as a new revision.
	_, err = b.admin.Restore(ctx, b.ada, p.ID, 1, 2)
	apperrtest.RequireKind(t, err, apperr.KindConflict, "stale_revision")
	_, err = b.admin.Restore(ctx, b.ada, p.ID, 7, 3)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "revision_not_found")
	restored, err := b.admin.Restore(ctx, b.ada, p.ID, 1, 3)
	require.NoError(t, err)
	require.Equal(t, int64(4), restored.Revision)
	require.Nil(t, restored.ArchivedAt)
	want := b.rose
	want.Revision, want.UpdatedAt, want.UpdatedBy = restored.Revision, restored.UpdatedAt, restored.UpdatedBy
	require.Equal(t, want, restored)
	r4, err := b.admin.GetRevision(ctx, p.ID, 4)
	require.NoError(t, err)
	require.Equal(t, catalog.ActionRestored, r4.Action)
	require.Equal(t, int64(1), r4.RestoredFrom)
	_, err = b.shop.Get(ctx, "rose-serum")
	require.NoError(t, err, "restored into the shop")

	// …and the restore is itself undone by restoring the revision before it.
	undone, err := b.admin.Restore(ctx, b.ben, p.ID, 3, 4)
	require.NoError(t, err)
	require.Equal(t, "Rose Serum II", undone.Name)
	require.NotNil(t, undone.ArchivedAt)
	require.Equal(t, int64(5), undone.Revision)
}

func revNumbers(rs []catalog.Revision) []int64 {
	out := []int64{}
	for _, r := range rs {
		out = append(out, r.Revision)
	}
	return out
}

func fields(cs []catalog.FieldChange) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Field)
	}
	return out
}

// Products saved outside the admin API (the seed) have no revision; the first admin change
// records their state as a baseline revision by the system first, so it can be restored.
func TestBaselineRevisionForSeededProducts(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	id, _, err := b.shop.SaveProduct(ctx, catalog.ProductInput{Slug: "seeded-oil", Name: "Seeded Oil", Price: pence(1200),
		Stock: 3, Active: true, Published: true})
	require.NoError(t, err)
	_, _, err = b.shop.SaveProduct(ctx, catalog.ProductInput{Slug: "seeded-oil", Name: "Seeded Oil", Price: pence(1300),
		Stock: 3, Active: true, Published: true})
	require.NoError(t, err)
	seeded := b.get(t, id)
	require.Equal(t, int64(2), seeded.Revision)
	require.Equal(t, catalog.SystemName, seeded.UpdatedBy.DisplayName())
	page, err := b.admin.Revisions(ctx, id, 0, "")
	require.NoError(t, err)
	require.Empty(t, page.Revisions)

	_, err = b.admin.Update(ctx, b.ada, id, 2, catalog.AdminInput{Name: new("Edited Oil")})
	require.NoError(t, err)
	page, err = b.admin.Revisions(ctx, id, 0, "")
	require.NoError(t, err)
	require.Equal(t, []int64{3, 2}, revNumbers(page.Revisions))
	require.Equal(t, catalog.Actor{}, page.Revisions[1].Actor)
	restored, err := b.admin.Restore(ctx, b.ada, id, 2, 3)
	require.NoError(t, err)
	require.Equal(t, "Seeded Oil", restored.Name)
	require.Equal(t, int64(1300), *restored.Price)
}

// The shop's read cache sees an admin write at once in the same process. A second process (a
// second Service with its own cache over the same database) sees it within its cache TTL.
func TestCacheStalenessIsBounded(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	const ttl = 300 * time.Millisecond
	other := catalog.NewService(b.pool, ttl)
	for _, s := range []*catalog.Service{b.shop, other} {
		got, err := s.Get(ctx, b.rose.Slug)
		require.NoError(t, err)
		require.Equal(t, int64(4500), got.Price.Minor)
	}
	changed := time.Now()
	_, err := b.admin.Update(ctx, b.ada, b.rose.ID, b.rose.Revision, catalog.AdminInput{Price: pence(4900)})
	require.NoError(t, err)
	got, err := b.shop.Get(ctx, b.rose.Slug)
	require.NoError(t, err)
	require.Equal(t, int64(4900), got.Price.Minor, "this process sees the write at once")
	require.Eventually(t, func() bool {
		got, err := other.Get(ctx, b.rose.Slug)
		return err == nil && got.Price.Minor == 4900
	}, 5*time.Second, 20*time.Millisecond)
	require.Less(t, time.Since(changed), ttl+time.Second, "another process within its TTL (and some scheduling slack)")
}

func TestImageOrderSurvivesRestore(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	img := func(alt string) catalog.NewImage {
		return catalog.NewImage{ID: uuid.NewString(), Alt: alt, Variants: []catalog.Variant{{Key: "k", Width: 1, Height: 1, ContentType: "image/jpeg"}}}
	}
	a, c, gone := img("a"), img("c"), img("gone")
	require.NoError(t, b.shop.AddImages(ctx, b.rose.ID, []catalog.NewImage{a, c, gone}))
	p, err := b.admin.Update(ctx, b.ada, b.rose.ID, 1, catalog.AdminInput{Stock: new(int32(1))})
	require.NoError(t, err)
	require.Equal(t, int64(2), p.Revision, "revision 2 holds a (primary), c, gone")
	// Since then: c made primary and first, gone deleted, one image added (as the image calls do).
	_, err = b.pool.Exec(ctx, `UPDATE product_images SET position = -position, is_primary = false WHERE product_id = $1`, b.rose.ID)
	require.NoError(t, err)
	_, err = b.pool.Exec(ctx, `UPDATE product_images SET position = 1, is_primary = true, alt = 'c2' WHERE id = $1`, c.ID)
	require.NoError(t, err)
	_, err = b.pool.Exec(ctx, `UPDATE product_images SET position = 2 WHERE id = $1`, a.ID)
	require.NoError(t, err)
	_, err = b.pool.Exec(ctx, `DELETE FROM product_images WHERE id = $1`, gone.ID)
	require.NoError(t, err)
	require.NoError(t, b.shop.AddImages(ctx, b.rose.ID, []catalog.NewImage{img("added")}))

	restored, err := b.admin.Restore(ctx, b.ada, b.rose.ID, 2, 2)
	require.NoError(t, err)
	got := []string{}
	for _, i := range restored.Images {
		got = append(got, i.Alt+":"+strconv.FormatBool(i.Primary))
	}
	require.Equal(t, []string{"a:true", "c:false", "added:false"}, got,
		"the revision's order, alt texts and primary where the images still exist; images added since after them")
}
