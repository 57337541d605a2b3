package order

import (
	"context"
	"errors"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The dashboard's SQL. A sale is an order whose timeline has the paid step; it belongs to the
// London day of that step, whose time the order keeps in paid_at. The dashboard does not add the
// sales up on each call: sales_days holds their sums per day and current status, kept up to date
// by keepSales in the transaction of every change to an order's sale figures.
//
// What a sale still brings in is its total minus what the provider confirmed refunding
// (refunded_minor, 0..total). Its VAT shrinks in proportion, rounded down, so a full refund
// removes exactly vat_minor and a partial one never removes more VAT than it should. These two
// expressions are the one definition of the net figures: every read of them goes through them
// (migration 0023's backfill is a frozen copy). div() is integer division in both PostgreSQL and
// CockroachDB, whose `/` on integers gives a decimal.
const (
	netRevenueSQL = `(o.total_minor - o.refunded_minor)`
	netVATSQL     = `(o.vat_minor - CASE WHEN o.total_minor = 0 THEN 0
		ELSE div(o.vat_minor * o.refunded_minor, o.total_minor)::BIGINT END)`
	saleDaySQL = `(o.paid_at AT TIME ZONE 'Europe/London')::DATE`
	sales      = `orders o WHERE o.paid_at IS NOT NULL`
)

// salesGroup is the sales of one London day that are in one status now (for the totals, all the
// days; for the series, all the statuses).
type salesGroup struct {
	day     string // YYYY-MM-DD in Europe/London; empty in a total
	status  Status // empty in a day of the series
	orders  int64
	revenue int64 // net of refunds, VAT included
	vat     int64 // the VAT part of revenue
}

// salesTotals sums the summary by status, over every day since the shop opened: a few rows per
// day, however many orders.
func salesTotals(ctx context.Context, q queryer) ([]salesGroup, error) {
	rows, err := q.Query(ctx, `SELECT status, sum(orders)::BIGINT, sum(revenue_minor)::BIGINT, sum(vat_minor)::BIGINT
		FROM sales_days GROUP BY status`)
	if err != nil {
		return nil, fmt.Errorf("order.salesTotals: %w", err)
	}
	groups, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (salesGroup, error) {
		var g salesGroup
		var status string
		err := r.Scan(&status, &g.orders, &g.revenue, &g.vat)
		g.status = Status(status)
		return g, err
	})
	if err != nil {
		return nil, fmt.Errorf("order.salesTotals: %w", err)
	}
	return groups, nil
}

// salesSeries sums the summary by day, from first to last (London dates, both included).
func salesSeries(ctx context.Context, q queryer, first, last string) ([]salesGroup, error) {
	rows, err := q.Query(ctx, `SELECT day::TEXT, sum(orders)::BIGINT, sum(revenue_minor)::BIGINT, sum(vat_minor)::BIGINT
		FROM sales_days WHERE day BETWEEN @first::DATE AND @last::DATE GROUP BY day`,
		pgx.NamedArgs{"first": first, "last": last})
	if err != nil {
		return nil, fmt.Errorf("order.salesSeries: %w", err)
	}
	groups, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (salesGroup, error) {
		var g salesGroup
		return g, r.Scan(&g.day, &g.orders, &g.revenue, &g.vat)
	})
	if err != nil {
		return nil, fmt.Errorf("order.salesSeries: %w", err)
	}
	return groups, nil
}

// saleFigures are what one order adds to sales_days: nothing unless it is a sale.
type saleFigures struct {
	sale    bool
	day     string
	status  string
	revenue int64
	vat     int64
}

// readSale reads an order's sale figures, locking its row when lock is set. An order that does
// not exist adds nothing.
func readSale(ctx context.Context, tx pgx.Tx, orderID string, lock bool) (saleFigures, error) {
	query := `SELECT (` + saleDaySQL + `)::TEXT, o.status, ` + netRevenueSQL + `, ` + netVATSQL + `
		FROM orders o WHERE o.id = $1::uuid`
	if lock {
		query += ` FOR UPDATE`
	}
	var f saleFigures
	var day *string
	err := tx.QueryRow(ctx, query, orderID).Scan(&day, &f.status, &f.revenue, &f.vat)
	if errors.Is(err, pgx.ErrNoRows) {
		return saleFigures{}, nil
	}
	if err != nil {
		return saleFigures{}, err
	}
	if day != nil {
		f.sale, f.day = true, *day
	}
	return f, nil
}

// keepSales runs change, which may alter the order's paid_at, status, total_minor, vat_minor or
// refunded_minor, and applies what that did to sales_days, in the caller's transaction: it reads
// the order's sale figures (locking its row, so no other change slips in between) before and
// after, takes the old contribution off its day and status and adds the new one. Every change to
// those columns of an order that is or becomes a sale must run inside it; move does.
//
// It costs two single-row reads and at most two single-row upserts. Sales of one day and status
// share a row, so concurrent changes to them conflict there and one of them is retried
// (db.WithTx); that is the price of a dashboard that does not grow with the orders.
func keepSales(ctx context.Context, tx pgx.Tx, orderID string, change func() error) error {
	before, err := readSale(ctx, tx, orderID, true)
	if err != nil {
		return fmt.Errorf("order.keepSales: before: %w", err)
	}
	if err := change(); err != nil {
		return err
	}
	after, err := readSale(ctx, tx, orderID, false)
	if err != nil {
		return fmt.Errorf("order.keepSales: after: %w", err)
	}
	if before == after {
		return nil
	}
	if before.sale && after.sale && before.day == after.day && before.status == after.status {
		return addSales(ctx, tx, after.day, after.status, 0, after.revenue-before.revenue, after.vat-before.vat)
	}
	if before.sale {
		if err := addSales(ctx, tx, before.day, before.status, -1, -before.revenue, -before.vat); err != nil {
			return err
		}
	}
	if after.sale {
		return addSales(ctx, tx, after.day, after.status, 1, after.revenue, after.vat)
	}
	return nil
}

// addSales adds the deltas to one day and status of the summary, creating its row if need be.
func addSales(ctx context.Context, tx pgx.Tx, day, status string, orders, revenue, vat int64) error {
	if _, err := tx.Exec(ctx, `INSERT INTO sales_days (day, status, orders, revenue_minor, vat_minor)
		VALUES (@day::DATE, @status, @orders, @revenue, @vat)
		ON CONFLICT (day, status) DO UPDATE SET orders = sales_days.orders + excluded.orders,
			revenue_minor = sales_days.revenue_minor + excluded.revenue_minor,
			vat_minor = sales_days.vat_minor + excluded.vat_minor`,
		pgx.NamedArgs{"day": day, "status": status, "orders": orders, "revenue": revenue, "vat": vat}); err != nil {
		return fmt.Errorf("order.addSales: %s %s: %w", day, status, err)
	}
	return nil
}

// RebuildSales recomputes sales_days from the orders in one transaction. Nothing in the shop
// needs it (keepSales keeps the summary exact); it is for orders written by other means than the
// order package — bulk loads in the bench and tests, repairs by hand.
func RebuildSales(ctx context.Context, pool *pgxpool.Pool) error {
	err := db.WithTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sales_days WHERE true`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sales_days (day, status, orders, revenue_minor, vat_minor)
			SELECT `+saleDaySQL+`, o.status, count(*), sum(`+netRevenueSQL+`)::BIGINT, sum(`+netVATSQL+`)::BIGINT
			FROM `+sales+` GROUP BY 1, 2`)
		return err
	})
	if err != nil {
		return fmt.Errorf("order.RebuildSales: %w", err)
	}
	return nil
}

// recentSales reads the latest sales, newest paid first.
func recentSales(ctx context.Context, q queryer, limit int) ([]Sale, error) {
	rows, err := q.Query(ctx, `SELECT o.id::text, o.number,
			trim(coalesce(o.shipping_address->>'first_name', '') || ' ' || coalesce(o.shipping_address->>'last_name', '')),
			o.email, o.total_minor, o.currency_code, o.status, o.paid_at
		FROM `+sales+`
		ORDER BY o.paid_at DESC, o.id DESC LIMIT @limit`, pgx.NamedArgs{"limit": limit})
	if err != nil {
		return nil, fmt.Errorf("order.recentSales: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Sale, error) {
		var s Sale
		var status string
		err := r.Scan(&s.ID, &s.Number, &s.CustomerName, &s.Email, &s.Total.Minor, &s.Total.Currency, &status, &s.PaidAt)
		s.Status = Status(status)
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("order.recentSales: %w", err)
	}
	return list, nil
}
