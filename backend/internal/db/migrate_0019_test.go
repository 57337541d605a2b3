package db_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/stretchr/testify/require"
)

// Migration 0019 gives every order paid before it the time of its paid step, and leaves orders
// never paid without one.
func TestMigration0019FillsPaidAt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	m0019 := migrationSQL(t, 19)
	// Back to the schema before 0019.
	_, err := pool.Exec(ctx, `DROP INDEX orders_sales`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `WITH o AS (
			INSERT INTO orders (number, email, status, idempotency_key, request_hash, shipping_address, requires_signature,
				delivery_code, delivery_name, delivery_minor, subtotal_minor, vat_minor, total_minor, currency_code, expires_at)
			SELECT n, 'a@example.com', s, n, 'h', '{}', false, 'standard', 'Standard', 0, 100, 0, 100, 'GBP', now()
			FROM (VALUES ('PAID', 'refunded'), ('UNPAID', 'pending_payment')) AS v (n, s) RETURNING id, number)
		INSERT INTO order_status_history (order_id, status, at)
		SELECT id, 'pending_payment', TIMESTAMPTZ '2026-03-29 00:30:00+00' FROM o
		UNION ALL SELECT id, 'paid', TIMESTAMPTZ '2026-03-29 01:30:00+00' FROM o WHERE number = 'PAID'`)
	require.NoError(t, err)

	_, err = pool.Exec(ctx, m0019)
	require.NoError(t, err)
	rows, err := pool.Query(ctx, `SELECT number, coalesce(paid_at::TEXT, '') FROM orders ORDER BY number`)
	require.NoError(t, err)
	var got [][2]string
	for rows.Next() {
		var r [2]string
		require.NoError(t, rows.Scan(&r[0], &r[1]))
		got = append(got, r)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, [][2]string{{"PAID", "2026-03-29 01:30:00+00"}, {"UNPAID", ""}}, got)
}

// migrationSQL is the text of the embedded migration with this version.
func migrationSQL(t *testing.T, version int) string {
	t.Helper()
	migrations, err := db.Migrations()
	require.NoError(t, err)
	for _, m := range migrations {
		if m.Version == version {
			return m.SQL
		}
	}
	t.Fatalf("no migration %d", version)
	return ""
}
