// Package wishlist owns signed-in customers' wishlists: which products an account has saved, and
// when. It stores only those choices; the products themselves are read from the catalogue each
// time, so a wishlist always shows today's price and stock, and a product that is taken off sale
// drops out of view (its row is kept, so it returns if the product does). Guests keep their
// wishlist in the browser; the storefront hands it to Merge when they sign in.
package wishlist

import (
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
)

// MaxItems is the most products a wishlist holds, as in the API contract. It bounds every read
// (one page, no paging) and counts only the products the customer can see: a product hidden
// from the shop must not take a place they cannot free.
const MaxItems = 200

// Wishlist is a customer's saved products as the catalogue shows them now.
type Wishlist struct {
	Items []Item // newest first; products that are not visible are left out
}

// Item is one saved product.
type Item struct {
	Product catalog.Product
	AddedAt time.Time
}

// stored is a saved row before the catalogue has been consulted.
type stored struct {
	productID string
	addedAt   time.Time
}

// assemble joins stored rows (newest first) with the visible products among them, keeping at
// most MaxItems: hidden products that come back on sale could otherwise lift a full wishlist
// past the limit, and a read never answers more than the contract promises.
func assemble(rows []stored, products map[string]catalog.Product) Wishlist {
	w := Wishlist{Items: []Item{}}
	for _, r := range rows {
		if len(w.Items) == MaxItems {
			break
		}
		if p, ok := products[r.productID]; ok {
			w.Items = append(w.Items, Item{Product: p, AddedAt: r.addedAt})
		}
	}
	return w
}
