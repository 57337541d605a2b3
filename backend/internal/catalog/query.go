package catalog

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
)

// Sort is a public sort order.
type Sort string

// The sort orders shoppers can choose.
const (
	SortNewest    Sort = "newest"
	SortPriceAsc  Sort = "price_asc"
	SortPriceDesc Sort = "price_desc"
	SortNameAsc   Sort = "name_asc"
	SortNameDesc  Sort = "name_desc"
	// SortRelevance ranks by how well a product matches the search (search.go): the default
	// when a search is given. Without one there is nothing to rank by, and it is SortNewest.
	SortRelevance Sort = "relevance"
)

// Page sizes: 0 asks for DefaultPageSize; AllPageSize asks for every match (the API spells it 0,
// which Go would confuse with "not given"), MaxAllPageSize at a time: one request never renders an
// unbounded catalogue, and the answer's TotalPages says when there are more such pages.
const (
	DefaultPageSize = 6
	AllPageSize     = -1
	MaxAllPageSize  = 1000
	// CountCap is how many matches a list counts: beyond it, the answer says "more than CountCap"
	// (ListPage.TotalCapped) rather than paying for a count over the whole catalogue.
	CountCap      = 10_000
	MaxSearchLen  = 200
	MaxCategories = 20
)

var pageSizes = map[int]bool{AllPageSize: true, 6: true, 12: true, 24: true, 48: true}

// ListQuery selects a page of visible products.
type ListQuery struct {
	Search     string
	Categories []string
	MinPrice   *int64 // pence, inclusive
	MaxPrice   *int64 // pence, inclusive
	Sort       Sort
	Page       int // 1-based
	PageSize   int // 0 = default, AllPageSize = all
	// PageToken is a previous page's NextPageToken (not with Page): keyset paging for partners.
	PageToken string
	// View is how much of each product the page carries; unspecified means ViewBasic.
	View View

	after *listCursor // PageToken decoded, by Normalize
	// words are Search's words (search.go), set by Normalize; typo correction may replace them.
	words []string
}

// Normalize applies defaults and checks every rule, so the service works only on valid queries
// whichever transport decoded them.
func (q ListQuery) Normalize() (ListQuery, error) {
	q.Search = strings.TrimSpace(q.Search)
	if utf8.RuneCountInString(q.Search) > MaxSearchLen {
		return q, apperr.Invalid("search", "search_too_long", "search must be at most %d characters", MaxSearchLen)
	}
	if len(q.Categories) > MaxCategories {
		return q, apperr.Invalid("category", "too_many_categories", "at most %d categories may be given", MaxCategories)
	}
	cats := make([]string, 0, len(q.Categories))
	for _, c := range q.Categories {
		if c = strings.TrimSpace(c); c != "" {
			cats = append(cats, c)
		}
	}
	q.Categories = cats
	if q.MinPrice != nil && *q.MinPrice < 0 {
		return q, apperr.Invalid("min_price", "negative_price", "min_price must not be negative")
	}
	if q.MaxPrice != nil && *q.MaxPrice < 0 {
		return q, apperr.Invalid("max_price", "negative_price", "max_price must not be negative")
	}
	if q.MinPrice != nil && q.MaxPrice != nil && *q.MinPrice > *q.MaxPrice {
		return q, apperr.Invalid("min_price", "price_range_inverted", "min_price must not be greater than max_price")
	}
	q.words = searchWords(q.Search)
	if q.Sort == "" && q.Search != "" {
		q.Sort = SortRelevance
	}
	if q.Sort == "" || (q.Sort == SortRelevance && q.Search == "") {
		q.Sort = SortNewest
	}
	if _, ok := orderBy[q.Sort]; !ok {
		return q, apperr.Invalid("sort", "unknown_sort", "sort must be one of relevance, newest, price_asc, price_desc, name_asc, name_desc")
	}
	if q.PageToken != "" {
		if q.Page != 0 {
			return q, pagetoken.WithPage()
		}
		after, err := decodeCursor(q, q.PageToken)
		if err != nil {
			return q, err
		}
		q.after = after
	} else if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 && q.after == nil {
		return q, apperr.Invalid("page", "invalid_page", "page must be 1 or more")
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	if q.View = q.View.orBasic(); q.View != ViewBasic && q.View != ViewFull {
		return q, apperr.Invalid("view", "unknown_view", "view must be PRODUCT_VIEW_BASIC or PRODUCT_VIEW_FULL")
	}
	if !pageSizes[q.PageSize] {
		return q, apperr.Invalid("page_size", "invalid_page_size", "page_size must be 6, 12, 24, 48 or 0 (all)")
	}
	return q, nil
}

// ListPage is one page of the listing.
type ListPage struct {
	Products []Product
	// Total is how many products match, up to CountCap; TotalCapped says there are more.
	Total        int
	TotalCapped  bool
	Page         int
	PageSize     int
	TotalPages   int
	PriceCeiling money.Money
	// NextPageToken names the page after this one (for ListQuery.PageToken); empty on the last.
	NextPageToken string
}

// Price-slider ceiling: the highest visible price rounded up to the next £100, or £500 when the
// shop shows nothing.
const (
	ceilingStep    = 100_00
	defaultCeiling = 500_00
)

func priceCeiling(highest *int64) money.Money {
	if highest == nil {
		return money.GBP(defaultCeiling)
	}
	c := money.GBP(*highest).RoundUpTo(ceilingStep)
	if c.Minor < ceilingStep {
		c.Minor = ceilingStep
	}
	return c
}

// limit is how many products one page of q holds.
func (q ListQuery) limit() int {
	if q.PageSize == AllPageSize {
		return MaxAllPageSize
	}
	return q.PageSize
}

// offset is how many matches come before q's page: those of the pages before a numbered page;
// none after a keyset cursor (its condition skips them); the cursor's own count for relevance.
func (q ListQuery) offset() int {
	switch {
	case q.after == nil:
		return (q.Page - 1) * q.limit()
	case q.Sort == SortRelevance:
		n, _ := strconv.Atoi(q.after.Key) // checked by decodeCursor
		return n
	default:
		return 0
	}
}

func totalPages(total, size int) int {
	if size == AllPageSize {
		size = MaxAllPageSize
	}
	if total == 0 {
		return 1
	}
	return (total + size - 1) / size
}

// FeaturedMode chooses how products are featured.
type FeaturedMode string

// Featured modes: three random products with images, or the five most expensive.
const (
	FeaturedRandom   FeaturedMode = "random"
	FeaturedTopPrice FeaturedMode = "top_price"
)

// How many products each feature shows.
const (
	randomFeaturedCount = 3
	topPriceCount       = 5
	relatedCount        = 4
)
