package order_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"golang.org/x/sync/errgroup"
)

var london = mustLondon()

func mustLondon() *time.Location {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		panic(err)
	}
	return loc
}

// dashboardAt is an order service on pool whose clock reads now.
func dashboardAt(pool *pgxpool.Pool, now time.Time) *order.Service {
	return order.NewService(order.Config{Pool: pool, LinkKey: []byte("k"), Now: func() time.Time { return now }})
}

// insertOrders adds n orders in one statement, behind the order package's back (the caller
// then calls order.RebuildSales). Order i's status comes from i: paid, processing, shipped and
// delivered sales; sales later refunded, or cancelled (every other one with its refund confirmed,
// the rest not yet); orders still awaiting payment or whose payment failed (never paid); and
// orders that lapsed unpaid (one of them refunded a late payment). One shipped or delivered sale
// in three is partly refunded by an amount that makes its VAT share round, and one order in 101
// is free. The sales' paid steps are spread over two blocks of 100 days, one around each of
// 2026's clock changes (29 March, 25 October), at second resolution so that many fall near
// midnight.
func insertOrders(t *testing.T, pool *pgxpool.Pool, n int) {
	t.Helper()
	ctx := context.Background()
	_, err := pool.Exec(ctx, `
		WITH src AS (
			SELECT i,
				(ARRAY['paid', 'paid', 'processing', 'shipped', 'delivered', 'refunded', 'cancelled',
					'pending_payment', 'payment_failed', 'cancelled_unpaid', 'paid', 'delivered', 'refunded_unpaid'])[1 + (i * 7) % 13] AS kind,
				(CASE WHEN i % 2 = 0 THEN TIMESTAMPTZ '2026-01-20 00:00:00+00' ELSE TIMESTAMPTZ '2026-08-12 00:00:00+00' END)
					+ make_interval(secs => ((i::BIGINT * 7919) % 8640000)::FLOAT8) AS paid_at,
				CASE WHEN i % 101 = 0 THEN 0 ELSE 1000 + (i * 37) % 20000 END AS subtotal,
				CASE WHEN i % 101 = 0 THEN 0 ELSE (i % 3) * 395 END AS delivery
			FROM generate_series(1, @n) AS i
		), priced AS (
			SELECT i, kind, paid_at, subtotal, delivery, subtotal + delivery AS total,
				CASE WHEN kind IN ('refunded', 'refunded_unpaid') OR (kind = 'cancelled' AND i % 2 = 0) THEN subtotal + delivery
					WHEN kind IN ('shipped', 'delivered') AND i % 3 = 0 THEN (subtotal + delivery) * (1 + i % 9) / 11
					ELSE 0 END AS refunded
			FROM src
		), placed AS (
			INSERT INTO orders (number, email, status, idempotency_key, request_hash, shipping_address, requires_signature,
				delivery_code, delivery_name, delivery_minor, subtotal_minor, vat_minor, total_minor, currency_code, expires_at, created_at,
				paid_at, refunded_minor)
			SELECT 'T-' || i, 'buyer' || i || '@example.com',
				CASE kind WHEN 'cancelled_unpaid' THEN 'cancelled' WHEN 'refunded_unpaid' THEN 'refunded' ELSE kind END,
				'key-' || i, 'h', jsonb_build_object('first_name', 'Buyer', 'last_name', i::TEXT), false,
				'standard', 'Standard', delivery, subtotal, total / 6, total, 'GBP',
				paid_at + interval '1 hour', paid_at - interval '5 minutes',
				CASE WHEN kind NOT IN ('pending_payment', 'payment_failed', 'cancelled_unpaid', 'refunded_unpaid') THEN paid_at END,
				refunded
			FROM priced RETURNING id, number
		)
		INSERT INTO order_status_history (order_id, status, at)
		SELECT p.id, 'paid', s.paid_at FROM placed p JOIN src s ON p.number = 'T-' || s.i
		WHERE s.kind NOT IN ('pending_payment', 'payment_failed', 'cancelled_unpaid', 'refunded_unpaid')`,
		pgx.NamedArgs{"n": n})
	require.NoError(t, err)
}

// inTx runs fn in a transaction of its own, as every change to an order runs.
func inTx(t *testing.T, pool *pgxpool.Pool, fn func(ctx context.Context, tx pgx.Tx) error) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.WithTx(ctx, pool, func(tx pgx.Tx) error { return fn(ctx, tx) }))
}

// moveOrder moves an order through the path every status change takes, and requires it moved.
func moveOrder(t *testing.T, pool *pgxpool.Pool, id string, from, to order.Status) {
	t.Helper()
	inTx(t, pool, func(ctx context.Context, tx pgx.Tx) error {
		moved, err := order.Move(ctx, tx, id, to, "test", from)
		if err == nil && !moved {
			err = fmt.Errorf("%s did not move from %s to %s", id, from, to)
		}
		return err
	})
}

// refund records a refund the provider confirmed, as the refund bookkeeping does: refunded_minor
// grows (never beyond the total) inside keepSales.
func refund(t *testing.T, pool *pgxpool.Pool, id string, amount int64) {
	t.Helper()
	inTx(t, pool, func(ctx context.Context, tx pgx.Tx) error {
		return order.KeepSales(ctx, tx, id, func() error {
			_, err := tx.Exec(ctx, `UPDATE orders SET refunded_minor = least(total_minor, refunded_minor + $2) WHERE id = $1`, id, amount)
			return err
		})
	})
}

// changeOrders changes the first n of insertOrders' orders after the summary has counted them,
// as the shop would: status changes through move (unpaid orders paid at last, sales taken through
// fulfilment, cancelled or refunded) and refunds through keepSales, some partial, some after a
// cancellation.
func changeOrders(t *testing.T, pool *pgxpool.Pool, n int) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id::TEXT, substr(number, 3)::INT, status, total_minor FROM orders
		WHERE substr(number, 3)::INT <= $1 ORDER BY 2`, n)
	require.NoError(t, err)
	type row struct {
		id     string
		i      int
		status order.Status
		total  int64
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var o row
		return o, r.Scan(&o.id, &o.i, &o.status, &o.total)
	})
	require.NoError(t, err)
	require.Len(t, list, n)
	for _, o := range list {
		switch o.status {
		case order.StatusPaid:
			switch o.i % 4 {
			case 0:
				moveOrder(t, pool, o.id, order.StatusPaid, order.StatusProcessing)
			case 1:
				moveOrder(t, pool, o.id, order.StatusPaid, order.StatusShipped)
				moveOrder(t, pool, o.id, order.StatusShipped, order.StatusDelivered)
				refund(t, pool, o.id, o.total/3+1)
			case 2: // cancelled, then its refund confirmed
				moveOrder(t, pool, o.id, order.StatusPaid, order.StatusCancelled)
				refund(t, pool, o.id, o.total)
			case 3: // cancelled, its refund not confirmed yet
				moveOrder(t, pool, o.id, order.StatusPaid, order.StatusCancelled)
			}
		case order.StatusProcessing:
			moveOrder(t, pool, o.id, order.StatusProcessing, order.StatusShipped)
			refund(t, pool, o.id, o.total/7)
		case order.StatusShipped:
			moveOrder(t, pool, o.id, order.StatusShipped, order.StatusDelivered)
			refund(t, pool, o.id, 1)
			refund(t, pool, o.id, o.total/5)
		case order.StatusDelivered:
			refund(t, pool, o.id, o.total/2)
			moveOrder(t, pool, o.id, order.StatusDelivered, order.StatusRefunded)
			refund(t, pool, o.id, o.total)
		case order.StatusCancelled:
			refund(t, pool, o.id, o.total) // a refund confirmed late (nothing for an unpaid order)
		case order.StatusPendingPayment, order.StatusPaymentFailed:
			moveOrder(t, pool, o.id, o.status, order.StatusPaid) // a sale from now on, of today
		}
	}
}

// salesRow is one row of the dashboard's summary.
type salesRow struct {
	Day, Status          string
	Orders, Revenue, VAT int64
}

// salesDays reads the summary, leaving out the rows whose sales have all moved on: those must
// add nothing.
func salesDays(t *testing.T, pool *pgxpool.Pool) []salesRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT day::TEXT, status, orders, revenue_minor, vat_minor
		FROM sales_days ORDER BY day, status`)
	require.NoError(t, err)
	all, err := pgx.CollectRows(rows, pgx.RowToStructByPos[salesRow])
	require.NoError(t, err)
	var out []salesRow
	for _, r := range all {
		if r.Orders == 0 {
			require.Equal(t, salesRow{Day: r.Day, Status: r.Status}, r, "a row without sales adds nothing")
			continue
		}
		out = append(out, r)
	}
	return out
}

// insertProducts adds n products: stock i % 15, every seventh archived.
func insertProducts(t *testing.T, pool *pgxpool.Pool, n int) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `INSERT INTO products (slug, name, sku, stock_quantity, archived_at)
		SELECT 'p-' || i, 'Product ' || lpad(i::TEXT, 4, '0'), CASE WHEN i % 4 = 0 THEN NULL ELSE 'SKU-' || i END, i % 15,
			CASE WHEN i % 7 = 0 THEN now() END
		FROM generate_series(1, @n) AS i`, pgx.NamedArgs{"n": n})
	require.NoError(t, err)
}

// truthSeries computes the series another way: each London day's bounds are made in SQL from
// the local date (so a clock change day gets 23 or 25 hours), and the sales paid between them
// (by their paid step, not paid_at) are counted from the orders with a correlated sub-query,
// not read from the summary.
func truthSeries(t *testing.T, pool *pgxpool.Pool, first string, days int) []order.Day {
	t.Helper()
	rows, err := pool.Query(context.Background(), `
		SELECT d::DATE::TEXT,
			(SELECT count(*) FROM orders o WHERE EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id
				AND h.status = 'paid' AND h.at >= (d::TIMESTAMP AT TIME ZONE 'Europe/London')
				AND h.at < ((d + interval '1 day')::TIMESTAMP AT TIME ZONE 'Europe/London'))),
			(SELECT coalesce(sum(o.total_minor - o.refunded_minor), 0) FROM orders o WHERE EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id
				AND h.status = 'paid' AND h.at >= (d::TIMESTAMP AT TIME ZONE 'Europe/London')
				AND h.at < ((d + interval '1 day')::TIMESTAMP AT TIME ZONE 'Europe/London')))::BIGINT
		FROM generate_series(@first::DATE, @first::DATE + (@days - 1), interval '1 day') AS d ORDER BY d`,
		pgx.NamedArgs{"first": first, "days": days})
	require.NoError(t, err)
	series, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (order.Day, error) {
		var d order.Day
		err := r.Scan(&d.Date, &d.Orders, &d.Revenue.Minor)
		d.Revenue.Currency = money.GBPCode
		return d, err
	})
	require.NoError(t, err)
	return series
}

// Every figure of the dashboard over thousands of orders of every kind, against ground truth
// computed from the orders by other SQL (and the net VAT in Go): sales are counted from their paid
// step however they ended, revenue and VAT are net of confirmed refunds (partial or full, after a
// cancellation or not), unpaid orders are not sales, and the days split at London's midnight on
// both sides of both clock changes. Orders change after the summary counted them, through move
// and keepSales, as the shop changes them.
func TestDashboardMatchesGroundTruth(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	insertOrders(t, pool, 5000)
	insertProducts(t, pool, 300)
	require.NoError(t, order.RebuildSales(ctx, pool))
	changeOrders(t, pool, 400)

	type totals struct{ orders, revenue, vat, pending, products int64 }
	var want totals
	require.NoError(t, pool.QueryRow(ctx, `SELECT
			(SELECT count(DISTINCT order_id) FROM order_status_history WHERE status = 'paid'),
			(SELECT coalesce(sum(o.total_minor - o.refunded_minor), 0) FROM orders o
				WHERE EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.status = 'paid'))::BIGINT,
			(SELECT count(*) FROM orders WHERE status = 'paid' OR status = 'processing'),
			(SELECT count(*) FROM products WHERE NOT (archived_at IS NOT NULL))`).
		Scan(&want.orders, &want.revenue, &want.pending, &want.products))
	// The VAT still kept: each sale's VAT less the refunded share of it, rounded down.
	rows, err := pool.Query(ctx, `SELECT o.vat_minor, o.total_minor, o.refunded_minor FROM orders o
		WHERE EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.status = 'paid')`)
	require.NoError(t, err)
	var vat, total, refunded int64
	var partial, full, free int
	_, err = pgx.ForEachRow(rows, []any{&vat, &total, &refunded}, func() error {
		switch {
		case total == 0:
			free++
			want.vat += vat
			return nil
		case refunded == total:
			full++
		case refunded > 0:
			partial++
		}
		want.vat += vat - vat*refunded/total
		return nil
	})
	require.NoError(t, err)
	require.Positive(t, free, "the data has free sales")
	require.Greater(t, partial, 100, "the data has partly refunded sales")
	require.Greater(t, full, 100, "the data has sales refunded in full")
	var cancelled [2]int64
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE refunded_minor > 0), count(*) FILTER (WHERE refunded_minor = 0)
		FROM orders WHERE status = 'cancelled' AND paid_at IS NOT NULL`).Scan(&cancelled[0], &cancelled[1]))
	require.Positive(t, cancelled[0], "the data has sales cancelled and refunded")
	require.Positive(t, cancelled[1], "the data has sales cancelled whose refund is not confirmed")
	var unpaid int64
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM orders WHERE status IN ('pending_payment', 'payment_failed')`).Scan(&unpaid))
	require.Positive(t, unpaid, "the data has orders that are not sales")
	require.Less(t, want.orders, int64(5000))

	var wantRecent []string
	rows, err = pool.Query(ctx, `SELECT o.number FROM orders o, order_status_history h
		WHERE h.order_id = o.id AND h.status = 'paid' ORDER BY h.at DESC LIMIT 10`)
	require.NoError(t, err)
	wantRecent, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	rows, err = pool.Query(ctx, `SELECT name, stock_quantity FROM products
		WHERE archived_at IS NULL AND stock_quantity BETWEEN 0 AND 9 ORDER BY stock_quantity, name LIMIT 10`)
	require.NoError(t, err)
	type level struct {
		name  string
		stock int32
	}
	wantLow, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (level, error) {
		var l level
		return l, r.Scan(&l.name, &l.stock)
	})
	require.NoError(t, err)
	require.Len(t, wantLow, 10)

	for _, c := range []struct {
		name   string
		now    time.Time
		period int
		first  string
		// spans names a clock change the series must cover, with sales on that day.
		spans string
	}{
		{"spring, 90 days", time.Date(2026, 4, 15, 12, 0, 0, 0, london), 90, "2026-01-16", "2026-03-29"},
		{"spring, 7 days", time.Date(2026, 3, 31, 0, 30, 0, 0, london), 7, "2026-03-25", "2026-03-29"},
		{"autumn, 90 days", time.Date(2026, 11, 19, 23, 59, 0, 0, london), 90, "2026-08-22", "2026-10-25"},
		{"autumn, 30 days", time.Date(2026, 11, 1, 0, 0, 0, 0, london), 30, "2026-10-03", "2026-10-25"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d, err := dashboardAt(pool, c.now).Dashboard(ctx, c.period)
			require.NoError(t, err)
			require.Equal(t, want, totals{d.Orders, d.Revenue.Minor, d.VAT.Minor, d.Pending, d.Products})
			require.Equal(t, money.GBPCode, d.Revenue.Currency)
			require.Equal(t, money.GBPCode, d.VAT.Currency)
			require.Equal(t, c.period, d.PeriodDays)

			truth := truthSeries(t, pool, c.first, c.period)
			require.Equal(t, truth, d.Days)
			require.Equal(t, c.now.Format(time.DateOnly), d.Days[len(d.Days)-1].Date, "the series ends today")
			var onChange order.Day
			for _, day := range d.Days {
				if day.Date == c.spans {
					onChange = day
				}
			}
			require.Positive(t, onChange.Orders, "sales on the clock change day %s", c.spans)

			numbers := make([]string, len(d.Recent))
			for i, s := range d.Recent {
				numbers[i] = s.Number
				require.NotEqual(t, order.StatusPendingPayment, s.Status)
				require.Equal(t, "Buyer "+s.Number[2:], s.CustomerName)
				require.Equal(t, "buyer"+s.Number[2:]+"@example.com", s.Email)
			}
			require.Equal(t, wantRecent, numbers)
			got := make([]level, len(d.LowStock))
			for i, p := range d.LowStock {
				got[i] = level{p.Name, p.Stock}
			}
			require.Equal(t, wantLow, got)
		})
	}
}

// A sale counts on the day it was paid in London: 23:30 UTC on a summer day is the next day
// (British Summer Time), on a winter day the same day; the 25-hour day of October's clock
// change keeps both its first and its last half hour.
func TestDashboardDaySplitsAtLondonMidnight(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	paid := func(number string, at time.Time, total int64) {
		t.Helper()
		_, err := pool.Exec(ctx, `WITH o AS (
				INSERT INTO orders (number, email, status, idempotency_key, request_hash, shipping_address, requires_signature,
					delivery_code, delivery_name, delivery_minor, subtotal_minor, vat_minor, total_minor, currency_code, expires_at, paid_at)
				VALUES ($1, 'a@example.com', 'paid', $1, 'h', '{"first_name": "Ada", "last_name": "Lovelace"}', false,
					'standard', 'Standard', 0, $3, 0, $3, 'GBP', $2, $2) RETURNING id)
			INSERT INTO order_status_history (order_id, status, at) SELECT id, 'paid', $2 FROM o`, number, at, total)
		require.NoError(t, err)
	}
	paid("SUMMER", time.Date(2026, 7, 14, 23, 30, 0, 0, time.UTC), 100)
	paid("WINTER", time.Date(2026, 1, 14, 23, 30, 0, 0, time.UTC), 200)
	paid("OCT-FIRST", time.Date(2026, 10, 24, 23, 0, 0, 0, time.UTC), 400) // 00:00 BST on the 25th
	paid("OCT-LAST", time.Date(2026, 10, 25, 23, 59, 0, 0, time.UTC), 800) // 23:59 GMT on the 25th
	paid("OCT-NEXT", time.Date(2026, 10, 26, 0, 0, 0, 0, time.UTC), 1600)  // 00:00 GMT on the 26th
	require.NoError(t, order.RebuildSales(ctx, pool))

	figures := func(now time.Time, period int) map[string]int64 {
		t.Helper()
		d, err := dashboardAt(pool, now).Dashboard(ctx, period)
		require.NoError(t, err)
		require.Len(t, d.Days, period)
		out := map[string]int64{}
		for _, day := range d.Days {
			if day.Orders > 0 {
				out[day.Date] = day.Revenue.Minor
			}
		}
		return out
	}
	require.Equal(t, map[string]int64{"2026-07-15": 100}, figures(time.Date(2026, 7, 20, 9, 0, 0, 0, london), 7))
	require.Equal(t, map[string]int64{"2026-01-14": 200}, figures(time.Date(2026, 1, 20, 9, 0, 0, 0, london), 7))
	require.Equal(t, map[string]int64{"2026-10-25": 1200, "2026-10-26": 1600}, figures(time.Date(2026, 10, 26, 9, 0, 0, 0, london), 7))
	// Seen from the 25th itself, the 26th's sale is tomorrow's: outside the series.
	require.Equal(t, map[string]int64{"2026-10-25": 1200}, figures(time.Date(2026, 10, 25, 23, 59, 59, 0, london), 7))
}

// An empty shop answers zeros, with every day of the period present.
func TestDashboardOfAnEmptyShop(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 29, 12, 0, 0, 0, london)
	d, err := dashboardAt(dbtest.Pool(t), now).Dashboard(context.Background(), 0)
	require.NoError(t, err)
	require.Equal(t, order.DefaultDashboardPeriod, d.PeriodDays)
	require.Len(t, d.Days, 30)
	for i, day := range d.Days {
		require.Equal(t, now.AddDate(0, 0, i-29).Format(time.DateOnly), day.Date)
		require.Equal(t, money.GBP(0), day.Revenue)
		require.Zero(t, day.Orders)
	}
	require.Equal(t, order.Dashboard{PeriodDays: 30, Revenue: money.GBP(0), VAT: money.GBP(0), Days: d.Days,
		Recent: []order.Sale{}, LowStock: []catalog.StockLevel{}}, d)
}

// The period is 7, 30 or 90 days (0 means 30); anything else is refused with nothing read.
func TestDashboardPeriod(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, london)
	for name, c := range map[string]struct {
		period, days int
	}{
		"default": {0, 30}, "a week": {7, 7}, "a month": {30, 30}, "a quarter": {90, 90},
		"one day": {1, 0}, "negative": {-7, 0}, "a year": {365, 0}, "31 days": {31, 0},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d, err := dashboardAt(pool, now).Dashboard(context.Background(), c.period)
			if c.days == 0 {
				apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_period",
					Message: fmt.Sprintf("the period is 7, 30 or 90 days, not %d", c.period)})
				require.Equal(t, "period_days", apperr.As(err).Field)
				return
			}
			require.NoError(t, err)
			require.Len(t, d.Days, c.days)
			require.Equal(t, c.days, d.PeriodDays)
			require.Equal(t, "2026-06-01", d.Days[c.days-1].Date)
		})
	}
}

// A payment applied through the real event path makes the order a sale: it keeps the time of
// its paid step, which the dashboard reads; until then it is no sale at all.
func TestPaidOrderBecomesASale(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	o, in := f.placed(t)
	dash := dashboardAt(f.pool, time.Now())
	d, err := dash.Dashboard(ctx, 7)
	require.NoError(t, err)
	require.Zero(t, d.Orders, "awaiting payment is no sale")
	require.Empty(t, d.Recent)

	ev := f.event(t, in, o.ID, func(_, _ map[string]any) {})
	require.NoError(t, f.orders.ApplyEvent(ctx, ev))
	require.NoError(t, f.orders.ApplyEvent(ctx, ev), "a replay")
	var same bool
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT o.paid_at = h.at FROM orders o
		JOIN order_status_history h ON h.order_id = o.id AND h.status = 'paid' WHERE o.id = $1`, o.ID).Scan(&same))
	require.True(t, same, "paid_at is the paid step's time")

	d, err = dash.Dashboard(ctx, 7)
	require.NoError(t, err)
	require.Equal(t, int64(1), d.Orders)
	require.Equal(t, int64(1), d.Pending)
	require.Equal(t, money.GBP(7800), d.Revenue)
	require.Equal(t, money.GBP(1300), d.VAT)
	require.Len(t, d.Recent, 1)
	require.Equal(t, o.Number, d.Recent[0].Number)
	require.Equal(t, order.StatusPaid, d.Recent[0].Status)
}

// After hundreds of random changes through move and keepSales, run by several transactions at
// once (so some conflict and are retried), the summary is exactly what RebuildSales computes
// from the orders: no change is lost, counted twice or left on the wrong day or status.
func TestSalesSummaryKeepsUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	insertOrders(t, pool, 300)
	require.NoError(t, order.RebuildSales(ctx, pool))
	rows, err := pool.Query(ctx, `SELECT id::TEXT FROM orders ORDER BY number`)
	require.NoError(t, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)

	const workers, changes = 4, 100
	var moves, refunds [workers]int
	g, gctx := errgroup.WithContext(ctx)
	for w := range workers {
		g.Go(func() error {
			r := rand.New(rand.NewPCG(12, uint64(w)))
			for range changes {
				id := ids[r.IntN(len(ids))]
				err := db.WithTx(gctx, pool, func(tx pgx.Tx) error {
					var status string
					var total, refunded int64
					if err := tx.QueryRow(gctx, `SELECT status, total_minor, refunded_minor FROM orders WHERE id = $1`, id).
						Scan(&status, &total, &refunded); err != nil {
						return err
					}
					if r.IntN(3) == 0 && refunded < total {
						amount := 1 + r.Int64N(total-refunded)
						refunds[w]++
						return order.KeepSales(gctx, tx, id, func() error {
							_, err := tx.Exec(gctx, `UPDATE orders SET refunded_minor = refunded_minor + $2 WHERE id = $1`, id, amount)
							return err
						})
					}
					var to []order.Status
					for _, s := range order.Statuses() {
						if order.CanMove(order.Status(status), s) {
							to = append(to, s)
						}
					}
					if len(to) == 0 {
						return nil
					}
					moves[w]++
					_, err := order.Move(gctx, tx, id, to[r.IntN(len(to))], "test", order.Status(status))
					return err
				})
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	require.NoError(t, g.Wait())
	var moved, refundedCount int
	for w := range workers {
		moved, refundedCount = moved+moves[w], refundedCount+refunds[w]
	}
	require.Greater(t, moved, 100)
	require.Greater(t, refundedCount, 50)

	kept := salesDays(t, pool)
	require.NotEmpty(t, kept)
	require.NoError(t, order.RebuildSales(ctx, pool))
	require.Equal(t, salesDays(t, pool), kept)
}

// Migration 0023 fills the summary with what RebuildSales computes: its frozen copy of the net
// figures' formula agrees with the order package's.
func TestMigration0023FillsSalesDays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	insertOrders(t, pool, 2000)
	var m0023 string
	migrations, err := db.Migrations()
	require.NoError(t, err)
	for _, m := range migrations {
		if m.Version == 23 {
			m0023 = m.SQL
		}
	}
	require.NotEmpty(t, m0023)
	_, err = pool.Exec(ctx, `DROP TABLE sales_days`) // back to the schema before 0023
	require.NoError(t, err)
	_, err = pool.Exec(ctx, m0023)
	require.NoError(t, err)
	migrated := salesDays(t, pool)
	require.Greater(t, len(migrated), 100)
	require.NoError(t, order.RebuildSales(ctx, pool))
	require.Equal(t, salesDays(t, pool), migrated)
}
