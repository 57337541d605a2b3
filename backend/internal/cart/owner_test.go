package cart_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// addAs adds q units of slug to a cart as the given caller.
func (s *shop) addAs(t *testing.T, accountID, cartID, slug string, q int32) cart.Cart {
	t.Helper()
	c, err := s.carts.Add(context.Background(), accountID, cartID, s.ids[slug], q)
	require.NoError(t, err)
	return c
}

func (s *shop) accountCart(t *testing.T, accountID string) cart.Cart {
	t.Helper()
	c, err := s.carts.Create(context.Background(), accountID, "")
	require.NoError(t, err)
	return c
}

var notFound = apperrtest.Want{Kind: apperr.KindNotFound, Reason: "cart_not_found", Message: "cart not found"}

// A customer's cart answers only to them: to another customer or a guest holding its id it does
// not exist, on every operation, and nothing they try changes it.
func TestOwnedCartAnswersOnlyToItsOwner(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	alice, bob := uuid.NewString(), uuid.NewString()

	c := s.accountCart(t, alice)
	require.Equal(t, c.ID, s.accountCart(t, alice).ID, "one cart per customer, whichever device asks")
	require.Equal(t, c.ID, s.accountCart(t, strings.ToUpper(alice)).ID, "account ids compare as UUIDs")
	require.NotEqual(t, c.ID, s.accountCart(t, bob).ID)
	require.NotEqual(t, c.ID, s.newCart(t).ID, "a guest still gets a cart of their own")
	s.addAs(t, alice, c.ID, "moss-balm", 2)

	moss := s.ids["moss-balm"]
	for name, call := range map[string]func(accountID string) error{
		"get":    func(a string) error { _, err := s.carts.Get(ctx, a, c.ID); return err },
		"add":    func(a string) error { _, err := s.carts.Add(ctx, a, c.ID, moss, 1); return err },
		"update": func(a string) error { _, err := s.carts.Update(ctx, a, c.ID, moss, 1); return err },
		"remove": func(a string) error { _, err := s.carts.Remove(ctx, a, c.ID, moss); return err },
		"clear":  func(a string) error { _, err := s.carts.Clear(ctx, a, c.ID); return err },
	} {
		for who, accountID := range map[string]string{"another customer": bob, "a guest": ""} {
			t.Run(name+" as "+who, func(t *testing.T) {
				apperrtest.Require(t, call(accountID), notFound)
			})
		}
	}
	got, err := s.carts.Get(ctx, alice, c.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"moss-balm=2"}, s.quantities(got), "untouched by the others")

	// A guest cart answers to whoever holds its id, signed in or not: a shopper who signs in
	// keeps using it until the storefront merges it.
	g := s.newCart(t)
	s.addAs(t, alice, g.ID, "moss-balm", 1)
	s.addAs(t, "", g.ID, "moss-balm", 1)
	got, err = s.carts.Get(ctx, bob, g.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"moss-balm=2"}, s.quantities(got))

	_, err = s.carts.Get(ctx, "not-a-uuid", g.ID)
	require.Error(t, err)
	require.Nil(t, apperr.As(err), "an account id comes from the session; a bad one is a fault, not bad input")
}

// Two devices signing in at once agree on one cart.
func TestCreateAccountCartConcurrently(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	alice := uuid.NewString()
	ids := make([]string, 4)
	errs := make([]error, len(ids))
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			c, err := s.carts.Create(context.Background(), alice, "")
			ids[i], errs[i] = c.ID, err
		})
	}
	wg.Wait()
	for i, id := range ids {
		require.NoError(t, errs[i])
		require.Equal(t, ids[0], id)
	}
	require.NotEmpty(t, ids[0])
}

// Merging adds the guest's quantities to the account's, never beyond the stock, leaves out what
// sold out, keeps (flagged) what left the shop, and deletes the guest cart.
func TestMerge(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	alice := uuid.NewString()

	s.save(t, catalog.ProductInput{Slug: "lily-soap", Name: "Lily Soap", Price: pence(800), Stock: 4, Published: true, Active: true})
	mine := s.accountCart(t, alice)
	s.addAs(t, alice, mine.ID, "moss-balm", 2)
	s.addAs(t, alice, mine.ID, "rose-serum", 2)
	s.addAs(t, alice, mine.ID, "lily-soap", 4)
	s.save(t, catalog.ProductInput{Slug: "iris-oil", Name: "Iris Oil", Price: pence(900), Stock: 9, Published: true, Active: true})
	s.addAs(t, alice, mine.ID, "iris-oil", 1)

	s.change(t, "sage-cleanser", func(p *catalog.ProductInput) { p.Stock = 5 })
	guest := s.newCart(t)
	s.add(t, guest.ID, "cotton-pads", 10)  // new to the account's cart
	s.add(t, guest.ID, "moss-balm", 3)     // 2 + 3 = 5, well within stock
	s.add(t, guest.ID, "rose-serum", 2)    // 2 + 2 = 4, capped at the stock of 3
	s.add(t, guest.ID, "petal-mist", 1)    // about to be hidden
	s.add(t, guest.ID, "sage-cleanser", 1) // about to sell out
	s.add(t, guest.ID, "lily-soap", 1)     // the account already holds more than the stock
	s.add(t, guest.ID, "iris-oil", 2)      // about to be hidden; the account holds it too
	s.change(t, "petal-mist", func(p *catalog.ProductInput) { p.Published = false })
	s.change(t, "iris-oil", func(p *catalog.ProductInput) { p.Active = false })
	s.change(t, "sage-cleanser", func(p *catalog.ProductInput) { p.Stock = 0 })
	s.change(t, "lily-soap", func(p *catalog.ProductInput) { p.Stock = 2 })

	merged, err := s.carts.Merge(ctx, alice, guest.ID)
	require.NoError(t, err)
	require.Equal(t, mine.ID, merged.ID, "the account's cart")
	require.Equal(t, []string{"moss-balm=5", "rose-serum=3", "lily-soap=4", "iris-oil=1", "cotton-pads=10", "petal-mist=1"},
		s.quantities(merged), "the account's lines keep their places and quantities (merging only adds); new lines follow")
	require.Equal(t, int32(22), merged.ItemCount, "unavailable lines count for nothing")
	require.True(t, merged.Lines[2].ExceedsStock, "lily-soap: the account's own excess is shown, not cut")
	require.True(t, merged.Lines[3].Unavailable, "iris-oil: the account's own hidden line, untouched")
	require.True(t, merged.Lines[5].Unavailable, "petal-mist: kept, flagged, so it does not vanish at sign-in")
	got, err := s.carts.Get(ctx, alice, mine.ID)
	require.NoError(t, err)
	require.Equal(t, merged, got)

	_, err = s.carts.Get(ctx, "", guest.ID)
	apperrtest.Require(t, err, notFound)
	_, err = s.carts.Get(ctx, alice, guest.ID)
	apperrtest.Require(t, err, notFound)

	// The hidden product's line was kept: publishing it again makes it buyable.
	s.change(t, "petal-mist", func(p *catalog.ProductInput) { p.Published = true })
	again := s.accountCart(t, alice)
	require.False(t, again.Lines[5].Unavailable)
	require.Equal(t, int32(23), again.ItemCount)

	// Merging the same (now deleted) guest cart again changes nothing.
	again, err = s.carts.Merge(ctx, alice, guest.ID)
	require.NoError(t, err)
	require.Equal(t, s.quantities(merged), s.quantities(again))
}

// A guest cart keeps its order when the account's cart is new.
func TestMergeIntoNewAccountCart(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	guest := s.newCart(t)
	s.add(t, guest.ID, "rose-serum", 1)
	s.add(t, guest.ID, "moss-balm", 2)
	s.add(t, guest.ID, "cotton-pads", 3)
	alice := uuid.NewString()
	merged, err := s.carts.Merge(context.Background(), alice, guest.ID)
	require.NoError(t, err)
	require.NotEqual(t, guest.ID, merged.ID, "a new id: the guest's id was known to whoever used that device")
	require.Equal(t, []string{"rose-serum=1", "moss-balm=2", "cotton-pads=3"}, s.quantities(merged))
	require.Equal(t, merged.ID, s.accountCart(t, alice).ID)
}

// Merge never takes a cart that is not a guest cart, and answers every such attempt with the
// caller's own cart, so it tells nothing about the id given.
func TestMergeIgnoresCartsThatAreNotGuestCarts(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	alice, bob := uuid.NewString(), uuid.NewString()
	bobs := s.accountCart(t, bob)
	s.addAs(t, bob, bobs.ID, "moss-balm", 2)

	empty, err := s.carts.Merge(ctx, alice, "")
	require.NoError(t, err)
	require.Empty(t, empty.Lines, "no guest cart: the account's cart, created")
	require.Equal(t, empty.ID, s.accountCart(t, alice).ID)

	for name, id := range map[string]string{"unknown": unknownID, "another customer's": bobs.ID, "their own": empty.ID} {
		got, err := s.carts.Merge(ctx, alice, id)
		require.NoError(t, err, name)
		require.Equal(t, empty.ID, got.ID, name)
		require.Empty(t, got.Lines, name)
	}
	got, err := s.carts.Get(ctx, bob, bobs.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"moss-balm=2"}, s.quantities(got), "bob's cart is intact")

	_, err = s.carts.Merge(ctx, "", s.newCart(t).ID)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindUnauthenticated, Reason: "unauthenticated"})
	_, err = s.carts.Merge(ctx, alice, "not-a-uuid")
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_cart_id"})
}

// A sign-in answered twice (two tabs, a retried request) merges the guest cart once; two
// customers racing for one guest cart (a shared device) do not both get its lines.
func TestConcurrentMerges(t *testing.T) {
	t.Parallel()
	s := newShop(t, nil)
	ctx := context.Background()
	alice, bob := uuid.NewString(), uuid.NewString()
	race := func(accounts ...string) []cart.Cart {
		guest := s.newCart(t)
		s.add(t, guest.ID, "moss-balm", 3)
		out := make([]cart.Cart, len(accounts))
		errs := make([]error, len(accounts))
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, a := range accounts {
			wg.Go(func() {
				<-start
				out[i], errs[i] = s.carts.Merge(ctx, a, guest.ID)
			})
		}
		close(start)
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
		_, err := s.carts.Get(ctx, "", guest.ID)
		apperrtest.Require(t, err, notFound)
		return out
	}
	for round := 1; round <= 3; round++ {
		race(alice, alice)
		require.Equal(t, []string{"moss-balm=" + string(rune('0'+3*round))}, s.quantities(s.accountCart(t, alice)),
			"round %d: each guest cart counted once", round)
	}

	carol := uuid.NewString()
	race(bob, carol)
	total := int32(0)
	for _, a := range []string{bob, carol} {
		total += s.accountCart(t, a).ItemCount
	}
	require.Equal(t, int32(3), total, "the guest cart went to one of them")
}
