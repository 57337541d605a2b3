package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
	"github.com/jackc/pgx/v5"
)

// StatusFilter narrows the admin list by status.
type StatusFilter int

// Status filters. Every one but StatusArchived leaves archived products out.
const (
	StatusAny StatusFilter = iota
	StatusActive
	StatusInactive
	StatusPublished
	StatusUnpublished
	StatusArchived
)

// Admin list page sizes.
const (
	DefaultAdminPageSize = 20
	MaxAdminPageSize     = 100
	maxAdminPage         = 100000
)

// AdminQuery selects a page of the admin product list.
type AdminQuery struct {
	Search     string // in the name, sku or description, case-insensitive
	Category   string
	Status     StatusFilter
	Stock      StockStatus // 0: any
	Sort       string      // one of AdminSorts; "" is newest first
	Descending bool
	Page       int // 1-based; 0 is 1
	PageSize   int // 0 is DefaultAdminPageSize
	// PageToken is a previous page's NextPageToken (not with Page): keyset paging for partners.
	PageToken string

	after *adminCursor // PageToken decoded, by Normalize
}

// adminCursor is where a page named by a page token starts: after the product with these values
// of the sort's terms (adminTerms, the id last), in the list the fingerprint names.
type adminCursor struct {
	Sort       string    `json:"s"`
	Descending bool      `json:"d"`
	Query      string    `json:"q"`
	Keys       []*string `json:"k"`
}

// fingerprint identifies what q selects (not which page or in which order).
func (q AdminQuery) fingerprint() string {
	return pagetoken.Fingerprint("admin_products", strconv.Quote(q.Search), strconv.Quote(q.Category),
		strconv.Itoa(int(q.Status)), strconv.Itoa(int(q.Stock)))
}

// adminCursorAfter is the token of the page after p in q's order.
func adminCursorAfter(q AdminQuery, p AdminProduct) string {
	return pagetoken.Encode(adminCursor{Sort: q.Sort, Descending: q.Descending, Query: q.fingerprint(), Keys: adminKeys(q, p)})
}

// decodeAdminCursor reads a token and checks it belongs to q (already normalised but for the token).
func decodeAdminCursor(q AdminQuery) (*adminCursor, error) {
	var c adminCursor
	if err := pagetoken.Decode(q.PageToken, &c); err != nil {
		return nil, err
	}
	if c.Sort != q.Sort || c.Descending != q.Descending || c.Query != q.fingerprint() || !db.ValidKeys(adminTerms(q), c.Keys) {
		return nil, pagetoken.Invalid()
	}
	return &c, nil
}

// Normalize applies defaults and checks every rule.
func (q AdminQuery) Normalize() (AdminQuery, error) {
	q.Search = strings.TrimSpace(q.Search)
	q.Category = strings.TrimSpace(q.Category)
	switch {
	case utf8.RuneCountInString(q.Search) > MaxSearchLen:
		return q, apperr.Invalid("search", "search_too_long", "search must be at most %d characters", MaxSearchLen)
	case q.Status < StatusAny || q.Status > StatusArchived:
		return q, apperr.Invalid("status", "unknown_status", "unknown status filter")
	case q.Stock < 0 || q.Stock > OutOfStock:
		return q, apperr.Invalid("stock_level", "unknown_stock_level", "unknown stock level")
	}
	if q.Sort == "" {
		q.Sort, q.Descending = "created_at", !q.Descending
	}
	if _, ok := adminOrderBy[q.Sort]; !ok {
		return q, apperr.Invalid("sort", "unknown_sort", "sort must be one of name, sku, category, price, stock, status, created_at, updated_at")
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultAdminPageSize
	}
	if q.PageSize < 1 || q.PageSize > MaxAdminPageSize {
		return q, apperr.Invalid("page_size", "invalid_page_size", "page_size must be 1 to %d", MaxAdminPageSize)
	}
	if q.PageToken != "" {
		if q.Page != 0 {
			return q, pagetoken.WithPage()
		}
		after, err := decodeAdminCursor(q)
		if err != nil {
			return q, err
		}
		q.after = after
		return q, nil
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 || q.Page > maxAdminPage {
		return q, apperr.Invalid("page", "invalid_page", "page must be 1 to %d", maxAdminPage)
	}
	return q, nil
}

// AdminPage is one page of the admin list with the size of the whole result.
type AdminPage struct {
	Products   []AdminProduct
	Total      int
	Page       int // 0 for a page named by a token
	PageSize   int
	TotalPages int
	// NextPageToken names the page after this one (for AdminQuery.PageToken); empty on the last.
	NextPageToken string
}

// List returns one page of every product (whatever its status) matching q.
func (a *Admin) List(ctx context.Context, q AdminQuery) (AdminPage, error) {
	q, err := q.Normalize()
	if err != nil {
		return AdminPage{}, err
	}
	page := AdminPage{Products: []AdminProduct{}, Page: q.Page, PageSize: q.PageSize}
	err = db.WithReadTx(ctx, a.shop.pool, func(tx pgx.Tx) error {
		where, args := adminFilter(q)
		if page.Total, err = countAdminProducts(ctx, tx, where, args); err != nil {
			return err
		}
		if page.Total == 0 {
			return nil
		}
		page.Products, err = listAdminProducts(ctx, tx, where, args, q)
		// listAdminProducts read one more than a page when there is more.
		if len(page.Products) > q.PageSize {
			page.Products = page.Products[:q.PageSize]
			page.NextPageToken = adminCursorAfter(q, page.Products[q.PageSize-1])
		}
		return err
	})
	if err != nil {
		return AdminPage{}, fmt.Errorf("catalog.List: %w", err)
	}
	page.TotalPages = totalPages(page.Total, q.PageSize)
	return page, nil
}
