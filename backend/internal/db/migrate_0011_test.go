package db_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/stretchr/testify/require"
)

// Migration 0011 makes one unpaid order per cart a unique index. A shop upgraded from before it
// may hold carts with several unpaid orders (the bug it fixes): the migration keeps each cart's
// newest, supersedes the others as checkout now would (cancelled, stock back, payment marked
// cancelled, a timeline step) and leaves everything else alone.
func TestMigration0011SupersedesDuplicateUnpaidOrders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	m0011 := migrationSQL(t, 11)
	// Back to the schema before 0011.
	_, err := pool.Exec(ctx, `DROP TABLE payment_anomalies; DROP INDEX orders_one_unpaid_per_cart;
		ALTER TABLE orders DROP COLUMN superseded_by;
		CREATE INDEX orders_unpaid_by_cart ON orders (cart_id) WHERE status = 'pending_payment'`)
	require.NoError(t, err)

	var product string
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO products (slug, name, price_minor, stock_quantity)
		VALUES ('oil', 'Oil', 1000, 4) RETURNING id::text`).Scan(&product))
	cartA, cartB := "00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-00000000000b"
	insert := func(key, cart, status string, qty int, age string) string {
		var id string
		require.NoError(t, pool.QueryRow(ctx, `INSERT INTO orders (number, email, status, cart_id, idempotency_key, request_hash,
			shipping_address, requires_signature, delivery_code, delivery_name, delivery_minor, subtotal_minor, vat_minor,
			total_minor, currency_code, expires_at, created_at)
			VALUES ($1, 'a@example.com', $2, $3::uuid, $1, 'h', '{}', false, 's', 'S', 0, $4, 0, $4, 'GBP', now(), now() - $5::interval)
			RETURNING id::text`, "AL-"+key, status, cart, 1000*qty, age).Scan(&id))
		_, err := pool.Exec(ctx, `INSERT INTO order_lines (order_id, position, product_id, name, quantity, unit_minor, line_minor, vat_minor)
			VALUES ($1, 0, $2, 'Oil', $3, 1000, $4, 0)`, id, product, qty, 1000*qty)
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `INSERT INTO order_status_history (order_id, status) VALUES ($1, $2)`, id, status)
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `INSERT INTO payments (order_id, provider, provider_ref, client_secret, amount_minor, currency_code, status)
			VALUES ($1, 'test', $2, 's', $3, 'GBP', 'requires_payment')`, id, "pi_"+key, 1000*qty)
		require.NoError(t, err)
		return id
	}
	oldest := insert("A1", cartA, "pending_payment", 2, "3 minutes")
	older := insert("A2", cartA, "pending_payment", 1, "2 minutes")
	newest := insert("A3", cartA, "pending_payment", 1, "1 minute")
	// The cart's paid order and another cart's unpaid one are left alone.
	paid := insert("A4", cartA, "paid", 1, "4 minutes")
	alone := insert("B1", cartB, "pending_payment", 1, "1 minute")

	_, err = pool.Exec(ctx, m0011)
	require.NoError(t, err)

	for id, want := range map[string]string{oldest: "cancelled", older: "cancelled", newest: "pending_payment", paid: "paid", alone: "pending_payment"} {
		var status, by, payment string
		require.NoError(t, pool.QueryRow(ctx, `SELECT o.status, coalesce(o.superseded_by::text, ''), p.status
			FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = $1`, id).Scan(&status, &by, &payment))
		require.Equal(t, want, status, id)
		require.Empty(t, by, "the clean-up does not write the new column (CockroachDB)")
		if want == "cancelled" {
			require.Equal(t, "canceled", payment)
			var steps int
			require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM order_status_history WHERE order_id = $1 AND status = 'cancelled'`, id).Scan(&steps))
			require.Equal(t, 1, steps)
		} else {
			require.NotEqual(t, "canceled", payment)
		}
	}
	var stock int
	require.NoError(t, pool.QueryRow(ctx, `SELECT stock_quantity FROM products WHERE id = $1`, product).Scan(&stock))
	require.Equal(t, 4+2+1, stock, "the superseded orders' units are back")
	_, err = pool.Exec(ctx, `UPDATE orders SET status = 'pending_payment' WHERE id = $1`, oldest)
	require.Error(t, err, "a second unpaid order for a cart is now refused by the database")
}
