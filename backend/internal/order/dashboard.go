package order

import (
	"context"
	"fmt"
	"slices"
	"time"
	_ "time/tzdata" // days split at London's midnight whatever the host's zoneinfo

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
)

// The dashboard's lists are short: a glance, not a report.
const (
	dashboardRecent   = 10
	dashboardLowStock = 10
	// DefaultDashboardPeriod is the series' length when the caller names none.
	DefaultDashboardPeriod = 30
)

// dashboardPeriods are the series' lengths the back office offers.
var dashboardPeriods = []int{7, 30, 90}

// Sale is a paid order as the dashboard lists it.
type Sale struct {
	ID           string
	Number       string
	CustomerName string // the shipping address's first and last name
	Email        string
	Total        money.Money // as placed, before any refund
	Status       Status
	PaidAt       time.Time
}

// Day is one London day of the dashboard's series.
type Day struct {
	Date    string // YYYY-MM-DD in Europe/London
	Revenue money.Money
	Orders  int64
}

// Dashboard is the back office's first screen. A sale is an order that was paid at some point,
// counted on the day it was paid; revenue is net of confirmed refunds and includes VAT, and the
// VAT is net of the refunded share of it (netVATSQL).
type Dashboard struct {
	Products   int64 // not archived
	Orders     int64 // sales since the shop opened, later refunds and cancellations included
	Revenue    money.Money
	VAT        money.Money // the VAT part of Revenue
	Pending    int64       // paid or processing: waiting to be shipped
	PeriodDays int
	Days       []Day // oldest first, today last, one per day of the period
	Recent     []Sale
	LowStock   []catalog.StockLevel
}

// Dashboard reads every figure of the dashboard in one snapshot. periodDays is 7, 30 or 90 (0
// means 30); days end today in London and split at local midnight.
func (s *Service) Dashboard(ctx context.Context, periodDays int) (Dashboard, error) {
	if periodDays == 0 {
		periodDays = DefaultDashboardPeriod
	}
	if !slices.Contains(dashboardPeriods, periodDays) {
		return Dashboard{}, apperr.Invalid("period_days", "invalid_period", "the period is 7, 30 or 90 days, not %d", periodDays)
	}
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		return Dashboard{}, fmt.Errorf("order.Dashboard: %w", err)
	}
	days := periodDaysEnding(s.now().In(loc), periodDays)
	d := Dashboard{PeriodDays: periodDays}
	err = db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		totals, err := salesTotals(ctx, tx)
		if err != nil {
			return err
		}
		series, err := salesSeries(ctx, tx, days[0], days[len(days)-1])
		if err != nil {
			return err
		}
		d.summarise(totals, series, days)
		if d.Recent, err = recentSales(ctx, tx, dashboardRecent); err != nil {
			return err
		}
		if d.Products, err = catalog.CountProducts(ctx, tx); err != nil {
			return err
		}
		d.LowStock, err = catalog.RunningOut(ctx, tx, dashboardLowStock)
		return err
	})
	if err != nil {
		return Dashboard{}, fmt.Errorf("order.Dashboard: %w", err)
	}
	return d, nil
}

// summarise sets the totals from the sums by status and the series over days from the sums by
// day, replacing what an earlier (retried) attempt set.
func (d *Dashboard) summarise(totals, series []salesGroup, days []string) {
	var revenue, vat int64
	d.Orders, d.Pending = 0, 0
	for _, g := range totals {
		d.Orders += g.orders
		revenue += g.revenue
		vat += g.vat
		if g.status == StatusPaid || g.status == StatusProcessing {
			d.Pending += g.orders
		}
	}
	d.Revenue, d.VAT = money.GBP(revenue), money.GBP(vat)
	index := make(map[string]int, len(days))
	d.Days = make([]Day, len(days))
	for i, date := range days {
		index[date] = i
		d.Days[i] = Day{Date: date, Revenue: money.GBP(0)}
	}
	for _, g := range series {
		if i, ok := index[g.day]; ok {
			d.Days[i].Orders += g.orders
			d.Days[i].Revenue.Minor += g.revenue
		}
	}
}

// periodDaysEnding lists the n London days ending on now's day, oldest first. Dates are
// computed in the zone, not by adding 24 hours, so the days around a clock change are right.
func periodDaysEnding(now time.Time, n int) []string {
	y, m, d := now.Date()
	days := make([]string, n)
	for i := range days {
		days[i] = time.Date(y, m, d-n+1+i, 12, 0, 0, 0, now.Location()).Format(time.DateOnly)
	}
	return days
}
