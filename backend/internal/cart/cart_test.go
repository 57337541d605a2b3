package cart_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

const unknownID = "00000000-0000-4000-8000-000000000000"

// shop is one (sub)test's own small catalogue, with the two cheapest delivery options, in a
// database of its own or one its parent test shares. Every slug it saves carries a suffix of
// its own, so shops sharing a database never see each other's products; the tests name them
// without it.
type shop struct {
	pool     *pgxpool.Pool
	carts    *cart.Service
	catalog  *catalog.Service
	shipping *shipping.Service
	suffix   string
	products map[string]catalog.ProductInput // by slug, as last saved
	ids      map[string]string               // slug → id
}

func pence(v int64) *int64 { return new(v) }

var freeOver = money.GBP(5000)

var (
	standard = shipping.Option{Code: "standard", Name: "Standard", Carrier: "Royal Mail", Price: money.GBP(1735),
		FreeOver: &freeOver, Position: 1, Active: true}
	express = shipping.Option{Code: "express", Name: "Express", Carrier: "DPD", Price: money.GBP(2499), Position: 2, Active: true}
)

// newShop builds a shop in pool, or in a fresh database when pool is nil.
func newShop(t *testing.T, pool *pgxpool.Pool) *shop {
	t.Helper()
	if pool == nil {
		pool = dbtest.Pool(t)
	}
	s := &shop{pool: pool, catalog: catalog.NewService(pool, 0), shipping: shipping.NewService(pool),
		suffix:   "-s" + strings.ReplaceAll(uuid.NewString(), "-", "")[:8],
		products: map[string]catalog.ProductInput{}, ids: map[string]string{}}
	s.carts = cart.NewService(pool, s.shipping)
	for _, o := range []shipping.Option{standard, express} {
		require.NoError(t, s.shipping.Save(context.Background(), o))
	}
	for _, p := range []catalog.ProductInput{
		{Slug: "rose-serum", Name: "Rose Serum", Price: pence(4500), Stock: 3},
		{Slug: "moss-balm", Name: "Moss Balm", Price: pence(1500), Stock: 100},
		{Slug: "petal-mist", Name: "Petal Mist", Price: pence(1200), Stock: 1},
		{Slug: "sage-cleanser", Name: "Sage Cleanser", Price: pence(2200), Stock: 0},
		{Slug: "cotton-pads", Name: "Cotton Pads", Price: pence(1), Stock: 5000},
		{Slug: "draft-oil", Name: "Draft Oil", Price: pence(3000), Stock: 10, Published: false},
	} {
		if p.Slug != "draft-oil" {
			p.Published = true
		}
		p.Active = true
		s.save(t, p)
	}
	return s
}

// save creates or replaces a product whole (the catalogue saves by slug).
func (s *shop) save(t *testing.T, p catalog.ProductInput) {
	t.Helper()
	saved := p
	saved.Slug += s.suffix
	id, _, err := s.catalog.SaveProduct(context.Background(), saved)
	require.NoError(t, err)
	s.products[p.Slug] = p
	s.ids[p.Slug] = id
}

// change re-saves a product with edit applied.
func (s *shop) change(t *testing.T, slug string, edit func(*catalog.ProductInput)) {
	t.Helper()
	p := s.products[slug]
	edit(&p)
	s.save(t, p)
}

func (s *shop) newCart(t *testing.T) cart.Cart {
	t.Helper()
	c, err := s.carts.Create(context.Background(), "", "")
	require.NoError(t, err)
	return c
}

func (s *shop) add(t *testing.T, cartID, slug string, q int32) cart.Cart {
	t.Helper()
	c, err := s.carts.Add(context.Background(), "", cartID, s.ids[slug], q)
	require.NoError(t, err)
	return c
}

// cartWith is a new guest cart after adds, made in order (each must succeed).
func (s *shop) cartWith(t *testing.T, adds ...add) cart.Cart {
	t.Helper()
	c := s.newCart(t)
	for _, a := range adds {
		c = s.add(t, c.ID, a.slug, a.q)
	}
	return c
}

func (s *shop) get(t *testing.T, cartID string) cart.Cart {
	t.Helper()
	c, err := s.carts.Get(context.Background(), "", cartID)
	require.NoError(t, err)
	return c
}

// quantities lists a cart's lines as "slug=quantity", in line order.
func (s *shop) quantities(c cart.Cart) []string {
	out := []string{}
	for _, l := range c.Lines {
		out = append(out, fmt.Sprintf("%s=%d", s.slug(l.Product), l.Quantity))
	}
	return out
}

// slug is a product's slug as the tests name it.
func (s *shop) slug(p catalog.Product) string { return strings.TrimSuffix(p.Slug, s.suffix) }

// withIDs is want with the product slug its metadata names replaced by the product's id.
func (s *shop) withIDs(want apperrtest.Want) apperrtest.Want {
	if slug, ok := want.Metadata["product_id"]; ok {
		want.Metadata = maps.Clone(want.Metadata)
		want.Metadata["product_id"] = s.ids[slug]
	}
	return want
}

// add is one Add call of a table test: q units of the product with slug.
type add struct {
	slug string
	q    int32
}

func TestAdd(t *testing.T) {
	t.Parallel()
	shared := dbtest.Pool(t)
	tests := map[string]struct {
		adds []add            // every add but the last must succeed
		want []string         // the lines after the last add, when it succeeds
		err  *apperrtest.Want // what the last add fails with
	}{
		"one unit":            {adds: []add{{"moss-balm", 1}}, want: []string{"moss-balm=1"}},
		"adding again raises": {adds: []add{{"moss-balm", 2}, {"moss-balm", 3}}, want: []string{"moss-balm=5"}},
		"lines keep first-added order": {adds: []add{{"moss-balm", 1}, {"rose-serum", 1}, {"moss-balm", 1}},
			want: []string{"moss-balm=2", "rose-serum=1"}},
		"exactly the stock": {adds: []add{{"rose-serum", 3}}, want: []string{"rose-serum=3"}},
		"more than the stock": {adds: []add{{"rose-serum", 4}}, err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition,
			Reason: "insufficient_stock", Message: "Only 3 of Rose Serum are in stock.",
			Metadata: map[string]string{"available": "3", "product_id": "rose-serum"}}},
		"raising past the stock": {adds: []add{{"rose-serum", 2}, {"rose-serum", 2}}, err: &apperrtest.Want{
			Kind: apperr.KindFailedPrecondition, Reason: "insufficient_stock", Message: "Only 3 of Rose Serum are in stock."}},
		"one left": {adds: []add{{"petal-mist", 2}}, err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition,
			Reason: "insufficient_stock", Message: "Only 1 of Petal Mist is in stock."}},
		"out of stock": {adds: []add{{"sage-cleanser", 1}}, err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition,
			Reason: "out_of_stock", Message: "Sage Cleanser is out of stock.",
			Metadata: map[string]string{"available": "0", "product_id": "sage-cleanser"}}},
		"hidden product":  {adds: []add{{"draft-oil", 1}}, err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"}},
		"unknown product": {adds: []add{{"no-such-product", 1}}, err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"}},
		"zero":            {adds: []add{{"moss-balm", 0}}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_quantity"}},
		"negative":        {adds: []add{{"moss-balm", -1}}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_quantity"}},
		"over the request limit": {adds: []add{{"moss-balm", cart.MaxQuantity + 1}},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_quantity"}},
		"over the line limit": {adds: []add{{"cotton-pads", cart.MaxQuantity}, {"cotton-pads", 1}},
			err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "cart_quantity_limit"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newShop(t, shared)
			c := s.cartWith(t, tt.adds[:len(tt.adds)-1]...)
			before := s.get(t, c.ID)
			last := tt.adds[len(tt.adds)-1]
			productID := s.ids[last.slug]
			if productID == "" {
				productID = unknownID
			}
			got, err := s.carts.Add(context.Background(), "", c.ID, productID, last.q)
			if tt.err != nil {
				apperrtest.Require(t, err, s.withIDs(*tt.err))
				require.Equal(t, s.quantities(before), s.quantities(s.get(t, c.ID)), "a refused add changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, s.quantities(got))
			require.Equal(t, tt.want, s.quantities(s.get(t, c.ID)), "the answer is what was stored")
		})
	}
}

func TestBadIDs(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	c := s.newCart(t)
	moss := s.ids["moss-balm"]
	unknownCart := apperrtest.Want{Kind: apperr.KindNotFound, Reason: "cart_not_found", Message: "cart not found"}
	badCart := apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_cart_id"}
	badProduct := apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_product_id"}
	calls := map[string]func(cartID, productID string) error{
		"get": func(cartID, _ string) error { _, err := s.carts.Get(ctx, "", cartID); return err },
		"add": func(cartID, productID string) error { _, err := s.carts.Add(ctx, "", cartID, productID, 1); return err },
		"update": func(cartID, productID string) error {
			_, err := s.carts.Update(ctx, "", cartID, productID, 1)
			return err
		},
		"remove": func(cartID, productID string) error { _, err := s.carts.Remove(ctx, "", cartID, productID); return err },
		"clear":  func(cartID, _ string) error { _, err := s.carts.Clear(ctx, "", cartID); return err },
	}
	for name, call := range calls {
		apperrtest.Require(t, call(unknownID, moss), unknownCart)
		apperrtest.Require(t, call("not-a-uuid", moss), badCart)
		apperrtest.Require(t, call(strings.ReplaceAll(c.ID, "-", ""), moss), badCart) // only the canonical form
		if name != "get" && name != "clear" {
			apperrtest.Require(t, call(c.ID, "moss-balm"), badProduct)
		}
	}
	// Upper-case ids name the same cart and product.
	up := s.add(t, strings.ToUpper(c.ID), "moss-balm", 1)
	require.Equal(t, c.ID, up.ID)
	up, err := s.carts.Add(ctx, "", c.ID, strings.ToUpper(moss), 1)
	require.NoError(t, err)
	require.Equal(t, []string{"moss-balm=2"}, s.quantities(up))
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	shared := dbtest.Pool(t)
	tests := map[string]struct {
		slug string
		q    int32
		want []string
		err  *apperrtest.Want
	}{
		"lower":       {slug: "moss-balm", q: 1, want: []string{"moss-balm=1", "rose-serum=1"}},
		"raise":       {slug: "moss-balm", q: 40, want: []string{"moss-balm=40", "rose-serum=1"}},
		"up to stock": {slug: "rose-serum", q: 3, want: []string{"moss-balm=2", "rose-serum=3"}},
		"past the stock": {slug: "rose-serum", q: 4, err: &apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "insufficient_stock",
			Message: "Only 3 of Rose Serum are in stock.", Metadata: map[string]string{"available": "3", "product_id": "rose-serum"}}},
		"zero":        {slug: "moss-balm", q: 0, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_quantity"}},
		"over limit":  {slug: "moss-balm", q: cart.MaxQuantity + 1, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_quantity"}},
		"not in cart": {slug: "petal-mist", q: 1, err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "cart_item_not_found"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newShop(t, shared)
			c := s.cartWith(t, add{"moss-balm", 2}, add{"rose-serum", 1})
			got, err := s.carts.Update(context.Background(), "", c.ID, s.ids[tt.slug], tt.q)
			if tt.err != nil {
				apperrtest.Require(t, err, s.withIDs(*tt.err))
				require.Equal(t, []string{"moss-balm=2", "rose-serum=1"}, s.quantities(s.get(t, c.ID)))
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, s.quantities(got), "updating keeps the line's place")
		})
	}
}

// Updates are checked against the stock and visibility of the moment, not of when the line was
// added.
func TestUpdateAfterCatalogueChanges(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	c := s.cartWith(t, add{"moss-balm", 2}, add{"rose-serum", 2})

	s.change(t, "moss-balm", func(p *catalog.ProductInput) { p.Stock = 0 })
	_, err := s.carts.Update(ctx, "", c.ID, s.ids["moss-balm"], 1)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "out_of_stock", Message: "Moss Balm is out of stock."})

	s.change(t, "rose-serum", func(p *catalog.ProductInput) { p.Active = false })
	gone := apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "product_unavailable",
		Message: "Rose Serum is no longer available. Please remove it from your bag to continue."}
	_, err = s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 1)
	apperrtest.Require(t, err, gone)
	_, err = s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1)
	apperrtest.Require(t, err, gone) // the line is in the cart: the shopper sees it flagged
	_, err = s.carts.Add(ctx, "", s.newCart(t).ID, s.ids["rose-serum"], 1)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"}) // to any other cart it does not exist
}

func TestRemoveAndClear(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	c := s.newCart(t)
	require.Empty(t, c.Lines)
	stamps := []time.Time{c.UpdatedAt}
	step := func(c cart.Cart, err error) cart.Cart {
		t.Helper()
		require.NoError(t, err)
		require.True(t, c.UpdatedAt.After(stamps[len(stamps)-1]), "every write bumps updated_at")
		stamps = append(stamps, c.UpdatedAt)
		require.Equal(t, c.UpdatedAt, s.get(t, c.ID).UpdatedAt, "and stores it")
		return c
	}
	step(s.carts.Add(ctx, "", c.ID, s.ids["moss-balm"], 2))
	step(s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1))
	step(s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 2))

	got := step(s.carts.Remove(ctx, "", c.ID, s.ids["moss-balm"]))
	require.Equal(t, []string{"rose-serum=2"}, s.quantities(got))
	got = step(s.carts.Remove(ctx, "", c.ID, s.ids["moss-balm"]))
	require.Equal(t, []string{"rose-serum=2"}, s.quantities(got), "removing what is not there succeeds")
	got = step(s.carts.Remove(ctx, "", c.ID, unknownID))
	require.Equal(t, []string{"rose-serum=2"}, s.quantities(got), "even an unknown product")

	got = step(s.carts.Clear(ctx, "", c.ID))
	require.Empty(t, got.Lines)
	require.Empty(t, s.get(t, c.ID).Lines)
	got = step(s.carts.Clear(ctx, "", c.ID))
	require.Empty(t, got.Lines, "clearing an empty cart succeeds")
	require.Zero(t, got.ItemCount)
	require.Nil(t, got.Delivery)
	require.Equal(t, money.GBP(0), got.Total)

	other := s.newCart(t)
	require.NotEqual(t, c.ID, other.ID)
	s.add(t, other.ID, "moss-balm", 1)
	require.Empty(t, s.get(t, c.ID).Lines, "carts are separate")
}

func TestPricing(t *testing.T) {
	t.Parallel()
	shared := dbtest.Pool(t)
	tests := map[string]struct {
		adds               []add
		items              int32
		subtotal, delivery int64 // delivery -1: none
		total, vat         int64
	}{
		"empty":                  {adds: nil, items: 0, subtotal: 0, delivery: -1, total: 0, vat: 0},
		"below £50 pays":         {adds: []add{{"moss-balm", 2}}, items: 2, subtotal: 3000, delivery: 1735, total: 4735, vat: 789},
		"exactly £50 still pays": {adds: []add{{"moss-balm", 3}, {"cotton-pads", 500}}, items: 503, subtotal: 5000, delivery: 1735, total: 6735, vat: 1123},
		"over £50 is free":       {adds: []add{{"moss-balm", 3}, {"cotton-pads", 501}}, items: 504, subtotal: 5001, delivery: 0, total: 5001, vat: 834},
		"well over":              {adds: []add{{"rose-serum", 2}, {"moss-balm", 1}}, items: 3, subtotal: 10500, delivery: 0, total: 10500, vat: 1750},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newShop(t, shared)
			c := s.cartWith(t, tt.adds...)
			require.Equal(t, c, s.get(t, c.ID), "writes answer with the cart as Get prices it")
			require.Equal(t, tt.items, c.ItemCount)
			require.Equal(t, money.GBP(tt.subtotal), c.Subtotal)
			require.Equal(t, money.GBP(tt.total), c.Total)
			require.Equal(t, money.GBP(tt.vat), c.VATIncluded)
			var sum int64
			for _, l := range c.Lines {
				require.Equal(t, *s.products[s.slug(l.Product)].Price, l.UnitPrice.Minor)
				require.Equal(t, l.UnitPrice.Minor*int64(l.Quantity), l.LineTotal.Minor)
				require.Equal(t, money.GBPCode, l.LineTotal.Currency)
				require.False(t, l.ExceedsStock)
				sum += l.LineTotal.Minor
			}
			require.Equal(t, tt.subtotal, sum)
			if tt.delivery < 0 {
				require.Nil(t, c.Delivery)
				return
			}
			require.NotNil(t, c.Delivery)
			require.Equal(t, "standard", c.Delivery.Code)
			require.Equal(t, "Standard", c.Delivery.Name)
			require.Equal(t, money.GBP(tt.delivery), c.Delivery.Price)
			require.Equal(t, &freeOver, c.Delivery.FreeOver)
		})
	}
}

// A cart stores choices, not prices: every read prices it from the catalogue and delivery
// options as they are now.
func TestPricesFollowTheCatalogue(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	c := s.cartWith(t, add{"moss-balm", 2}, add{"rose-serum", 3})
	require.Equal(t, money.GBP(16500), s.get(t, c.ID).Subtotal)

	s.change(t, "moss-balm", func(p *catalog.ProductInput) { p.Price = pence(2000) })
	got := s.get(t, c.ID)
	require.Equal(t, money.GBP(2000), got.Lines[0].UnitPrice, "the new price")
	require.Equal(t, money.GBP(4000), got.Lines[0].LineTotal)
	require.Equal(t, money.GBP(17500), got.Subtotal)

	s.change(t, "rose-serum", func(p *catalog.ProductInput) { p.Published = false })
	got = s.get(t, c.ID)
	require.Equal(t, []string{"moss-balm=2", "rose-serum=3"}, s.quantities(got), "a hidden product's line stays")
	require.True(t, got.Lines[1].Unavailable, "flagged")
	require.Equal(t, int32(2), got.ItemCount, "but counts for nothing")
	require.Equal(t, money.GBP(4000), got.Subtotal)
	require.Equal(t, money.GBP(4000+1735), got.Total, "and no longer makes delivery free")
	s.change(t, "rose-serum", func(p *catalog.ProductInput) { p.Published = true })
	got = s.get(t, c.ID)
	require.Equal(t, []string{"moss-balm=2", "rose-serum=3"}, s.quantities(got))
	require.False(t, got.Lines[1].Unavailable, "and comes back with it")
	require.Equal(t, money.GBP(17500), got.Subtotal)

	s.change(t, "rose-serum", func(p *catalog.ProductInput) { p.Stock = 2 })
	got = s.get(t, c.ID)
	require.False(t, got.Lines[0].ExceedsStock)
	require.True(t, got.Lines[1].ExceedsStock, "3 wanted, 2 left")
	require.Equal(t, int32(2), got.Lines[1].Product.Stock)
	_, err := s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "insufficient_stock", Message: "Only 2 of Rose Serum are in stock."})
	got, err = s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 2)
	require.NoError(t, err)
	require.False(t, got.Lines[1].ExceedsStock, "lowered to the stock")

	// Delivery: Standard when offered, else the cheapest active option, else none.
	priority := shipping.Option{Code: "priority", Name: "Priority", Price: money.GBP(3250), Position: 0, Active: true}
	require.NoError(t, s.shipping.Save(ctx, priority))
	require.Equal(t, "standard", s.get(t, c.ID).Delivery.Code)
	retired := standard
	retired.Active = false
	require.NoError(t, s.shipping.Save(ctx, retired))
	got = s.get(t, c.ID)
	require.Equal(t, "express", got.Delivery.Code, "the cheapest, not the first listed")
	require.Equal(t, money.GBP(2499), got.Delivery.Price, "express is never free")
	require.Nil(t, got.Delivery.FreeOver)
	require.Equal(t, money.GBP(got.Subtotal.Minor+2499), got.Total)
	for _, o := range []shipping.Option{express, priority} {
		o.Active = false
		require.NoError(t, s.shipping.Save(ctx, o))
	}
	got = s.get(t, c.ID)
	require.Nil(t, got.Delivery, "no option offered")
	require.Equal(t, got.Subtotal, got.Total)
	require.Equal(t, got.Total.VATIncluded(money.UKVATPercent), got.VATIncluded)
}

// Two shoppers' tabs adding to one cart at once: every add counts, and together they never
// exceed the stock.
func TestConcurrentAdds(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	run := func(cartID, slug string, n int) []error {
		return apperrtest.Concurrently(n, func(int) error {
			_, err := s.carts.Add(ctx, "", cartID, s.ids[slug], 1)
			return err
		})
	}

	c := s.newCart(t)
	require.Equal(t, 8, apperrtest.Passed(t, run(c.ID, "moss-balm", 8), ""))
	require.Equal(t, []string{"moss-balm=8"}, s.quantities(s.get(t, c.ID)), "no add is lost")

	c = s.newCart(t)
	require.Equal(t, 3, apperrtest.Passed(t, run(c.ID, "rose-serum", 10), "insufficient_stock"), "exactly the stock")
	require.Equal(t, []string{"rose-serum=3"}, s.quantities(s.get(t, c.ID)))
}

// hiding lists the ways a product leaves the shop after a shopper has added it.
var hiding = map[string]func(t *testing.T, s *shop, slug string){
	"archived": func(t *testing.T, s *shop, slug string) {
		t.Helper()
		_, err := s.pool.Exec(context.Background(), `UPDATE products SET archived_at = now() WHERE id = $1`, s.ids[slug])
		require.NoError(t, err)
	},
	"made inactive": func(t *testing.T, s *shop, slug string) {
		t.Helper()
		s.change(t, slug, func(p *catalog.ProductInput) { p.Active = false })
	},
	"unpublished": func(t *testing.T, s *shop, slug string) {
		t.Helper()
		s.change(t, slug, func(p *catalog.ProductInput) { p.Published = false })
	},
}

// A line whose product left the shop is shown, flagged unavailable with the name and picture the
// shopper chose it by, but it is not priced and counts towards no total; its quantity cannot
// change, and removing it works.
func TestUnavailableLine(t *testing.T) {
	t.Parallel()
	shared := dbtest.Pool(t)
	for how, hide := range hiding {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			s := newShop(t, shared)
			ctx := context.Background()
			image := catalog.NewImage{ID: uuid.NewString(), Alt: "A bottle of rose serum",
				Variants: []catalog.Variant{{Key: "rose-400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"}}}
			require.NoError(t, s.catalog.AddImages(ctx, s.ids["rose-serum"], []catalog.NewImage{image}))
			c := s.cartWith(t, add{"moss-balm", 2}, add{"rose-serum", 2})
			hide(t, s, "rose-serum")

			got := s.get(t, c.ID)
			require.Equal(t, []string{"moss-balm=2", "rose-serum=2"}, s.quantities(got), "the line stays, in its place")
			gone := got.Lines[1]
			require.True(t, gone.Unavailable)
			require.False(t, got.Lines[0].Unavailable)
			require.Equal(t, "Rose Serum", gone.Product.Name)
			require.Len(t, gone.Product.Images, 1, "with its picture")
			require.Equal(t, image.Alt, gone.Product.Images[0].Alt)
			require.Equal(t, money.GBP(0), gone.UnitPrice, "not priced")
			require.Equal(t, money.GBP(0), gone.LineTotal)
			require.False(t, gone.ExceedsStock)
			require.Equal(t, int32(2), got.ItemCount, "only what can be bought counts")
			require.Equal(t, money.GBP(3000), got.Subtotal)
			require.Equal(t, money.GBP(3000+1735), got.Total, "delivery on the available subtotal")
			require.Equal(t, got.Total.VATIncluded(money.UKVATPercent), got.VATIncluded)

			refused := s.withIDs(apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "product_unavailable",
				Message:  "Rose Serum is no longer available. Please remove it from your bag to continue.",
				Metadata: map[string]string{"product_id": "rose-serum"}})
			for name, change := range map[string]func() (cart.Cart, error){
				"update": func() (cart.Cart, error) { return s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 1) },
				"add":    func() (cart.Cart, error) { return s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1) },
			} {
				_, err := change()
				apperrtest.Require(t, err, refused)
				require.Equal(t, got, s.get(t, c.ID), "a refused %s changes nothing", name)
			}

			removed, err := s.carts.Remove(ctx, "", c.ID, s.ids["rose-serum"])
			require.NoError(t, err)
			require.Equal(t, []string{"moss-balm=2"}, s.quantities(removed), "removing works")
			require.Equal(t, got.Total, removed.Total, "and changes no total")
		})
	}
}

// A cart holding only lines that cannot be bought has nothing to deliver.
func TestOnlyUnavailableLines(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	c := s.cartWith(t, add{"moss-balm", 1})
	hiding["archived"](t, s, "moss-balm")
	got := s.get(t, c.ID)
	require.Equal(t, []string{"moss-balm=1"}, s.quantities(got))
	require.True(t, got.Lines[0].Unavailable)
	require.Zero(t, got.ItemCount)
	require.Nil(t, got.Delivery)
	require.Equal(t, money.GBP(0), got.Total)
	require.Equal(t, money.GBP(0), got.VATIncluded)
}
