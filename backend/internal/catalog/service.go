package catalog

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Service is the catalogue's business logic over its tables.
type Service struct {
	pool  *pgxpool.Pool
	cache *readCache
	// countCap bounds how many matches a list counts (CountCap; tests lower it).
	countCap int
}

// NewService returns a catalogue service; cacheTTL bounds the staleness of public reads (0 turns
// caching off).
func NewService(pool *pgxpool.Pool, cacheTTL time.Duration) *Service {
	return &Service{pool: pool, cache: newReadCache(cacheTTL), countCap: CountCap}
}

// CacheTTL is how stale a public read may be; 0 when caching is off.
func (s *Service) CacheTTL() time.Duration { return s.cache.ttl }

// Generation changes whenever this process writes to the catalogue: anything cached from the
// catalogue's reads under an older generation is out of date.
func (s *Service) Generation() uint64 { return s.cache.generation.Load() }

// List returns one page of visible products matching q.
func (s *Service) List(ctx context.Context, q ListQuery) (ListPage, error) {
	q, err := q.Normalize()
	if err != nil {
		return ListPage{}, err
	}
	return cached(ctx, s.cache, listKey(q), func(ctx context.Context) (ListPage, error) {
		var page ListPage
		// A page is only shown: one snapshot is all it needs (the count, the price ceiling and the
		// rows agree), not SERIALIZABLE's bookkeeping (issue 17). Checkout checks stock again.
		err := db.WithSnapshotTx(ctx, s.pool, func(tx pgx.Tx) error {
			q := q // a correction below applies to this attempt only
			total, highest, err := countProducts(ctx, tx, q, s.countCap)
			if err != nil {
				return err
			}
			if total == 0 && len(q.words) > 0 {
				if q, total, err = s.corrected(ctx, tx, q); err != nil {
					return err
				}
			}
			capped := total > s.countCap
			total = min(total, s.countCap)
			products := []Product{}
			next := ""
			if total > 0 {
				if products, err = listProducts(ctx, tx, q); err != nil {
					return err
				}
				// listProducts read one more than a page when there is more.
				if limit := q.limit(); len(products) > limit {
					products = products[:limit]
					next = cursorAfter(q, products[limit-1])
				}
			}
			page = ListPage{Products: products, Total: total, TotalCapped: capped, Page: q.Page, PageSize: q.PageSize,
				TotalPages: totalPages(total, q.PageSize), PriceCeiling: priceCeiling(highest), NextPageToken: next}
			return nil
		})
		if err != nil {
			return ListPage{}, fmt.Errorf("catalog.List: %w", err)
		}
		return page, nil
	})
}

// corrected retries a search that matched nothing with its words corrected against the
// vocabulary (search.go): "seurm" finds serums. It returns q unchanged when no word has a close
// enough neighbour or the corrected search matches nothing either.
func (s *Service) corrected(ctx context.Context, tx pgx.Tx, q ListQuery) (ListQuery, int, error) {
	words, changed, err := correctWords(ctx, tx, q.words)
	if err != nil || !changed {
		return q, 0, err
	}
	fixed := q
	fixed.words = words
	total, _, err := countProducts(ctx, tx, fixed, s.countCap)
	if err != nil || total == 0 {
		return q, 0, err
	}
	return fixed, total, nil
}

// listKey identifies a normalised query in the read cache.
func listKey(q ListQuery) string {
	var b strings.Builder
	b.WriteString("list|")
	b.WriteString(string(q.Sort))
	fmt.Fprintf(&b, "|%d|%d|", q.Page, q.PageSize)
	for _, p := range []*int64{q.MinPrice, q.MaxPrice} {
		if p != nil {
			b.WriteString(strconv.FormatInt(*p, 10))
		}
		b.WriteByte('|')
	}
	b.WriteString(strconv.Quote(q.Search))
	for _, c := range q.Categories {
		b.WriteString("|" + strconv.Quote(c))
	}
	b.WriteString("|" + q.PageToken)
	// A summary and the whole product are different answers to the same selection.
	fmt.Fprintf(&b, "|view%d", q.View)
	return b.String()
}

// keyPattern is what an id or slug may look like; anything else cannot name a product.
var keyPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,100}$`)

// Get returns a visible product by id or slug; hidden and unknown products are not found.
func (s *Service) Get(ctx context.Context, key string) (Product, error) {
	if !keyPattern.MatchString(key) {
		return Product{}, apperr.Invalid("id", "invalid_product_id", "product id must be a UUID or slug")
	}
	return cached(ctx, s.cache, "get|"+key, func(ctx context.Context) (Product, error) {
		p, err := productByKey(ctx, s.pool, key)
		if err != nil {
			return Product{}, fmt.Errorf("catalog.Get: %w", err)
		}
		if p == nil {
			return Product{}, apperr.NotFound("product_not_found", "product not found")
		}
		return *p, nil
	})
}

// Related returns up to four other visible products, as summaries (ViewBasic): the same category
// first, then random ones.
func (s *Service) Related(ctx context.Context, key string) ([]Product, error) {
	p, err := s.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	return cached(ctx, s.cache, "related|"+p.ID, func(ctx context.Context) ([]Product, error) {
		ps, err := relatedProducts(ctx, s.pool, p)
		if err != nil {
			return nil, fmt.Errorf("catalog.Related: %w", err)
		}
		return ps, nil
	})
}

// Featured returns products to feature on the home pages, carrying view of each (unspecified
// means ViewBasic).
func (s *Service) Featured(ctx context.Context, mode FeaturedMode, view View) ([]Product, error) {
	var load func(context.Context, queryer, View) ([]Product, error)
	switch mode {
	case "", FeaturedRandom:
		mode, load = FeaturedRandom, randomFeatured
	case FeaturedTopPrice:
		load = mostExpensive
	default:
		return nil, apperr.Invalid("mode", "unknown_featured_mode", "mode must be random or top_price")
	}
	if view = view.orBasic(); view != ViewBasic && view != ViewFull {
		return nil, apperr.Invalid("view", "unknown_view", "view must be PRODUCT_VIEW_BASIC or PRODUCT_VIEW_FULL")
	}
	key := fmt.Sprintf("featured|%s|view%d", mode, view)
	return cached(ctx, s.cache, key, func(ctx context.Context) ([]Product, error) {
		ps, err := load(ctx, s.pool, view)
		if err != nil {
			return nil, fmt.Errorf("catalog.Featured: %w", err)
		}
		return ps, nil
	})
}

// Categories lists the categories of visible products, alphabetically.
func (s *Service) Categories(ctx context.Context) ([]CategoryCount, error) {
	return cached(ctx, s.cache, "categories", func(ctx context.Context) ([]CategoryCount, error) {
		cs, err := categoryCounts(ctx, s.pool)
		if err != nil {
			return nil, fmt.Errorf("catalog.Categories: %w", err)
		}
		return cs, nil
	})
}

// ProductInput is a whole product to save (the seed and, later, the back office).
type ProductInput struct {
	Slug        string
	Name        string
	Description string
	Price       *int64 // pence; nil for a draft without a price
	SKU         string
	Stock       int32
	Active      bool
	Published   bool
	Featured    bool
	Attributes  []Attribute
	CreatedAt   time.Time // zero means now
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (in ProductInput) normalize() (ProductInput, error) {
	in.Slug = strings.TrimSpace(in.Slug)
	in.Name = strings.TrimSpace(in.Name)
	in.Description = strings.TrimSpace(in.Description)
	in.SKU = strings.TrimSpace(in.SKU)
	in.Attributes = NormalizeAttributes(in.Attributes)
	switch {
	case !slugPattern.MatchString(in.Slug) || len(in.Slug) > 100:
		return in, apperr.Invalid("slug", "invalid_slug", "slug must be lower-case words joined by hyphens")
	case in.Price != nil && *in.Price < 0:
		return in, apperr.Invalid("price", "negative_price", "price must not be negative")
	case in.Stock < 0:
		return in, apperr.Invalid("stock", "negative_stock", "stock must not be negative")
	}
	return in, nil
}

// SaveProduct creates the product with in.Slug or replaces it whole, returning its id and how many
// images it already has.
func (s *Service) SaveProduct(ctx context.Context, in ProductInput) (id string, images int, err error) {
	in, err = in.normalize()
	if err != nil {
		return "", 0, err
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if id, err = upsertProduct(ctx, tx, in); err != nil {
			if db.IsUniqueViolation(err) {
				return apperr.Conflict("sku_taken", "another product already has SKU %q", in.SKU)
			}
			return err
		}
		images, err = countImages(ctx, tx, id)
		return err
	})
	if err != nil {
		return "", 0, fmt.Errorf("catalog.SaveProduct: %s: %w", in.Slug, err)
	}
	s.cache.clear()
	return id, images, nil
}

// NewImage is an image whose renditions are already stored.
type NewImage struct {
	ID       string // chosen by the caller, since rendition keys contain it
	Alt      string
	Variants []Variant
}

// AddImages appends images to a product, keeping exactly one primary image.
func (s *Service) AddImages(ctx context.Context, productID string, images []NewImage) error {
	for _, img := range images {
		if len(img.Variants) == 0 {
			return apperr.Invalid("images", "image_without_variants", "image %s has no stored renditions", img.ID)
		}
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return insertImages(ctx, tx, productID, images) })
	if err != nil {
		return fmt.Errorf("catalog.AddImages: %w", err)
	}
	s.cache.clear()
	return nil
}

// ProductBySlug finds the product with slug, archived or not, and how many images it has; found
// is false when there is none. The demo seed asks before it writes, so that it never overwrites
// what an admin changed.
func (s *Service) ProductBySlug(ctx context.Context, slug string) (id string, images int, found bool, err error) {
	err = db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if id, found, err = productIDBySlug(ctx, tx, slug); err != nil || !found {
			return err
		}
		images, err = countImages(ctx, tx, id)
		return err
	})
	if err != nil {
		return "", 0, false, fmt.Errorf("catalog.ProductBySlug: %w", err)
	}
	return id, images, found, nil
}
