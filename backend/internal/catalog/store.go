package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/tidwall/gjson"
)

// visible is the rule of PRODUCT §1: not explicitly inactive or unpublished, named and priced.
// The partial indexes of migration 0016 repeat it word for word so the planner can use them;
// an archived product has left the shop.
const visible = `p.is_active AND p.published AND p.archived_at IS NULL AND p.name <> '' AND p.price_minor IS NOT NULL`

// rowColumns are a product's own columns, in the order selectProducts scans them.
const rowColumns = `p.id::text, p.slug, p.name, p.description, p.price_minor, p.currency_code,
	COALESCE(p.sku, ''), p.stock_quantity, p.featured, p.created_at`

// pageColumns are the columns of products that rowColumns and the sorts (but relevance) read.
const pageColumns = `p.id, p.slug, p.name, p.description, p.price_minor, p.currency_code, p.sku, p.stock_quantity,
	p.featured, p.created_at`

// Each product read brings its attributes and ready images in the same statement, as JSON in
// correlated subqueries (which CockroachDB runs too): one round trip instead of three or four, and
// one snapshot. They run for the rows a query keeps only: PostgreSQL evaluates such columns after
// ORDER BY … LIMIT, and a listing picks its page in a subquery first (listProducts). Shoppers
// never see an image still processing.
const (
	attributesColumn = `(SELECT json_agg(json_build_object('name', a.name, 'value', a.value) ORDER BY a.position)
		FROM product_attributes a WHERE a.product_id = p.id%s)`
	imageObject = `json_build_object('id', i.id, 'alt', i.alt, 'primary', i.is_primary, 'variants', i.variants)`
	readyImages = `FROM product_images i WHERE i.product_id = p.id AND i.state = 'ready'`
)

// productColumns read a product whole (ViewFull): every attribute and every ready image. The image
// count is those it read.
var productColumns = rowColumns + `,
	` + fmt.Sprintf(attributesColumn, ``) + `,
	(SELECT json_agg(` + imageObject + ` ORDER BY i.position) ` + readyImages + `),
	NULL::int`

// summaryColumns read a product as a summary (ViewBasic): no SKU; of the description only what
// ShortenDescription needs to decide where to cut (one character past the limit says whether
// there is more, and whether the limit falls between two words); only SummaryAttributes; only the
// first image (the primary one, else the first by position), with the count of all.
var summaryColumns = strings.NewReplacer(
	"p.description", "left(p.description, "+strconv.Itoa(SummaryDescriptionLen+1)+")",
	"COALESCE(p.sku, '')", "''",
).Replace(rowColumns) + `,
	` + fmt.Sprintf(attributesColumn, ` AND a.name = ANY(@summary_attributes::text[])`) + `,
	(SELECT json_build_array(` + imageObject + `) ` + readyImages + ` ORDER BY i.is_primary DESC, i.position LIMIT 1),
	(SELECT count(*)::int ` + readyImages + `)`

// viewColumns are the product columns a view reads.
func viewColumns(v View) string {
	if v.orBasic() == ViewBasic {
		return summaryColumns
	}
	return productColumns
}

// orderBy is the allow-list of ORDER BY clauses; ids break ties so paging is stable.
var orderBy = map[Sort]string{
	SortNewest:    `p.created_at DESC, p.id DESC`,
	SortPriceAsc:  `p.price_minor ASC, p.id ASC`,
	SortPriceDesc: `p.price_minor DESC, p.id DESC`,
	SortNameAsc:   `lower(p.name) ASC, p.id ASC`,
	SortNameDesc:  `lower(p.name) DESC, p.id DESC`,
	// Ties (equal ranks) newest first, as the listing without a search.
	SortRelevance: searchRank + ` DESC, p.created_at DESC, p.id DESC`,
}

// queryer is what the store needs of a pool or a transaction.
type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// listFilter builds the WHERE clause of a listing. Only constant fragments from this function
// are joined; every value travels as a named bind parameter.
func listFilter(q ListQuery) (string, pgx.NamedArgs) {
	conds := []string{visible}
	args := pgx.NamedArgs{}
	switch {
	case len(q.words) > 0:
		// The partial GIN index products_visible_search serves this with visible.
		conds = append(conds, `p.search_document @@ to_tsquery('english', @search_query)`)
		args["search_query"] = tsqueryText(q.words)
	case q.Search != "":
		// Text without a word (punctuation only) matches nothing, rather than everything.
		conds = append(conds, `false`)
	}
	if len(q.Categories) > 0 {
		conds = append(conds, `EXISTS (SELECT 1 FROM product_attributes a
			WHERE a.product_id = p.id AND a.name = 'category' AND a.value = ANY(@categories))`)
		args["categories"] = q.Categories
	}
	if q.MinPrice != nil {
		conds = append(conds, `p.price_minor >= @min_price`)
		args["min_price"] = *q.MinPrice
	}
	if q.MaxPrice != nil {
		conds = append(conds, `p.price_minor <= @max_price`)
		args["max_price"] = *q.MaxPrice
	}
	return strings.Join(conds, " AND "), args
}

// escapeLike makes user text match literally inside an ILIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// countProducts counts the products matching q, but stops at limit+1: beyond limit the answer says
// "more than limit", and counting a 100 000-product catalogue for every page costs a scan of it.
// The same statement reads the highest visible price, the price filter's ceiling, which every
// page shows: one round trip for both.
func countProducts(ctx context.Context, db queryer, q ListQuery, limit int) (n int, highest *int64, err error) {
	where, args := listFilter(q)
	args["count_limit"] = limit + 1
	err = db.QueryRow(ctx, `SELECT (SELECT count(*) FROM (SELECT 1 FROM products p WHERE `+where+` LIMIT @count_limit) matches),
		(SELECT max(p.price_minor) FROM products p WHERE `+visible+`)`, args).Scan(&n, &highest)
	return n, highest, err
}

// keysetAfter is the condition of a page that starts after a cursor's product, per sort: the
// row comparison the sort's ORDER BY (orderBy) walks, so an index on it serves both.
var keysetAfter = map[Sort]string{
	SortNewest:    `(p.created_at, p.id) < (@after_key::timestamptz, @after_id::uuid)`,
	SortPriceAsc:  `(p.price_minor, p.id) > (@after_key::bigint, @after_id::uuid)`,
	SortPriceDesc: `(p.price_minor, p.id) < (@after_key::bigint, @after_id::uuid)`,
	SortNameAsc:   `(lower(p.name), p.id) > (lower(@after_key::text), @after_id::uuid)`,
	SortNameDesc:  `(lower(p.name), p.id) < (lower(@after_key::text), @after_id::uuid)`,
}

// listProducts reads one page of q, and one product more when there is one (so the caller knows
// whether a next page exists): at an offset for numbered pages, after q's cursor for a page token.
// A relevance page token holds an offset (cursor.go): a rank is no key to seek to.
func listProducts(ctx context.Context, db queryer, q ListQuery) ([]Product, error) {
	where, args := listFilter(q)
	limit := q.limit()
	offset := q.offset()
	if q.after != nil && q.Sort != SortRelevance {
		where += ` AND ` + keysetAfter[q.Sort]
		args["after_key"], args["after_id"] = q.after.Key, q.after.ID
	}
	args["limit"] = limit + 1
	args["offset"] = offset
	// The page is chosen first, then its products read whole: the attributes and images of the
	// rows an offset skips are never read. The outer ORDER BY keeps the page's order (a subquery's
	// is not promised to last).
	columns := pageColumns
	if q.Sort == SortRelevance {
		columns += `, p.search_name, p.search_brand, p.search_document`
	}
	return selectProducts(ctx, db, q.View, `SELECT `+viewColumns(q.View)+` FROM (SELECT `+columns+` FROM products p
		WHERE `+where+` ORDER BY `+orderBy[q.Sort]+` LIMIT @limit OFFSET @offset) p ORDER BY `+orderBy[q.Sort], args)
}

// productByKey finds a visible product by id (when key is a UUID) or slug.
func productByKey(ctx context.Context, q queryer, key string) (*Product, error) {
	cond, args := `p.slug = @slug`, pgx.NamedArgs{"slug": key}
	if _, ok := db.CanonicalID(key); ok {
		cond, args["id"] = `(p.id = @id::uuid OR p.slug = @slug)`, key
	}
	ps, err := selectProducts(ctx, q, ViewFull, `SELECT `+productColumns+` FROM products p WHERE `+visible+` AND `+cond, args)
	if err != nil || len(ps) == 0 {
		return nil, err
	}
	return &ps[0], nil
}

// VisibleProductsByID returns the visible products among ids, keyed by id, read in the caller's
// transaction: a cart checks stock and visibility in the same snapshot as its own write, so it
// must not go through the service's read cache. Hidden and unknown ids are simply absent.
func VisibleProductsByID(ctx context.Context, tx pgx.Tx, ids []string) (map[string]Product, error) {
	out := make(map[string]Product, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	ps, err := selectProducts(ctx, tx, ViewFull, `SELECT `+productColumns+` FROM products p
		WHERE `+visible+` AND p.id = ANY(@ids::uuid[])`, pgx.NamedArgs{"ids": ids})
	if err != nil {
		return nil, fmt.Errorf("catalog.VisibleProductsByID: %w", err)
	}
	for _, p := range ps {
		out[p.ID] = p
	}
	return out, nil
}

// relatedProducts are summaries (ViewBasic): the product page shows them as cards. Random ones,
// p's category first, then any others.
func relatedProducts(ctx context.Context, db queryer, p Product) ([]Product, error) {
	picked := randomPick(
		sampleTier{id: `a.product_id`, from: `FROM product_attributes a JOIN products p ON p.id = a.product_id
			WHERE a.name = 'category' AND a.value = @category AND a.product_id <> @id::uuid AND ` + visible},
		sampleTier{id: `p.id`, from: `FROM products p WHERE p.id <> @id::uuid AND ` + visible},
	)
	return selectProducts(ctx, db, ViewBasic, `SELECT `+summaryColumns+` FROM products p
		JOIN (`+picked+`) picked ON picked.id = p.id ORDER BY picked.tier, p.id`,
		pgx.NamedArgs{"id": p.ID, "category": p.Category(), "limit": relatedCount, "pivot": uuid.NewString()})
}

// randomFeatured are random products with a picture, featured ones first.
func randomFeatured(ctx context.Context, db queryer, v View) ([]Product, error) {
	const pictured = `EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id AND i.state = 'ready')`
	picked := randomPick(
		sampleTier{id: `p.id`, from: `FROM products p WHERE p.featured AND ` + pictured + ` AND ` + visible},
		sampleTier{id: `p.id`, from: `FROM products p WHERE ` + pictured + ` AND ` + visible},
	)
	return selectProducts(ctx, db, v, `SELECT `+viewColumns(v)+` FROM products p
		JOIN (`+picked+`) picked ON picked.id = p.id ORDER BY picked.tier, p.id`,
		pgx.NamedArgs{"limit": randomFeaturedCount, "pivot": uuid.NewString()})
}

// sampleTier is one tier of randomPick: id, an indexed product id column, and from, the FROM and
// WHERE clauses of the products it may pick.
type sampleTier struct{ id, from string }

// randomPick is a query of up to @limit product ids (id, with its tier) drawn at random, from each
// tier in turn until enough are found: from the random id @pivot upwards in index order, wrapping
// around to the lowest. The cost stays a few index steps at any catalogue size, where
// ORDER BY random() reads every candidate for each call. UUIDs are random, so the products next
// to a random one are a random few.
func randomPick(tiers ...sampleTier) string {
	parts := make([]string, 0, 2*len(tiers))
	for i, t := range tiers {
		for j, side := range []string{">=", "<"} {
			parts = append(parts, fmt.Sprintf(`(SELECT %[1]s AS id, %[2]d AS tier %[3]s AND %[1]s %[4]s @pivot::uuid
				ORDER BY %[1]s LIMIT @limit)`, t.id, 2*i+j, t.from, side))
		}
	}
	return `SELECT id, min(tier) AS tier FROM (` + strings.Join(parts, ` UNION ALL `) + `) candidates
		GROUP BY id ORDER BY min(tier), id LIMIT @limit`
}

func mostExpensive(ctx context.Context, db queryer, v View) ([]Product, error) {
	return selectProducts(ctx, db, v, `SELECT `+viewColumns(v)+` FROM products p
		WHERE `+visible+` ORDER BY p.price_minor DESC, p.id ASC LIMIT @limit`,
		pgx.NamedArgs{"limit": topPriceCount})
}

func categoryCounts(ctx context.Context, db queryer) ([]CategoryCount, error) {
	rows, err := db.Query(ctx, `SELECT a.value, count(DISTINCT p.id)::int
		FROM product_attributes a JOIN products p ON p.id = a.product_id
		WHERE a.name = 'category' AND `+visible+`
		GROUP BY a.value ORDER BY lower(a.value), a.value`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (CategoryCount, error) {
		var c CategoryCount
		err := r.Scan(&c.Name, &c.Count)
		return c, err
	})
}

// selectProducts runs a product query whose columns are viewColumns(view) (attributes and images
// included) and decodes its rows.
func selectProducts(ctx context.Context, db queryer, view View, sql string, args pgx.NamedArgs) ([]Product, error) {
	basic := view.orBasic() == ViewBasic
	if basic {
		args["summary_attributes"] = SummaryAttributes
	}
	rows, err := db.Query(ctx, sql, args)
	if err != nil {
		return nil, err
	}
	products, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Product, error) {
		var p Product
		var price int64
		var currency string
		var attributes, images []byte
		var imageCount *int32
		if err := r.Scan(&p.ID, &p.Slug, &p.Name, &p.Description, &price, &currency, &p.SKU, &p.Stock, &p.Featured,
			&p.CreatedAt, &attributes, &images, &imageCount); err != nil {
			return p, err
		}
		p.Price = money.Money{Minor: price, Currency: currency}
		decodeDetails(&p, attributes, images)
		p.ImageCount = int32(len(p.Images))
		if imageCount != nil {
			p.ImageCount = *imageCount
		}
		if basic {
			p = p.summarize()
		}
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	return products, nil
}

// decodeDetails sets p's attributes and images from their JSON columns (NULL when it has none).
// It walks them with gjson rather than decoding them by reflection with encoding/json, which cost
// about a sixth of the API's CPU on uncached lists: the JSON is PostgreSQL's own (json_agg of
// json_build_object), always valid and of one known shape.
func decodeDetails(p *Product, attributes, images []byte) {
	if attributes != nil {
		eachItem(gjson.ParseBytes(attributes), func(a gjson.Result) {
			var attr Attribute
			eachField(a, func(key string, v gjson.Result) {
				switch key {
				case "name":
					attr.Name = v.String()
				case "value":
					attr.Value = v.String()
				}
			})
			p.Attributes = append(p.Attributes, attr)
		})
	}
	if images != nil {
		eachItem(gjson.ParseBytes(images), func(i gjson.Result) { p.Images = append(p.Images, decodeImage(i)) })
	}
}

// decodeImage is one image of decodeDetails' JSON.
func decodeImage(i gjson.Result) Image {
	var img Image
	eachField(i, func(key string, v gjson.Result) {
		switch key {
		case "id":
			img.ID = v.String()
		case "alt":
			img.Alt = v.String()
		case "primary":
			img.Primary = v.Bool()
		case "variants":
			eachItem(v, func(v gjson.Result) { img.Variants = append(img.Variants, decodeVariant(v)) })
		}
	})
	return img
}

// decodeVariant is one rendition of decodeImage's JSON.
func decodeVariant(v gjson.Result) Variant {
	var vr Variant
	eachField(v, func(key string, f gjson.Result) {
		switch key {
		case "key":
			vr.Key = f.String()
		case "width":
			vr.Width = int32(f.Int())
		case "height":
			vr.Height = int32(f.Int())
		case "content_type":
			vr.ContentType = f.String()
		}
	})
	return vr
}

// eachItem calls fn with every element of a JSON array.
func eachItem(array gjson.Result, fn func(gjson.Result)) {
	array.ForEach(func(_, item gjson.Result) bool { fn(item); return true })
}

// eachField calls fn with every key and value of a JSON object.
func eachField(object gjson.Result, fn func(key string, v gjson.Result)) {
	object.ForEach(func(k, v gjson.Result) bool { fn(k.Str, v); return true })
}

// upsertProduct inserts or updates the product with in.Slug and replaces its attributes.
func upsertProduct(ctx context.Context, tx pgx.Tx, in ProductInput) (string, error) {
	created := in.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	var sku *string
	if in.SKU != "" {
		sku = &in.SKU
	}
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO products
		(slug, name, description, price_minor, currency_code, sku, stock_quantity, is_active, published, featured, created_at)
		VALUES (@slug, @name, @description, @price, @currency, @sku, @stock, @active, @published, @featured, @created)
		ON CONFLICT (slug) DO UPDATE SET
			name = excluded.name, description = excluded.description, price_minor = excluded.price_minor,
			currency_code = excluded.currency_code, sku = excluded.sku, stock_quantity = excluded.stock_quantity,
			is_active = excluded.is_active, published = excluded.published, featured = excluded.featured,
			created_at = excluded.created_at, version = products.version + 1, updated_at = now()
		RETURNING id::text`, pgx.NamedArgs{
		"slug": in.Slug, "name": in.Name, "description": in.Description, "price": in.Price,
		"currency": money.GBPCode, "sku": sku, "stock": in.Stock, "active": in.Active,
		"published": in.Published, "featured": in.Featured, "created": created,
	}).Scan(&id)
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM product_attributes WHERE product_id = @id::uuid`, pgx.NamedArgs{"id": id}); err != nil {
		return "", err
	}
	for i, a := range in.Attributes {
		if _, err := tx.Exec(ctx, `INSERT INTO product_attributes (product_id, position, name, value)
			VALUES (@id::uuid, @pos, @name, @value)`, pgx.NamedArgs{"id": id, "pos": i + 1, "name": a.Name, "value": a.Value}); err != nil {
			return "", err
		}
	}
	return id, refreshSearch(ctx, tx, id)
}

// productIDBySlug finds the id of the product with slug, archived or not.
func productIDBySlug(ctx context.Context, db queryer, slug string) (string, bool, error) {
	var id string
	err := db.QueryRow(ctx, `SELECT id::text FROM products WHERE slug = $1`, slug).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return id, err == nil, err
}

func countImages(ctx context.Context, db queryer, productID string) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) FROM product_images WHERE product_id = @id::uuid`, pgx.NamedArgs{"id": productID}).Scan(&n)
	return n, err
}

// insertImages appends images after the product's existing ones; when the product has no primary
// image yet, the first new one becomes primary, so "exactly one primary" holds.
func insertImages(ctx context.Context, tx pgx.Tx, productID string, images []NewImage) error {
	var maxPos int
	var hasPrimary bool
	if err := tx.QueryRow(ctx, `SELECT COALESCE(max(position), 0), COALESCE(bool_or(is_primary), false)
		FROM product_images WHERE product_id = @id::uuid`, pgx.NamedArgs{"id": productID}).Scan(&maxPos, &hasPrimary); err != nil {
		return err
	}
	for i, img := range images {
		variants, err := json.Marshal(img.Variants)
		if err != nil {
			return err
		}
		primary := !hasPrimary && i == 0
		if _, err := tx.Exec(ctx, `INSERT INTO product_images (id, product_id, position, is_primary, alt, variants)
			VALUES (@id::uuid, @product::uuid, @pos, @primary, @alt, @variants)`, pgx.NamedArgs{
			"id": img.ID, "product": productID, "pos": maxPos + i + 1, "primary": primary, "alt": img.Alt, "variants": variants,
		}); err != nil {
			return err
		}
	}
	return nil
}
