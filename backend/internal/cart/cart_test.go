package cart_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

const unknownID = "00000000-0000-4000-8000-000000000000"

// shop is one test's own database with a small catalogue and the two cheapest delivery options.
type shop struct {
	t        *testing.T
	carts    *cart.Service
	catalog  *catalog.Service
	shipping *shipping.Service
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

func newShop(t *testing.T) *shop {
	t.Helper()
	pool := dbtest.Pool(t)
	s := &shop{t: t, catalog: catalog.NewService(pool, 0), shipping: shipping.NewService(pool),
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
		s.save(p)
	}
	return s
}

// save creates or replaces a product whole (the catalogue saves by slug).
func (s *shop) save(p catalog.ProductInput) {
	s.t.Helper()
	id, _, err := s.catalog.SaveProduct(context.Background(), p)
	require.NoError(s.t, err)
	s.products[p.Slug] = p
	s.ids[p.Slug] = id
}

// change re-saves a product with edit applied.
func (s *shop) change(slug string, edit func(*catalog.ProductInput)) {
	s.t.Helper()
	p := s.products[slug]
	edit(&p)
	s.save(p)
}

func (s *shop) newCart() cart.Cart {
	s.t.Helper()
	c, err := s.carts.Create(context.Background(), "", "")
	require.NoError(s.t, err)
	return c
}

func (s *shop) add(cartID, slug string, q int32) cart.Cart {
	s.t.Helper()
	c, err := s.carts.Add(context.Background(), "", cartID, s.ids[slug], q)
	require.NoError(s.t, err)
	return c
}

func (s *shop) get(cartID string) cart.Cart {
	s.t.Helper()
	c, err := s.carts.Get(context.Background(), "", cartID)
	require.NoError(s.t, err)
	return c
}

// quantities lists a cart's lines as "slug=quantity", in line order.
func quantities(c cart.Cart) []string {
	out := []string{}
	for _, l := range c.Lines {
		out = append(out, fmt.Sprintf("%s=%d", l.Product.Slug, l.Quantity))
	}
	return out
}

// add is one Add call of a table test: q units of the product with slug.
type add struct {
	slug string
	q    int32
}

// wantErr is the classified error a failing call must return.
type wantErr struct {
	kind     apperr.Kind
	reason   string
	message  string            // checked when set
	metadata map[string]string // checked when set
}

func requireErr(t *testing.T, err error, want wantErr) {
	t.Helper()
	require.Error(t, err)
	ae := apperr.As(err)
	require.NotNil(t, ae, "a classified error, got %v", err)
	require.Equal(t, want.kind, ae.Kind, err.Error())
	require.Equal(t, want.reason, ae.Reason)
	if want.message != "" {
		require.Equal(t, want.message, ae.Message)
	}
	if want.metadata != nil {
		require.Equal(t, want.metadata, ae.Metadata)
	}
}

func TestAdd(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	tests := map[string]struct {
		adds []add    // every add but the last must succeed
		want []string // the lines after the last add, when it succeeds
		err  *wantErr // what the last add fails with
	}{
		"one unit":            {adds: []add{{"moss-balm", 1}}, want: []string{"moss-balm=1"}},
		"adding again raises": {adds: []add{{"moss-balm", 2}, {"moss-balm", 3}}, want: []string{"moss-balm=5"}},
		"lines keep first-added order": {adds: []add{{"moss-balm", 1}, {"rose-serum", 1}, {"moss-balm", 1}},
			want: []string{"moss-balm=2", "rose-serum=1"}},
		"exactly the stock": {adds: []add{{"rose-serum", 3}}, want: []string{"rose-serum=3"}},
		"more than the stock": {adds: []add{{"rose-serum", 4}}, err: &wantErr{kind: apperr.KindFailedPrecondition,
			reason: "insufficient_stock", message: "Only 3 of Rose Serum are in stock.",
			metadata: map[string]string{"available": "3", "product_id": s.ids["rose-serum"]}}},
		"raising past the stock": {adds: []add{{"rose-serum", 2}, {"rose-serum", 2}}, err: &wantErr{
			kind: apperr.KindFailedPrecondition, reason: "insufficient_stock", message: "Only 3 of Rose Serum are in stock."}},
		"one left": {adds: []add{{"petal-mist", 2}}, err: &wantErr{kind: apperr.KindFailedPrecondition,
			reason: "insufficient_stock", message: "Only 1 of Petal Mist is in stock."}},
		"out of stock": {adds: []add{{"sage-cleanser", 1}}, err: &wantErr{kind: apperr.KindFailedPrecondition,
			reason: "out_of_stock", message: "Sage Cleanser is out of stock.",
			metadata: map[string]string{"available": "0", "product_id": s.ids["sage-cleanser"]}}},
		"hidden product":  {adds: []add{{"draft-oil", 1}}, err: &wantErr{kind: apperr.KindNotFound, reason: "product_not_found"}},
		"unknown product": {adds: []add{{"no-such-product", 1}}, err: &wantErr{kind: apperr.KindNotFound, reason: "product_not_found"}},
		"zero":            {adds: []add{{"moss-balm", 0}}, err: &wantErr{kind: apperr.KindInvalid, reason: "invalid_quantity"}},
		"negative":        {adds: []add{{"moss-balm", -1}}, err: &wantErr{kind: apperr.KindInvalid, reason: "invalid_quantity"}},
		"over the request limit": {adds: []add{{"moss-balm", cart.MaxQuantity + 1}},
			err: &wantErr{kind: apperr.KindInvalid, reason: "invalid_quantity"}},
		"over the line limit": {adds: []add{{"cotton-pads", cart.MaxQuantity}, {"cotton-pads", 1}},
			err: &wantErr{kind: apperr.KindFailedPrecondition, reason: "cart_quantity_limit"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := s.newCart()
			for _, a := range tt.adds[:len(tt.adds)-1] {
				s.add(c.ID, a.slug, a.q)
			}
			before := s.get(c.ID)
			last := tt.adds[len(tt.adds)-1]
			productID := s.ids[last.slug]
			if productID == "" {
				productID = unknownID
			}
			got, err := s.carts.Add(context.Background(), "", c.ID, productID, last.q)
			if tt.err != nil {
				requireErr(t, err, *tt.err)
				require.Equal(t, quantities(before), quantities(s.get(c.ID)), "a refused add changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, quantities(got))
			require.Equal(t, tt.want, quantities(s.get(c.ID)), "the answer is what was stored")
		})
	}
}

func TestBadIDs(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	c := s.newCart()
	moss := s.ids["moss-balm"]
	unknownCart := wantErr{kind: apperr.KindNotFound, reason: "cart_not_found", message: "cart not found"}
	badCart := wantErr{kind: apperr.KindInvalid, reason: "invalid_cart_id"}
	badProduct := wantErr{kind: apperr.KindInvalid, reason: "invalid_product_id"}
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
		requireErr(t, call(unknownID, moss), unknownCart)
		requireErr(t, call("not-a-uuid", moss), badCart)
		requireErr(t, call(strings.ReplaceAll(c.ID, "-", ""), moss), badCart) // only the canonical form
		if name != "get" && name != "clear" {
			requireErr(t, call(c.ID, "moss-balm"), badProduct)
		}
	}
	// Upper-case ids name the same cart and product.
	up := s.add(strings.ToUpper(c.ID), "moss-balm", 1)
	require.Equal(t, c.ID, up.ID)
	up, err := s.carts.Add(ctx, "", c.ID, strings.ToUpper(moss), 1)
	require.NoError(t, err)
	require.Equal(t, []string{"moss-balm=2"}, quantities(up))
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	tests := map[string]struct {
		slug string
		q    int32
		want []string
		err  *wantErr
	}{
		"lower":       {slug: "moss-balm", q: 1, want: []string{"moss-balm=1", "rose-serum=1"}},
		"raise":       {slug: "moss-balm", q: 40, want: []string{"moss-balm=40", "rose-serum=1"}},
		"up to stock": {slug: "rose-serum", q: 3, want: []string{"moss-balm=2", "rose-serum=3"}},
		"past the stock": {slug: "rose-serum", q: 4, err: &wantErr{kind: apperr.KindFailedPrecondition, reason: "insufficient_stock",
			message: "Only 3 of Rose Serum are in stock.", metadata: map[string]string{"available": "3", "product_id": s.ids["rose-serum"]}}},
		"zero":        {slug: "moss-balm", q: 0, err: &wantErr{kind: apperr.KindInvalid, reason: "invalid_quantity"}},
		"over limit":  {slug: "moss-balm", q: cart.MaxQuantity + 1, err: &wantErr{kind: apperr.KindInvalid, reason: "invalid_quantity"}},
		"not in cart": {slug: "petal-mist", q: 1, err: &wantErr{kind: apperr.KindNotFound, reason: "cart_item_not_found"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := s.newCart()
			s.add(c.ID, "moss-balm", 2)
			s.add(c.ID, "rose-serum", 1)
			got, err := s.carts.Update(context.Background(), "", c.ID, s.ids[tt.slug], tt.q)
			if tt.err != nil {
				requireErr(t, err, *tt.err)
				require.Equal(t, []string{"moss-balm=2", "rose-serum=1"}, quantities(s.get(c.ID)))
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, quantities(got), "updating keeps the line's place")
		})
	}
}

// Updates are checked against the stock and visibility of the moment, not of when the line was
// added.
func TestUpdateAfterCatalogueChanges(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	c := s.newCart()
	s.add(c.ID, "moss-balm", 2)
	s.add(c.ID, "rose-serum", 2)

	s.change("moss-balm", func(p *catalog.ProductInput) { p.Stock = 0 })
	_, err := s.carts.Update(ctx, "", c.ID, s.ids["moss-balm"], 1)
	requireErr(t, err, wantErr{kind: apperr.KindFailedPrecondition, reason: "out_of_stock", message: "Moss Balm is out of stock."})

	s.change("rose-serum", func(p *catalog.ProductInput) { p.Active = false })
	_, err = s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 1)
	requireErr(t, err, wantErr{kind: apperr.KindNotFound, reason: "product_not_found"})
	_, err = s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1)
	requireErr(t, err, wantErr{kind: apperr.KindNotFound, reason: "product_not_found"})
}

func TestRemoveAndClear(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	c := s.newCart()
	require.Empty(t, c.Lines)
	stamps := []time.Time{c.UpdatedAt}
	step := func(c cart.Cart, err error) cart.Cart {
		t.Helper()
		require.NoError(t, err)
		require.True(t, c.UpdatedAt.After(stamps[len(stamps)-1]), "every write bumps updated_at")
		stamps = append(stamps, c.UpdatedAt)
		require.Equal(t, c.UpdatedAt, s.get(c.ID).UpdatedAt, "and stores it")
		return c
	}
	step(s.carts.Add(ctx, "", c.ID, s.ids["moss-balm"], 2))
	step(s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1))
	step(s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 2))

	got := step(s.carts.Remove(ctx, "", c.ID, s.ids["moss-balm"]))
	require.Equal(t, []string{"rose-serum=2"}, quantities(got))
	got = step(s.carts.Remove(ctx, "", c.ID, s.ids["moss-balm"]))
	require.Equal(t, []string{"rose-serum=2"}, quantities(got), "removing what is not there succeeds")
	got = step(s.carts.Remove(ctx, "", c.ID, unknownID))
	require.Equal(t, []string{"rose-serum=2"}, quantities(got), "even an unknown product")

	got = step(s.carts.Clear(ctx, "", c.ID))
	require.Empty(t, got.Lines)
	require.Empty(t, s.get(c.ID).Lines)
	got = step(s.carts.Clear(ctx, "", c.ID))
	require.Empty(t, got.Lines, "clearing an empty cart succeeds")
	require.Zero(t, got.ItemCount)
	require.Nil(t, got.Delivery)
	require.Equal(t, money.GBP(0), got.Total)

	other := s.newCart()
	require.NotEqual(t, c.ID, other.ID)
	s.add(other.ID, "moss-balm", 1)
	require.Empty(t, s.get(c.ID).Lines, "carts are separate")
}

func TestPricing(t *testing.T) {
	t.Parallel()
	s := newShop(t)
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
			c := s.newCart()
			for _, a := range tt.adds {
				c = s.add(c.ID, a.slug, a.q)
			}
			require.Equal(t, c, s.get(c.ID), "writes answer with the cart as Get prices it")
			require.Equal(t, tt.items, c.ItemCount)
			require.Equal(t, money.GBP(tt.subtotal), c.Subtotal)
			require.Equal(t, money.GBP(tt.total), c.Total)
			require.Equal(t, money.GBP(tt.vat), c.VATIncluded)
			var sum int64
			for _, l := range c.Lines {
				require.Equal(t, *s.products[l.Product.Slug].Price, l.UnitPrice.Minor)
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
	s := newShop(t)
	ctx := context.Background()
	c := s.newCart()
	s.add(c.ID, "moss-balm", 2)
	s.add(c.ID, "rose-serum", 3)
	require.Equal(t, money.GBP(16500), s.get(c.ID).Subtotal)

	s.change("moss-balm", func(p *catalog.ProductInput) { p.Price = pence(2000) })
	got := s.get(c.ID)
	require.Equal(t, money.GBP(2000), got.Lines[0].UnitPrice, "the new price")
	require.Equal(t, money.GBP(4000), got.Lines[0].LineTotal)
	require.Equal(t, money.GBP(17500), got.Subtotal)

	s.change("rose-serum", func(p *catalog.ProductInput) { p.Published = false })
	got = s.get(c.ID)
	require.Equal(t, []string{"moss-balm=2"}, quantities(got), "a hidden product drops out")
	require.Equal(t, int32(2), got.ItemCount)
	require.Equal(t, money.GBP(4000), got.Subtotal)
	require.Equal(t, money.GBP(4000+1735), got.Total, "and no longer makes delivery free")
	s.change("rose-serum", func(p *catalog.ProductInput) { p.Published = true })
	require.Equal(t, []string{"moss-balm=2", "rose-serum=3"}, quantities(s.get(c.ID)), "and comes back with it")

	s.change("rose-serum", func(p *catalog.ProductInput) { p.Stock = 2 })
	got = s.get(c.ID)
	require.False(t, got.Lines[0].ExceedsStock)
	require.True(t, got.Lines[1].ExceedsStock, "3 wanted, 2 left")
	require.Equal(t, int32(2), got.Lines[1].Product.Stock)
	_, err := s.carts.Add(ctx, "", c.ID, s.ids["rose-serum"], 1)
	requireErr(t, err, wantErr{kind: apperr.KindFailedPrecondition, reason: "insufficient_stock", message: "Only 2 of Rose Serum are in stock."})
	got, err = s.carts.Update(ctx, "", c.ID, s.ids["rose-serum"], 2)
	require.NoError(t, err)
	require.False(t, got.Lines[1].ExceedsStock, "lowered to the stock")

	// Delivery: Standard when offered, else the cheapest active option, else none.
	priority := shipping.Option{Code: "priority", Name: "Priority", Price: money.GBP(3250), Position: 0, Active: true}
	require.NoError(t, s.shipping.Save(ctx, priority))
	require.Equal(t, "standard", s.get(c.ID).Delivery.Code)
	retired := standard
	retired.Active = false
	require.NoError(t, s.shipping.Save(ctx, retired))
	got = s.get(c.ID)
	require.Equal(t, "express", got.Delivery.Code, "the cheapest, not the first listed")
	require.Equal(t, money.GBP(2499), got.Delivery.Price, "express is never free")
	require.Nil(t, got.Delivery.FreeOver)
	require.Equal(t, money.GBP(got.Subtotal.Minor+2499), got.Total)
	for _, o := range []shipping.Option{express, priority} {
		o.Active = false
		require.NoError(t, s.shipping.Save(ctx, o))
	}
	got = s.get(c.ID)
	require.Nil(t, got.Delivery, "no option offered")
	require.Equal(t, got.Subtotal, got.Total)
	require.Equal(t, got.Total.VATIncluded(money.UKVATPercent), got.VATIncluded)
}

// Two shoppers' tabs adding to one cart at once: every add counts, and together they never
// exceed the stock.
func TestConcurrentAdds(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	run := func(cartID, slug string, n int) (ok int, errs []error) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range n {
			wg.Go(func() {
				<-start
				_, err := s.carts.Add(ctx, "", cartID, s.ids[slug], 1)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
				} else {
					ok++
				}
			})
		}
		close(start)
		wg.Wait()
		return ok, errs
	}

	c := s.newCart()
	ok, errs := run(c.ID, "moss-balm", 8)
	require.Empty(t, errs)
	require.Equal(t, 8, ok)
	require.Equal(t, []string{"moss-balm=8"}, quantities(s.get(c.ID)), "no add is lost")

	c = s.newCart()
	ok, errs = run(c.ID, "rose-serum", 10)
	require.Equal(t, 3, ok, "exactly the stock")
	require.Len(t, errs, 7)
	for _, err := range errs {
		requireErr(t, err, wantErr{kind: apperr.KindFailedPrecondition, reason: "insufficient_stock"})
	}
	require.Equal(t, []string{"rose-serum=3"}, quantities(s.get(c.ID)))
}
