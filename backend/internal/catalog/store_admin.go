package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
)

// adminColumns are an AdminProduct's own columns; the saver's name comes from the revision that
// saved the current state (absent for the seed's products: the system).
const adminColumns = `p.id::text, p.slug, p.name, p.description, p.price_minor, COALESCE(p.sku, ''),
	p.stock_quantity, p.is_active, p.published, p.featured, p.version, p.archived_at, p.created_at, p.updated_at,
	COALESCE(p.updated_by::text, ''), COALESCE(r.actor_name, ''), COALESCE(r.actor_email, '')`

const adminFrom = ` FROM products p
	LEFT JOIN product_revisions r ON r.product_id = p.id AND r.revision = p.version`

// adminOrderBy is the allow-list of the admin list's sorts: the terms each orders by (ascending;
// a descending list turns them round), NULLs last either way, and how a product's keys for them
// are read (for page tokens). Names, then ids, break ties — always ascending — so that paging is
// stable.
var adminOrderBy = map[string]adminSort{
	"name": {terms: []db.OrderTerm{{Expr: `lower(p.name)`, Type: db.KeyText, Func: "lower"}},
		keys: func(p AdminProduct) []*string { return []*string{new(p.Name)} }},
	"sku": {terms: []db.OrderTerm{{Expr: `p.sku`, Type: db.KeyText, Nullable: true}},
		keys: func(p AdminProduct) []*string { return []*string{optionalText(p.SKU)} }}, // sku is NULL or not empty
	"category": {terms: []db.OrderTerm{{Expr: `(SELECT a.value FROM product_attributes a WHERE a.product_id = p.id AND a.name = 'category' ORDER BY a.position LIMIT 1)`,
		Type: db.KeyText, Nullable: true}},
		keys: func(p AdminProduct) []*string { return []*string{optionalText(p.Category())} }}, // values are never empty
	"price": {terms: []db.OrderTerm{{Expr: `p.price_minor`, Type: db.KeyInt, Nullable: true}},
		keys: func(p AdminProduct) []*string {
			if p.Price == nil {
				return []*string{nil}
			}
			return []*string{db.IntKey(*p.Price)}
		}},
	"stock": {terms: []db.OrderTerm{{Expr: `p.stock_quantity`, Type: db.KeyInt}},
		keys: func(p AdminProduct) []*string { return []*string{db.IntKey(int64(p.Stock))} }},
	"status": {terms: []db.OrderTerm{{Expr: `(p.archived_at IS NULL)`, Type: db.KeyBool}, {Expr: `p.is_active`, Type: db.KeyBool},
		{Expr: `p.published`, Type: db.KeyBool}},
		keys: func(p AdminProduct) []*string {
			return []*string{db.BoolKey(p.ArchivedAt == nil), db.BoolKey(p.Active), db.BoolKey(p.Published)}
		}},
	"created_at": {terms: []db.OrderTerm{{Expr: `p.created_at`, Type: db.KeyTime}},
		keys: func(p AdminProduct) []*string { return []*string{db.TimeKey(p.CreatedAt)} }},
	"updated_at": {terms: []db.OrderTerm{{Expr: `p.updated_at`, Type: db.KeyTime}},
		keys: func(p AdminProduct) []*string { return []*string{db.TimeKey(p.UpdatedAt)} }},
}

// adminTieBreak follows every sort's own terms.
var adminTieBreak = []db.OrderTerm{{Expr: `lower(p.name)`, Type: db.KeyText, Func: "lower"}, {Expr: `p.id`, Type: db.KeyUUID}}

// adminSort is one sort of the admin list.
type adminSort struct {
	terms []db.OrderTerm
	keys  func(AdminProduct) []*string
}

// adminTerms are the whole ORDER BY of q: its sort's terms in its direction, then the tie-break.
func adminTerms(q AdminQuery) []db.OrderTerm {
	var terms []db.OrderTerm
	for _, t := range adminOrderBy[q.Sort].terms {
		t.Desc = q.Descending
		terms = append(terms, t)
	}
	return append(terms, adminTieBreak...)
}

// adminKeys are p's values of adminTerms(q), for the token of the page after p.
func adminKeys(q AdminQuery, p AdminProduct) []*string {
	return append(adminOrderBy[q.Sort].keys(p), new(p.Name), new(p.ID))
}

func optionalText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// adminFilter builds the admin list's WHERE clause from constant fragments; values travel as
// named parameters.
func adminFilter(q AdminQuery) (string, pgx.NamedArgs) {
	conds := []string{}
	args := pgx.NamedArgs{}
	switch q.Status {
	case StatusArchived:
		conds = append(conds, `p.archived_at IS NOT NULL`)
	case StatusActive:
		conds = append(conds, `p.archived_at IS NULL AND p.is_active`)
	case StatusInactive:
		conds = append(conds, `p.archived_at IS NULL AND NOT p.is_active`)
	case StatusPublished:
		conds = append(conds, `p.archived_at IS NULL AND p.published`)
	case StatusUnpublished:
		conds = append(conds, `p.archived_at IS NULL AND NOT p.published`)
	default:
		conds = append(conds, `p.archived_at IS NULL`)
	}
	if q.Search != "" {
		conds = append(conds, `(p.name ILIKE @pattern OR p.sku ILIKE @pattern OR p.description ILIKE @pattern)`)
		args["pattern"] = "%" + escapeLike(q.Search) + "%"
	}
	if q.Category != "" {
		conds = append(conds, `EXISTS (SELECT 1 FROM product_attributes a
			WHERE a.product_id = p.id AND a.name = 'category' AND a.value = @category)`)
		args["category"] = q.Category
	}
	switch q.Stock {
	case InStock:
		conds = append(conds, `p.stock_quantity >= @low`)
	case LowStock:
		conds = append(conds, `p.stock_quantity > 0 AND p.stock_quantity < @low`)
	case OutOfStock:
		conds = append(conds, `p.stock_quantity <= 0`)
	}
	if q.Stock != 0 && q.Stock != OutOfStock {
		args["low"] = LowStockBelow
	}
	return strings.Join(conds, " AND "), args
}

func countAdminProducts(ctx context.Context, tx pgx.Tx, where string, args pgx.NamedArgs) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM products p WHERE `+where, args).Scan(&n)
	return n, err
}

// listAdminProducts reads one page of q, and one product more when there is one (so the caller
// knows whether a next page exists): at an offset for numbered pages, after q's cursor for a
// page token.
func listAdminProducts(ctx context.Context, tx pgx.Tx, where string, args pgx.NamedArgs, q AdminQuery) ([]AdminProduct, error) {
	terms := adminTerms(q)
	args["limit"], args["offset"] = q.PageSize+1, (q.Page-1)*q.PageSize
	if q.after != nil {
		where += ` AND ` + db.KeysetAfter(terms, q.after.Keys, args)
		args["offset"] = 0
	}
	return selectAdminProducts(ctx, tx, `SELECT `+adminColumns+adminFrom+` WHERE `+where+
		` ORDER BY `+db.OrderBy(terms)+` LIMIT @limit OFFSET @offset`, args)
}

// adminProduct reads one product by id, archived or not; nil when there is none. lock takes the
// row lock a write holds until it commits, so concurrent writes to one product queue up.
func adminProduct(ctx context.Context, tx pgx.Tx, id string, lock bool) (*AdminProduct, error) {
	sql := `SELECT ` + adminColumns + adminFrom + ` WHERE p.id = @id::uuid`
	if lock {
		sql += ` FOR UPDATE OF p`
	}
	ps, err := selectAdminProducts(ctx, tx, sql, pgx.NamedArgs{"id": id})
	if err != nil || len(ps) == 0 {
		return nil, err
	}
	return &ps[0], nil
}

func selectAdminProducts(ctx context.Context, tx pgx.Tx, sql string, args pgx.NamedArgs) ([]AdminProduct, error) {
	rows, err := tx.Query(ctx, sql, args)
	if err != nil {
		return nil, err
	}
	products, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (AdminProduct, error) {
		var p AdminProduct
		err := r.Scan(&p.ID, &p.Slug, &p.Name, &p.Description, &p.Price, &p.SKU, &p.Stock, &p.Active, &p.Published,
			&p.Featured, &p.Revision, &p.ArchivedAt, &p.CreatedAt, &p.UpdatedAt,
			&p.UpdatedBy.AccountID, &p.UpdatedBy.Name, &p.UpdatedBy.Email)
		return p, err
	})
	if err != nil || len(products) == 0 {
		return products, err
	}
	ids, index := indexByID(products, func(p AdminProduct) string { return p.ID })
	if err := eachAttribute(ctx, tx, ids, func(id string, a Attribute) {
		products[index[id]].Attributes = append(products[index[id]].Attributes, a)
	}); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT product_id::text, id::text, alt, is_primary, state, failure_reason, width, height,
		size_bytes, content_type, variants, created_at FROM product_images
		WHERE product_id = ANY(@ids::uuid[]) ORDER BY product_id, position`, pgx.NamedArgs{"ids": ids})
	if err != nil {
		return nil, err
	}
	var pid string
	var img AdminImage
	var variants []byte
	_, err = pgx.ForEachRow(rows, []any{&pid, &img.ID, &img.Alt, &img.Primary, &img.State, &img.FailureReason,
		&img.Width, &img.Height, &img.SizeBytes, &img.ContentType, &variants, &img.CreatedAt}, func() error {
		img.Variants = nil
		if err := json.Unmarshal(variants, &img.Variants); err != nil {
			return fmt.Errorf("catalog.selectAdminProducts: image %s variants: %w", img.ID, err)
		}
		products[index[pid]].Images = append(products[index[pid]].Images, img)
		return nil
	})
	return products, err
}

func productExists(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM products WHERE id = @id::uuid)`, pgx.NamedArgs{"id": id}).Scan(&ok)
	return ok, err
}

// categoriesInUse lists the category values of every product (archived ones too),
// alphabetically.
func categoriesInUse(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT value FROM product_attributes WHERE name = 'category' ORDER BY value`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// skuTaken reports whether a product other than id has sku.
func skuTaken(ctx context.Context, tx pgx.Tx, sku, id string) (bool, error) {
	if id == "" {
		id = "00000000-0000-0000-0000-000000000000"
	}
	var taken bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM products WHERE sku = @sku AND id <> @id::uuid)`,
		pgx.NamedArgs{"sku": sku, "id": id}).Scan(&taken)
	return taken, err
}

// slugsLike lists the slugs that are base or base-<something>.
func slugsLike(ctx context.Context, tx pgx.Tx, base string) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT slug FROM products WHERE slug = @base OR slug LIKE @prefix`,
		pgx.NamedArgs{"base": base, "prefix": escapeLike(base) + `-%`})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func nullableSKU(sku string) *string {
	if sku == "" {
		return nil
	}
	return &sku
}

// insertAdminProduct inserts p (revision 1) with its attributes and returns its id.
func insertAdminProduct(ctx context.Context, tx pgx.Tx, p AdminProduct, actorID string) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO products
		(slug, name, description, price_minor, currency_code, sku, stock_quantity, is_active, published, featured, updated_by)
		VALUES (@slug, @name, @description, @price, @currency, @sku, @stock, @active, @published, @featured, @actor)
		RETURNING id::text`, pgx.NamedArgs{
		"slug": p.Slug, "name": p.Name, "description": p.Description, "price": p.Price, "currency": money.GBPCode,
		"sku": nullableSKU(p.SKU), "stock": p.Stock, "active": p.Active, "published": p.Published,
		"featured": p.Featured, "actor": nullableID(actorID),
	}).Scan(&id)
	if err != nil {
		return "", err
	}
	return id, replaceAttributes(ctx, tx, id, p.Attributes)
}

func nullableID(id string) *string {
	if id == "" {
		return nil
	}
	return &id
}

// updateProductFields writes p's editable fields and attributes (not its revision).
func updateProductFields(ctx context.Context, tx pgx.Tx, p AdminProduct) error {
	if _, err := tx.Exec(ctx, `UPDATE products SET name = @name, description = @description, price_minor = @price,
		sku = @sku, stock_quantity = @stock, is_active = @active, published = @published, featured = @featured
		WHERE id = @id::uuid`, pgx.NamedArgs{
		"id": p.ID, "name": p.Name, "description": p.Description, "price": p.Price, "sku": nullableSKU(p.SKU),
		"stock": p.Stock, "active": p.Active, "published": p.Published, "featured": p.Featured,
	}); err != nil {
		return err
	}
	return replaceAttributes(ctx, tx, p.ID, p.Attributes)
}

func replaceAttributes(ctx context.Context, tx pgx.Tx, id string, attrs []Attribute) error {
	if _, err := tx.Exec(ctx, `DELETE FROM product_attributes WHERE product_id = @id::uuid`, pgx.NamedArgs{"id": id}); err != nil {
		return err
	}
	if len(attrs) > 0 {
		names, values := make([]string, len(attrs)), make([]string, len(attrs))
		for i, a := range attrs {
			names[i], values[i] = a.Name, a.Value
		}
		if _, err := tx.Exec(ctx, `INSERT INTO product_attributes (product_id, position, name, value)
			SELECT @id::uuid, a.pos, a.name, a.value FROM unnest(@names::text[], @values::text[]) WITH ORDINALITY AS a(name, value, pos)`,
			pgx.NamedArgs{"id": id, "names": names, "values": values}); err != nil {
			return err
		}
	}
	// Every admin write of a name or attributes ends here (insert, update, restore).
	return refreshSearch(ctx, tx, id)
}

// setArchived archives the product (keeping the first archiving time) or brings it back.
func setArchived(ctx context.Context, tx pgx.Tx, id string, archived bool) error {
	_, err := tx.Exec(ctx, `UPDATE products
		SET archived_at = CASE WHEN @archived THEN COALESCE(archived_at, now()) ELSE NULL END WHERE id = @id::uuid`,
		pgx.NamedArgs{"id": id, "archived": archived})
	return err
}

// bumpRevision moves the product from revision from to the next, stamped with who and when;
// false when it is no longer at from.
func bumpRevision(ctx context.Context, tx pgx.Tx, id string, from int64, actorID string, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE products SET version = version + 1, updated_at = @now, updated_by = @actor
		WHERE id = @id::uuid AND version = @from`,
		pgx.NamedArgs{"id": id, "from": from, "actor": nullableID(actorID), "now": now})
	return tag.RowsAffected() == 1, err
}

// writeImageOrder puts the product's images in the order given, with the alt texts and primary
// flag given. Positions move through negative values first: (product_id, position) is unique at
// every statement, and so is the primary image.
func writeImageOrder(ctx context.Context, tx pgx.Tx, productID string, images []SnapshotImage) error {
	if len(images) == 0 {
		return nil
	}
	ids, alts := make([]string, len(images)), make([]string, len(images))
	primary := ""
	for i, img := range images {
		ids[i], alts[i] = img.ID, img.Alt
		if img.Primary {
			primary = img.ID
		}
	}
	if primary == "" {
		return errors.New("catalog.writeImageOrder: no primary image")
	}
	args := pgx.NamedArgs{"product": productID, "ids": ids, "alts": alts, "primary": primary}
	if _, err := tx.Exec(ctx, `UPDATE product_images SET position = -position, is_primary = false
		WHERE product_id = @product::uuid`, args); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE product_images i SET position = o.pos, alt = o.alt, is_primary = (i.id = @primary::uuid)
		FROM unnest(@ids::uuid[], @alts::text[]) WITH ORDINALITY AS o(id, alt, pos)
		WHERE i.id = o.id AND i.product_id = @product::uuid`, args)
	return err
}

// insertUploadedImage appends an uploaded image (state processing); the first image of a
// product becomes its primary one.
func insertUploadedImage(ctx context.Context, tx pgx.Tx, productID string, img UploadedImage) error {
	_, err := tx.Exec(ctx, `INSERT INTO product_images
		(id, product_id, position, is_primary, alt, state, original_key, width, height, size_bytes, content_type)
		SELECT @id::uuid, @product::uuid, COALESCE(max(position), 0) + 1, NOT COALESCE(bool_or(is_primary), false),
			@alt, 'processing', @key, @width, @height, @size, @type
		FROM product_images WHERE product_id = @product::uuid`, pgx.NamedArgs{
		"id": img.ID, "product": productID, "alt": img.Alt, "key": img.OriginalKey, "width": img.Width,
		"height": img.Height, "size": img.SizeBytes, "type": img.ContentType,
	})
	return err
}

func deleteImage(ctx context.Context, tx pgx.Tx, productID, imageID string) error {
	_, err := tx.Exec(ctx, `DELETE FROM product_images WHERE id = @id::uuid AND product_id = @product::uuid`,
		pgx.NamedArgs{"id": imageID, "product": productID})
	return err
}

// indexByID lists the ids of items and where each is.
func indexByID[T any](items []T, id func(T) string) ([]string, map[string]int) {
	ids := make([]string, len(items))
	index := make(map[string]int, len(items))
	for i, item := range items {
		ids[i] = id(item)
		index[ids[i]] = i
	}
	return ids, index
}

// eachAttribute calls add with every attribute of the products ids, in each product's order.
func eachAttribute(ctx context.Context, db queryer, ids []string, add func(productID string, a Attribute)) error {
	rows, err := db.Query(ctx, `SELECT product_id::text, name, value FROM product_attributes
		WHERE product_id = ANY(@ids::uuid[]) ORDER BY product_id, position`, pgx.NamedArgs{"ids": ids})
	if err != nil {
		return err
	}
	var id string
	var a Attribute
	_, err = pgx.ForEachRow(rows, []any{&id, &a.Name, &a.Value}, func() error {
		add(id, a)
		return nil
	})
	return err
}
