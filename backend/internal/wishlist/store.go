package wishlist

import (
	"context"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/jackc/pgx/v5"
)

// load reads the account's saved rows, newest first, and the visible products among them. Rows
// of hidden products are read too (and left out later by assemble) because only the catalogue
// knows what is visible; there are at most MaxItems visible ones plus the few taken off sale.
func load(ctx context.Context, tx pgx.Tx, accountID string) ([]stored, map[string]catalog.Product, error) {
	rows, err := tx.Query(ctx, `SELECT product_id::text, added_at FROM wishlist_items
		WHERE account_id = @account::uuid ORDER BY added_at DESC, product_id DESC`, pgx.NamedArgs{"account": accountID})
	if err != nil {
		return nil, nil, err
	}
	var out []stored
	var r stored
	if _, err := pgx.ForEachRow(rows, []any{&r.productID, &r.addedAt}, func() error {
		out = append(out, r)
		return nil
	}); err != nil {
		return nil, nil, err
	}
	ids := make([]string, len(out))
	for i, r := range out {
		ids[i] = r.productID
	}
	products, err := catalog.VisibleProductsByID(ctx, tx, ids)
	return out, products, err
}

// insert saves products, given newest first, as newer than everything already in the wishlist:
// each is stamped one microsecond apart above the account's newest row (or now, if later), so
// the order is exact even when two saves fall in one clock tick or in one transaction (whose
// now() does not move). Products already saved keep their place.
func insert(ctx context.Context, tx pgx.Tx, accountID string, productIDs []string) error {
	_, err := tx.Exec(ctx, `INSERT INTO wishlist_items (account_id, product_id, added_at)
		SELECT @account::uuid, g.id, b.base + ((@count - g.ord) * INTERVAL '1 microsecond')
		FROM unnest(@ids::uuid[]) WITH ORDINALITY AS g (id, ord),
			(SELECT greatest(now(), COALESCE(max(added_at) + INTERVAL '1 microsecond', now())) AS base
				FROM wishlist_items WHERE account_id = @account::uuid) AS b
		ON CONFLICT (account_id, product_id) DO NOTHING`,
		pgx.NamedArgs{"account": accountID, "ids": productIDs, "count": len(productIDs)})
	return err
}

// remove deletes saved products; ids that are not saved are ignored.
func remove(ctx context.Context, tx pgx.Tx, accountID string, productIDs []string) error {
	_, err := tx.Exec(ctx, `DELETE FROM wishlist_items WHERE account_id = @account::uuid AND product_id = ANY(@ids::uuid[])`,
		pgx.NamedArgs{"account": accountID, "ids": productIDs})
	return err
}
