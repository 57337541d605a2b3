package catalog

import (
	"strconv"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
)

// listCursor is where a page named by a page token starts: after the product with this id and
// this sort key (its created_at, price or name, as the sort orders by; a name is compared as
// lower(name) in SQL, so that the database's lower-casing and the order's agree). Keyset paging,
// unlike an offset, neither skips nor repeats a product when products are added or removed
// between pages, and costs the same on the thousandth page as on the first.
type listCursor struct {
	Sort  Sort   `json:"s"`
	Query string `json:"q"` // fingerprint of the filters and search the token was made for
	Key   string `json:"k"`
	ID    string `json:"i"`
}

// fingerprint identifies what a query selects (not which page), so a token is refused with other
// filters: a page after a product of another selection means nothing.
func (q ListQuery) fingerprint() string {
	parts := []string{strconv.Quote(q.Search)}
	for _, c := range q.Categories {
		parts = append(parts, strconv.Quote(c))
	}
	for _, p := range []*int64{q.MinPrice, q.MaxPrice} {
		if p == nil {
			parts = append(parts, "")
		} else {
			parts = append(parts, strconv.FormatInt(*p, 10))
		}
	}
	return pagetoken.Fingerprint(parts...)
}

// cursorAfter is the token of the page after p in q's order. By relevance the token holds the
// next page's offset instead: ranks are computed per query, in floating point, so they make a
// poor key to seek to, and a relevance walk, unlike a keyset one, can skip or repeat a product
// that changes between pages. Partners walking the catalogue choose a sort with a key.
func cursorAfter(q ListQuery, p Product) string {
	c := listCursor{Sort: q.Sort, Query: q.fingerprint(), ID: p.ID}
	switch q.Sort {
	case SortRelevance:
		c.Key = strconv.Itoa(q.offset() + q.limit())
	case SortPriceAsc, SortPriceDesc:
		c.Key = strconv.FormatInt(p.Price.Minor, 10)
	case SortNameAsc, SortNameDesc:
		c.Key = p.Name
	default:
		c.Key = p.CreatedAt.UTC().Format(time.RFC3339Nano)
	}
	return pagetoken.Encode(c)
}

// decodeCursor reads a token and checks it belongs to q (already normalised but for the token).
func decodeCursor(q ListQuery, token string) (*listCursor, error) {
	var c listCursor
	if err := pagetoken.Decode(token, &c); err != nil {
		return nil, err
	}
	if c.Sort != q.Sort || c.Query != q.fingerprint() {
		return nil, pagetoken.Invalid()
	}
	if _, ok := db.CanonicalID(c.ID); !ok {
		return nil, pagetoken.Invalid()
	}
	switch c.Sort {
	case SortRelevance:
		if n, err := strconv.Atoi(c.Key); err != nil || n < 0 {
			return nil, pagetoken.Invalid()
		}
	case SortPriceAsc, SortPriceDesc:
		if _, err := strconv.ParseInt(c.Key, 10, 64); err != nil {
			return nil, pagetoken.Invalid()
		}
	case SortNameAsc, SortNameDesc:
	default:
		if _, err := time.Parse(time.RFC3339Nano, c.Key); err != nil {
			return nil, pagetoken.Invalid()
		}
	}
	return &c, nil
}
