package catalog

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
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

func errBadPageToken() error {
	return apperr.Invalid("page_token", "invalid_page_token",
		"page_token is not one this API returned for this search, filters and sort")
}

// fingerprint identifies what a query selects (not which page), so a token is refused with other
// filters: a page after a product of another selection means nothing.
func (q ListQuery) fingerprint() string {
	var b strings.Builder
	b.WriteString(strconv.Quote(q.Search))
	for _, c := range q.Categories {
		b.WriteString("|" + strconv.Quote(c))
	}
	for _, p := range []*int64{q.MinPrice, q.MaxPrice} {
		b.WriteByte('|')
		if p != nil {
			b.WriteString(strconv.FormatInt(*p, 10))
		}
	}
	sum := sha256.Sum256([]byte(b.String()))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

// cursorAfter is the token of the page after p in q's order.
func cursorAfter(q ListQuery, p Product) string {
	c := listCursor{Sort: q.Sort, Query: q.fingerprint(), ID: p.ID}
	switch q.Sort {
	case SortPriceAsc, SortPriceDesc:
		c.Key = strconv.FormatInt(p.Price.Minor, 10)
	case SortNameAsc, SortNameDesc:
		c.Key = p.Name
	default:
		c.Key = p.CreatedAt.UTC().Format(time.RFC3339Nano)
	}
	raw, _ := json.Marshal(c) //nolint:errchkjson // strings only: it cannot fail
	return base64.RawURLEncoding.EncodeToString(raw)
}

// decodeCursor reads a token and checks it belongs to q (already normalised but for the token).
func decodeCursor(q ListQuery, token string) (*listCursor, error) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return nil, errBadPageToken()
	}
	var c listCursor
	if json.Unmarshal(raw, &c) != nil || c.Sort != q.Sort || c.Query != q.fingerprint() {
		return nil, errBadPageToken()
	}
	if _, ok := db.CanonicalID(c.ID); !ok {
		return nil, errBadPageToken()
	}
	switch c.Sort {
	case SortPriceAsc, SortPriceDesc:
		if _, err := strconv.ParseInt(c.Key, 10, 64); err != nil {
			return nil, errBadPageToken()
		}
	case SortNameAsc, SortNameDesc:
	default:
		if _, err := time.Parse(time.RFC3339Nano, c.Key); err != nil {
			return nil, errBadPageToken()
		}
	}
	return &c, nil
}
