package order

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The dashboard's SQL. A sale is an order whose timeline has the paid step; it belongs to the
// day of that step. What a sale still brings in is its total minus what was refunded: today a
// refund is always the whole order (status refunded, or cancelled after payment, which refunds
// in full), so refundedMinor is the one expression to change when partial refunds are recorded.
const (
	refundedMinor = `CASE WHEN o.status IN ('refunded', 'cancelled') THEN o.total_minor ELSE 0 END`
	refundedVAT   = `CASE WHEN o.status IN ('refunded', 'cancelled') THEN o.vat_minor ELSE 0 END`
	// sales joins each paid step to its order.
	sales = `order_status_history h JOIN orders o ON o.id = h.order_id WHERE h.status = 'paid'`
)

// dashboardTotals reads the all-time figures: sales, net revenue and VAT, and sales waiting to be
// shipped.
func dashboardTotals(ctx context.Context, q queryer) (orders, revenue, vat, pending int64, err error) {
	err = q.QueryRow(ctx, `SELECT count(*),
			coalesce(sum(o.total_minor - `+refundedMinor+`), 0)::BIGINT,
			coalesce(sum(o.vat_minor - `+refundedVAT+`), 0)::BIGINT,
			count(*) FILTER (WHERE o.status IN ('paid', 'processing'))
		FROM `+sales).Scan(&orders, &revenue, &vat, &pending)
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("order.dashboardTotals: %w", err)
	}
	return orders, revenue, vat, pending, nil
}

// dayFigures is one London day's sales as the database groups them.
type dayFigures struct {
	orders, revenue int64
}

// dashboardDays groups the sales paid in [from, to) by their day in London ("YYYY-MM-DD"). Days
// without sales are absent. The grouping is done by the database in the shop's zone, so a day
// is 23 or 25 hours long when the clocks change.
func dashboardDays(ctx context.Context, q queryer, from, to time.Time) (map[string]dayFigures, error) {
	rows, err := q.Query(ctx, `SELECT ((h.at AT TIME ZONE 'Europe/London')::DATE)::TEXT AS day, count(*),
			coalesce(sum(o.total_minor - `+refundedMinor+`), 0)::BIGINT
		FROM `+sales+` AND h.at >= @from AND h.at < @to
		GROUP BY day`, pgx.NamedArgs{"from": from, "to": to})
	if err != nil {
		return nil, fmt.Errorf("order.dashboardDays: %w", err)
	}
	days := map[string]dayFigures{}
	var day string
	var f dayFigures
	if _, err := pgx.ForEachRow(rows, []any{&day, &f.orders, &f.revenue}, func() error {
		days[day] = f
		return nil
	}); err != nil {
		return nil, fmt.Errorf("order.dashboardDays: %w", err)
	}
	return days, nil
}

// recentSales reads the latest sales, newest paid first.
func recentSales(ctx context.Context, q queryer, limit int) ([]Sale, error) {
	rows, err := q.Query(ctx, `SELECT o.id::text, o.number,
			trim(coalesce(o.shipping_address->>'first_name', '') || ' ' || coalesce(o.shipping_address->>'last_name', '')),
			o.email, o.total_minor, o.currency_code, o.status, h.at
		FROM `+sales+`
		ORDER BY h.at DESC, h.order_id DESC LIMIT @limit`, pgx.NamedArgs{"limit": limit})
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
