package catalog

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
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
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 || q.Page > maxAdminPage {
		return q, apperr.Invalid("page", "invalid_page", "page must be 1 to %d", maxAdminPage)
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultAdminPageSize
	}
	if q.PageSize < 1 || q.PageSize > MaxAdminPageSize {
		return q, apperr.Invalid("page_size", "invalid_page_size", "page_size must be 1 to %d", MaxAdminPageSize)
	}
	return q, nil
}

// AdminPage is one page of the admin list with the size of the whole result.
type AdminPage struct {
	Products   []AdminProduct
	Total      int
	Page       int
	PageSize   int
	TotalPages int
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
		return err
	})
	if err != nil {
		return AdminPage{}, fmt.Errorf("catalog.List: %w", err)
	}
	page.TotalPages = totalPages(page.Total, q.PageSize)
	return page, nil
}
