package wishlist_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/wishlist"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

const unknownID = "00000000-0000-4000-8000-000000000000"

// shop is one test's own database with a small catalogue and a way to open accounts. Its
// helpers take the calling (sub)test's t: a subtest must never fail its parent's.
type shop struct {
	wishlists *wishlist.Service
	catalog   *catalog.Service
	accounts  *account.Service
	products  map[string]catalog.ProductInput // by slug, as last saved
	ids       map[string]string               // slug → id
	opened    int
}

func newShop(t *testing.T) *shop {
	t.Helper()
	pool := dbtest.Pool(t)
	s := &shop{wishlists: wishlist.NewService(pool), catalog: catalog.NewService(pool, 0),
		// Cheap hashes: the accounts only need to exist.
		accounts: account.NewService(pool, account.Settings{}, account.WithHashParams(account.HashParams{Memory: 1024, Time: 1, Threads: 1})),
		products: map[string]catalog.ProductInput{}, ids: map[string]string{}}
	for _, p := range []catalog.ProductInput{
		{Slug: "rose-serum", Name: "Rose Serum", Stock: 3, Published: true},
		{Slug: "moss-balm", Name: "Moss Balm", Stock: 100, Published: true},
		{Slug: "petal-mist", Name: "Petal Mist", Stock: 1, Published: true},
		{Slug: "sage-cleanser", Name: "Sage Cleanser", Stock: 0, Published: true},
		{Slug: "draft-oil", Name: "Draft Oil", Stock: 10, Published: false},
	} {
		s.save(t, p)
	}
	return s
}

// save creates or replaces a product whole (the catalogue saves by slug).
func (s *shop) save(t *testing.T, p catalog.ProductInput) {
	t.Helper()
	price := int64(1500)
	p.Price, p.Active = &price, true
	id, _, err := s.catalog.SaveProduct(context.Background(), p)
	require.NoError(t, err)
	s.products[p.Slug] = p
	s.ids[p.Slug] = id
}

// setPublished shows or hides a product in the shop.
func (s *shop) setPublished(t *testing.T, slug string, published bool) {
	t.Helper()
	p := s.products[slug]
	p.Published = published
	s.save(t, p)
}

// stock adds n visible products, stock-1 … stock-n, and returns their slugs.
func (s *shop) stock(t *testing.T, n int) []string {
	t.Helper()
	slugs := make([]string, n)
	for i := range slugs {
		slugs[i] = fmt.Sprintf("stock-%d", i+1)
		s.save(t, catalog.ProductInput{Slug: slugs[i], Name: fmt.Sprintf("Stock %d", i+1), Stock: 5, Published: true})
	}
	return slugs
}

// customer opens an account and returns its id.
func (s *shop) customer(t *testing.T) string {
	t.Helper()
	s.opened++
	u, _, err := s.accounts.Register(context.Background(), account.Profile{FirstName: "Ada", LastName: "Lovelace",
		Email: fmt.Sprintf("customer%d@example.com", s.opened)}, "correct horse battery", "192.0.2.1")
	require.NoError(t, err)
	return u.ID
}

func (s *shop) add(t *testing.T, accountID string, slugs ...string) wishlist.Wishlist {
	t.Helper()
	var w wishlist.Wishlist
	for _, slug := range slugs {
		var err error
		w, err = s.wishlists.Add(context.Background(), accountID, s.ids[slug])
		require.NoError(t, err, slug)
	}
	return w
}

func (s *shop) get(t *testing.T, accountID string) wishlist.Wishlist {
	t.Helper()
	w, err := s.wishlists.Get(context.Background(), accountID)
	require.NoError(t, err)
	return w
}

func (s *shop) idsOf(slugs ...string) []string {
	out := make([]string, len(slugs))
	for i, slug := range slugs {
		if out[i] = s.ids[slug]; out[i] == "" {
			out[i] = unknownID
		}
	}
	return out
}

// slugs lists a wishlist's products in order.
func slugs(w wishlist.Wishlist) []string {
	out := []string{}
	for _, it := range w.Items {
		out = append(out, it.Product.Slug)
	}
	return out
}

func TestAddAndRemove(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer(t)

	require.Empty(t, s.get(t, alice).Items, "a new account's wishlist is empty")
	require.NotNil(t, s.get(t, alice).Items, "and says so with an empty list, not nil")

	w := s.add(t, alice, "rose-serum", "moss-balm", "petal-mist")
	require.Equal(t, []string{"petal-mist", "moss-balm", "rose-serum"}, slugs(w), "newest first")
	require.Equal(t, slugs(w), slugs(s.get(t, alice)), "the answer is what was stored")
	for i := 1; i < len(w.Items); i++ {
		require.True(t, w.Items[i-1].AddedAt.After(w.Items[i].AddedAt), "added_at orders the items strictly")
	}
	require.Equal(t, "Rose Serum", w.Items[2].Product.Name, "items carry the product as the catalogue shows it")

	again := s.add(t, alice, "rose-serum")
	require.Equal(t, slugs(w), slugs(again), "adding a saved product again changes nothing, not even its place")
	require.Equal(t, w.Items[2].AddedAt, again.Items[2].AddedAt)

	w, err := s.wishlists.Remove(ctx, alice, s.ids["moss-balm"])
	require.NoError(t, err)
	require.Equal(t, []string{"petal-mist", "rose-serum"}, slugs(w))
	w, err = s.wishlists.Remove(ctx, alice, s.ids["moss-balm"])
	require.NoError(t, err, "removing a product that is not there succeeds")
	require.Equal(t, []string{"petal-mist", "rose-serum"}, slugs(w))
	_, err = s.wishlists.Remove(ctx, alice, unknownID)
	require.NoError(t, err, "so does removing an unknown one")

	// Out of stock is no reason not to want something.
	w = s.add(t, alice, "sage-cleanser")
	require.Equal(t, []string{"sage-cleanser", "petal-mist", "rose-serum"}, slugs(w))

	// Upper-case ids name the same account and product.
	w, err = s.wishlists.Add(ctx, strings.ToUpper(alice), strings.ToUpper(s.ids["rose-serum"]))
	require.NoError(t, err)
	require.Equal(t, []string{"sage-cleanser", "petal-mist", "rose-serum"}, slugs(w))
}

func TestAddRefusals(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	alice := s.customer(t)
	s.add(t, alice, "moss-balm")
	tests := map[string]struct {
		productID string
		err       apperrtest.Want
	}{
		"hidden product":  {s.ids["draft-oil"], apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"}},
		"unknown product": {unknownID, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"}},
		"not a uuid":      {"moss-balm", apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_product_id"}},
		"not canonical": {strings.ReplaceAll(s.ids["rose-serum"], "-", ""),
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_product_id"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := s.wishlists.Add(context.Background(), alice, tt.productID)
			apperrtest.Require(t, err, tt.err)
			require.Equal(t, []string{"moss-balm"}, slugs(s.get(t, alice)), "a refused add changes nothing")
		})
	}
	_, err := s.wishlists.Remove(context.Background(), alice, "moss-balm")
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_product_id"})
}

// A product taken off sale drops out of view but keeps its row and its place, so it returns if
// the product does.
func TestHiddenProductsAreLeftOut(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	alice := s.customer(t)
	s.add(t, alice, "rose-serum", "moss-balm", "petal-mist")

	s.setPublished(t, "moss-balm", false)
	require.Equal(t, []string{"petal-mist", "rose-serum"}, slugs(s.get(t, alice)))
	_, err := s.wishlists.Add(context.Background(), alice, s.ids["moss-balm"])
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "product_not_found"})

	s.setPublished(t, "moss-balm", true)
	require.Equal(t, []string{"petal-mist", "moss-balm", "rose-serum"}, slugs(s.get(t, alice)))
}

func TestLimit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer(t)
	many := s.stock(t, wishlist.MaxItems)
	w, err := s.wishlists.Merge(ctx, alice, s.idsOf(many...))
	require.NoError(t, err)
	require.Len(t, w.Items, wishlist.MaxItems)

	full := apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "wishlist_full",
		Message: "Your wishlist is full: it holds at most 200 products. Remove one to make room."}
	_, err = s.wishlists.Add(ctx, alice, s.ids["rose-serum"])
	apperrtest.Require(t, err, full)
	require.Equal(t, "200", apperr.As(err).Metadata["limit"], "clients read the limit without parsing the message")

	_, err = s.wishlists.Add(ctx, alice, s.ids[many[10]])
	require.NoError(t, err, "re-saving a saved product is not a new item, full or not")

	// Only products the customer can see take a place: hiding one frees it.
	s.setPublished(t, many[0], false)
	w = s.add(t, alice, "rose-serum")
	require.Len(t, w.Items, wishlist.MaxItems)
	require.Equal(t, "rose-serum", w.Items[0].Product.Slug)

	// When the hidden product returns the wishlist holds 201; reads still answer the newest 200,
	// and nothing new fits until one goes.
	s.setPublished(t, many[0], true)
	w = s.get(t, alice)
	require.Len(t, w.Items, wishlist.MaxItems)
	require.Contains(t, slugs(w), many[0], "it is back in its place")
	require.NotContains(t, slugs(w), many[len(many)-1], "the oldest is the one left out")
	_, err = s.wishlists.Add(ctx, alice, s.ids["moss-balm"])
	apperrtest.Require(t, err, full)
}

// Racing adds to a nearly full wishlist are serialised: exactly one of them gets the last place.
func TestConcurrentAddsKeepTheLimit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer(t)
	many := s.stock(t, wishlist.MaxItems+3)
	_, err := s.wishlists.Merge(ctx, alice, s.idsOf(many[:wishlist.MaxItems-1]...))
	require.NoError(t, err)

	last := many[wishlist.MaxItems-1:]
	errs := apperrtest.Concurrently(len(last), func(i int) error {
		_, err := s.wishlists.Add(ctx, alice, s.ids[last[i]])
		return err
	})
	require.Equal(t, 1, apperrtest.Passed(t, errs, "wishlist_full"))
	require.Len(t, s.get(t, alice).Items, wishlist.MaxItems)
}

func TestMerge(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer(t)
	s.add(t, alice, "moss-balm")

	// The guest's list, newest first, with a duplicate of a saved product, a hidden and an
	// unknown one and a repeat.
	guest := s.idsOf("petal-mist", "draft-oil", "moss-balm", "no-such-product", "rose-serum", "petal-mist")
	w, err := s.wishlists.Merge(ctx, alice, guest)
	require.NoError(t, err)
	require.Equal(t, []string{"petal-mist", "rose-serum", "moss-balm"}, slugs(w),
		"the guest's products go in newest first, above the account's; a saved one keeps its place")
	require.Equal(t, slugs(w), slugs(s.get(t, alice)))

	w, err = s.wishlists.Merge(ctx, alice, guest)
	require.NoError(t, err, "merging the same list again (a retried sign-in) changes nothing")
	require.Equal(t, []string{"petal-mist", "rose-serum", "moss-balm"}, slugs(w))

	w, err = s.wishlists.Merge(ctx, alice, nil)
	require.NoError(t, err, "an empty guest list answers the wishlist")
	require.Len(t, w.Items, 3)

	_, err = s.wishlists.Merge(ctx, alice, []string{s.ids["sage-cleanser"], "not-a-uuid"})
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_product_id", Message: "each product id must be a UUID"})
	require.Len(t, s.get(t, alice).Items, 3, "a refused merge adds nothing, in one transaction")
}

// A merge that would take the wishlist past the limit keeps the newest items: the guest's, which
// are the customer's latest choices, and then the account's own, newest first.
func TestMergeKeepsTheLimit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer(t)
	many := s.stock(t, wishlist.MaxItems-1)
	_, err := s.wishlists.Merge(ctx, alice, s.idsOf(many...)) // stock-1 is the newest
	require.NoError(t, err)

	w, err := s.wishlists.Merge(ctx, alice, s.idsOf("rose-serum", "petal-mist", "moss-balm"))
	require.NoError(t, err)
	require.Len(t, w.Items, wishlist.MaxItems)
	require.Equal(t, []string{"rose-serum", "petal-mist", "moss-balm", "stock-1"}, slugs(w)[:4])
	require.Equal(t, many[len(many)-3], w.Items[len(w.Items)-1].Product.Slug, "the two oldest made way")
	require.Equal(t, slugs(w), slugs(s.get(t, alice)))
}

// A wishlist belongs to its account alone: nothing another customer does reaches it.
func TestAnotherAccountNeverSeesMine(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice, bob := s.customer(t), s.customer(t)
	s.add(t, alice, "rose-serum", "moss-balm")

	require.Empty(t, s.get(t, bob).Items)
	s.add(t, bob, "moss-balm")
	_, err := s.wishlists.Remove(ctx, bob, s.ids["rose-serum"])
	require.NoError(t, err)
	_, err = s.wishlists.Remove(ctx, bob, s.ids["moss-balm"])
	require.NoError(t, err)
	_, err = s.wishlists.Merge(ctx, bob, s.idsOf("petal-mist"))
	require.NoError(t, err)

	require.Equal(t, []string{"moss-balm", "rose-serum"}, slugs(s.get(t, alice)), "untouched by bob")
	require.Equal(t, []string{"petal-mist"}, slugs(s.get(t, bob)))
}

// The policy keeps guests away from the service, but the service refuses them by itself too.
func TestNeedsAnAccount(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	moss := s.ids["moss-balm"]
	calls := map[string]func(accountID string) error{
		"get":    func(a string) error { _, err := s.wishlists.Get(ctx, a); return err },
		"add":    func(a string) error { _, err := s.wishlists.Add(ctx, a, moss); return err },
		"remove": func(a string) error { _, err := s.wishlists.Remove(ctx, a, moss); return err },
		"merge":  func(a string) error { _, err := s.wishlists.Merge(ctx, a, []string{moss}); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			apperrtest.Require(t, call(""), apperrtest.Want{Kind: apperr.KindUnauthenticated, Reason: "unauthenticated"})
			err := call("not-a-uuid")
			require.Error(t, err)
			require.Nil(t, apperr.As(err), "an account id comes from the session; a bad one is a fault, not bad input")
		})
	}
}
