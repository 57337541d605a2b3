package order

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// The dashboard's SQL. A sale is an order whose timeline has the paid step; it belongs to the
// day of that step, whose time the order keeps in paid_at (indexed with what is summed). What a
// sale still brings in is its total minus what was refunded: today a refund is always the whole
// order (status refunded, or cancelled after payment, which refunds in full), so refundedMinor
// is the one expression to change when partial refunds are recorded.
const (
	refundedMinor = `CASE WHEN o.status IN ('refunded', 'cancelled') THEN o.total_minor ELSE 0 END`
	refundedVAT   = `CASE WHEN o.status IN ('refunded', 'cancelled') THEN o.vat_minor ELSE 0 END`
	sales         = `orders o WHERE o.paid_at IS NOT NULL`
)

// salesGroup is the sales of one London day that are in one status now.
type salesGroup struct {
	day     string // YYYY-MM-DD in Europe/London
	status  Status
	orders  int64
	revenue int64 // net of refunds, VAT included
	vat     int64 // the VAT part of revenue
}

// salesByDay groups every sale by the London day it was paid and its status now, in one pass
// over the sales index: the totals and the series are both sums of these groups, so the sales
// are read once however long the period. The database converts each time to the shop's zone, so a
// day is 23 or 25 hours long when the clocks change.
func salesByDay(ctx context.Context, q queryer) ([]salesGroup, error) {
	rows, err := q.Query(ctx, `SELECT ((o.paid_at AT TIME ZONE 'Europe/London')::DATE)::TEXT AS day, o.status, count(*),
			sum(o.total_minor - `+refundedMinor+`)::BIGINT, sum(o.vat_minor - `+refundedVAT+`)::BIGINT
		FROM `+sales+`
		GROUP BY day, o.status`)
	if err != nil {
		return nil, fmt.Errorf("order.salesByDay: %w", err)
	}
	groups, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (salesGroup, error) {
		var g salesGroup
		var status string
		err := r.Scan(&g.day, &status, &g.orders, &g.revenue, &g.vat)
		g.status = Status(status)
		return g, err
	})
	if err != nil {
		return nil, fmt.Errorf("order.salesByDay: %w", err)
	}
	return groups, nil
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
