package wishlist_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/wishlist"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

const unknownID = "00000000-0000-4000-8000-000000000000"

// shop is one test's own database with a small catalogue and a way to open accounts.
type shop struct {
	t         *testing.T
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
	s := &shop{t: t, wishlists: wishlist.NewService(pool), catalog: catalog.NewService(pool, 0),
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
		s.save(p)
	}
	return s
}

// save creates or replaces a product whole (the catalogue saves by slug).
func (s *shop) save(p catalog.ProductInput) {
	s.t.Helper()
	price := int64(1500)
	p.Price, p.Active = &price, true
	id, _, err := s.catalog.SaveProduct(context.Background(), p)
	require.NoError(s.t, err)
	s.products[p.Slug] = p
	s.ids[p.Slug] = id
}

// setPublished shows or hides a product in the shop.
func (s *shop) setPublished(slug string, published bool) {
	s.t.Helper()
	p := s.products[slug]
	p.Published = published
	s.save(p)
}

// stock adds n visible products, stock-1 … stock-n, and returns their slugs.
func (s *shop) stock(n int) []string {
	s.t.Helper()
	slugs := make([]string, n)
	for i := range slugs {
		slugs[i] = fmt.Sprintf("stock-%d", i+1)
		s.save(catalog.ProductInput{Slug: slugs[i], Name: fmt.Sprintf("Stock %d", i+1), Stock: 5, Published: true})
	}
	return slugs
}

// customer opens an account and returns its id.
func (s *shop) customer() string {
	s.t.Helper()
	s.opened++
	u, _, err := s.accounts.Register(context.Background(), account.Profile{FirstName: "Ada", LastName: "Lovelace",
		Email: fmt.Sprintf("customer%d@example.com", s.opened)}, "correct horse battery", "192.0.2.1")
	require.NoError(s.t, err)
	return u.ID
}

func (s *shop) add(accountID string, slugs ...string) wishlist.Wishlist {
	s.t.Helper()
	var w wishlist.Wishlist
	for _, slug := range slugs {
		var err error
		w, err = s.wishlists.Add(context.Background(), accountID, s.ids[slug])
		require.NoError(s.t, err, slug)
	}
	return w
}

func (s *shop) get(accountID string) wishlist.Wishlist {
	s.t.Helper()
	w, err := s.wishlists.Get(context.Background(), accountID)
	require.NoError(s.t, err)
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

// wantErr is the classified error a failing call must return.
type wantErr struct {
	kind    apperr.Kind
	reason  string
	message string // checked when set
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
}

func TestAddAndRemove(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer()

	require.Empty(t, s.get(alice).Items, "a new account's wishlist is empty")
	require.NotNil(t, s.get(alice).Items, "and says so with an empty list, not nil")

	w := s.add(alice, "rose-serum", "moss-balm", "petal-mist")
	require.Equal(t, []string{"petal-mist", "moss-balm", "rose-serum"}, slugs(w), "newest first")
	require.Equal(t, slugs(w), slugs(s.get(alice)), "the answer is what was stored")
	for i := 1; i < len(w.Items); i++ {
		require.True(t, w.Items[i-1].AddedAt.After(w.Items[i].AddedAt), "added_at orders the items strictly")
	}
	require.Equal(t, "Rose Serum", w.Items[2].Product.Name, "items carry the product as the catalogue shows it")

	again := s.add(alice, "rose-serum")
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
	w = s.add(alice, "sage-cleanser")
	require.Equal(t, []string{"sage-cleanser", "petal-mist", "rose-serum"}, slugs(w))

	// Upper-case ids name the same account and product.
	w, err = s.wishlists.Add(ctx, strings.ToUpper(alice), strings.ToUpper(s.ids["rose-serum"]))
	require.NoError(t, err)
	require.Equal(t, []string{"sage-cleanser", "petal-mist", "rose-serum"}, slugs(w))
}

func TestAddRefusals(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	alice := s.customer()
	s.add(alice, "moss-balm")
	tests := map[string]struct {
		productID string
		err       wantErr
	}{
		"hidden product":  {s.ids["draft-oil"], wantErr{kind: apperr.KindNotFound, reason: "product_not_found"}},
		"unknown product": {unknownID, wantErr{kind: apperr.KindNotFound, reason: "product_not_found"}},
		"not a uuid":      {"moss-balm", wantErr{kind: apperr.KindInvalid, reason: "invalid_product_id"}},
		"not canonical": {strings.ReplaceAll(s.ids["rose-serum"], "-", ""),
			wantErr{kind: apperr.KindInvalid, reason: "invalid_product_id"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := s.wishlists.Add(context.Background(), alice, tt.productID)
			requireErr(t, err, tt.err)
			require.Equal(t, []string{"moss-balm"}, slugs(s.get(alice)), "a refused add changes nothing")
		})
	}
	_, err := s.wishlists.Remove(context.Background(), alice, "moss-balm")
	requireErr(t, err, wantErr{kind: apperr.KindInvalid, reason: "invalid_product_id"})
}

// A product taken off sale drops out of view but keeps its row and its place, so it returns if
// the product does.
func TestHiddenProductsAreLeftOut(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	alice := s.customer()
	s.add(alice, "rose-serum", "moss-balm", "petal-mist")

	s.setPublished("moss-balm", false)
	require.Equal(t, []string{"petal-mist", "rose-serum"}, slugs(s.get(alice)))
	_, err := s.wishlists.Add(context.Background(), alice, s.ids["moss-balm"])
	requireErr(t, err, wantErr{kind: apperr.KindNotFound, reason: "product_not_found"})

	s.setPublished("moss-balm", true)
	require.Equal(t, []string{"petal-mist", "moss-balm", "rose-serum"}, slugs(s.get(alice)))
}

func TestLimit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer()
	many := s.stock(wishlist.MaxItems)
	w, err := s.wishlists.Merge(ctx, alice, s.idsOf(many...))
	require.NoError(t, err)
	require.Len(t, w.Items, wishlist.MaxItems)

	full := wantErr{kind: apperr.KindFailedPrecondition, reason: "wishlist_full",
		message: "Your wishlist is full: it holds at most 200 products. Remove one to make room."}
	_, err = s.wishlists.Add(ctx, alice, s.ids["rose-serum"])
	requireErr(t, err, full)
	require.Equal(t, "200", apperr.As(err).Metadata["limit"], "clients read the limit without parsing the message")

	_, err = s.wishlists.Add(ctx, alice, s.ids[many[10]])
	require.NoError(t, err, "re-saving a saved product is not a new item, full or not")

	// Only products the customer can see take a place: hiding one frees it.
	s.setPublished(many[0], false)
	w = s.add(alice, "rose-serum")
	require.Len(t, w.Items, wishlist.MaxItems)
	require.Equal(t, "rose-serum", w.Items[0].Product.Slug)

	// When the hidden product returns the wishlist holds 201; reads still answer the newest 200,
	// and nothing new fits until one goes.
	s.setPublished(many[0], true)
	w = s.get(alice)
	require.Len(t, w.Items, wishlist.MaxItems)
	require.Contains(t, slugs(w), many[0], "it is back in its place")
	require.NotContains(t, slugs(w), many[len(many)-1], "the oldest is the one left out")
	_, err = s.wishlists.Add(ctx, alice, s.ids["moss-balm"])
	requireErr(t, err, full)
}

// Racing adds to a nearly full wishlist are serialised: exactly one of them gets the last place.
func TestConcurrentAddsKeepTheLimit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer()
	many := s.stock(wishlist.MaxItems + 3)
	_, err := s.wishlists.Merge(ctx, alice, s.idsOf(many[:wishlist.MaxItems-1]...))
	require.NoError(t, err)

	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i, slug := range many[wishlist.MaxItems-1:] {
		wg.Go(func() { _, errs[i] = s.wishlists.Add(ctx, alice, s.ids[slug]) })
	}
	wg.Wait()
	succeeded := 0
	for _, err := range errs {
		if err == nil {
			succeeded++
			continue
		}
		requireErr(t, err, wantErr{kind: apperr.KindFailedPrecondition, reason: "wishlist_full"})
	}
	require.Equal(t, 1, succeeded)
	require.Len(t, s.get(alice).Items, wishlist.MaxItems)
}

func TestMerge(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer()
	s.add(alice, "moss-balm")

	// The guest's list, newest first, with a duplicate of a saved product, a hidden and an
	// unknown one and a repeat.
	guest := s.idsOf("petal-mist", "draft-oil", "moss-balm", "no-such-product", "rose-serum", "petal-mist")
	w, err := s.wishlists.Merge(ctx, alice, guest)
	require.NoError(t, err)
	require.Equal(t, []string{"petal-mist", "rose-serum", "moss-balm"}, slugs(w),
		"the guest's products go in newest first, above the account's; a saved one keeps its place")
	require.Equal(t, slugs(w), slugs(s.get(alice)))

	w, err = s.wishlists.Merge(ctx, alice, guest)
	require.NoError(t, err, "merging the same list again (a retried sign-in) changes nothing")
	require.Equal(t, []string{"petal-mist", "rose-serum", "moss-balm"}, slugs(w))

	w, err = s.wishlists.Merge(ctx, alice, nil)
	require.NoError(t, err, "an empty guest list answers the wishlist")
	require.Len(t, w.Items, 3)

	_, err = s.wishlists.Merge(ctx, alice, []string{s.ids["sage-cleanser"], "not-a-uuid"})
	requireErr(t, err, wantErr{kind: apperr.KindInvalid, reason: "invalid_product_id", message: "each product id must be a UUID"})
	require.Len(t, s.get(alice).Items, 3, "a refused merge adds nothing, in one transaction")
}

// A merge that would take the wishlist past the limit keeps the newest items: the guest's, which
// are the customer's latest choices, and then the account's own, newest first.
func TestMergeKeepsTheLimit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice := s.customer()
	many := s.stock(wishlist.MaxItems - 1)
	_, err := s.wishlists.Merge(ctx, alice, s.idsOf(many...)) // stock-1 is the newest
	require.NoError(t, err)

	w, err := s.wishlists.Merge(ctx, alice, s.idsOf("rose-serum", "petal-mist", "moss-balm"))
	require.NoError(t, err)
	require.Len(t, w.Items, wishlist.MaxItems)
	require.Equal(t, []string{"rose-serum", "petal-mist", "moss-balm", "stock-1"}, slugs(w)[:4])
	require.Equal(t, many[len(many)-3], w.Items[len(w.Items)-1].Product.Slug, "the two oldest made way")
	require.Equal(t, slugs(w), slugs(s.get(alice)))
}

// A wishlist belongs to its account alone: nothing another customer does reaches it.
func TestAnotherAccountNeverSeesMine(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	alice, bob := s.customer(), s.customer()
	s.add(alice, "rose-serum", "moss-balm")

	require.Empty(t, s.get(bob).Items)
	s.add(bob, "moss-balm")
	_, err := s.wishlists.Remove(ctx, bob, s.ids["rose-serum"])
	require.NoError(t, err)
	_, err = s.wishlists.Remove(ctx, bob, s.ids["moss-balm"])
	require.NoError(t, err)
	_, err = s.wishlists.Merge(ctx, bob, s.idsOf("petal-mist"))
	require.NoError(t, err)

	require.Equal(t, []string{"moss-balm", "rose-serum"}, slugs(s.get(alice)), "untouched by bob")
	require.Equal(t, []string{"petal-mist"}, slugs(s.get(bob)))
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
			requireErr(t, call(""), wantErr{kind: apperr.KindUnauthenticated, reason: "unauthenticated"})
			err := call("not-a-uuid")
			require.Error(t, err)
			require.Nil(t, apperr.As(err), "an account id comes from the session; a bad one is a fault, not bad input")
		})
	}
}
