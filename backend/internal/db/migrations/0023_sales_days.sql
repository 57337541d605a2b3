-- The dashboard's sales summary (issue 12: one call under 50 ms on 100 000 orders). Adding every
-- sale up on each call grows with the orders; this table holds the sums instead, one row per
-- London day and current status, and the order package keeps it up to date in the transaction of
-- every change to an order's sale figures (order.keepSales), so it is always exactly:
--
--   SELECT (paid_at AT TIME ZONE 'Europe/London')::DATE, status, count(*),
--          sum(net revenue), sum(net VAT) FROM orders WHERE paid_at IS NOT NULL GROUP BY 1, 2
--
-- A sale is an order that was paid at some point, counted on the London day it was paid, in the
-- status it is in now. Net revenue is total_minor - refunded_minor; net VAT is vat_minor minus the
-- refunded share of it, vat_minor * refunded_minor / total_minor in integer division (0 for a zero
-- total), so a full refund removes exactly vat_minor. The order package defines that formula
-- (netRevenueSQL, netVATSQL in store_dashboard.go); this backfill is a copy frozen with the
-- migration. div() is integer division in both PostgreSQL and CockroachDB (CockroachDB's `/`
-- on integers gives a decimal).
--
-- A row can fall to zero orders when its sales move on; it stays, adding nothing.
CREATE TABLE sales_days (
    day DATE NOT NULL,
    status TEXT NOT NULL,
    orders BIGINT NOT NULL,
    revenue_minor BIGINT NOT NULL,
    vat_minor BIGINT NOT NULL,
    PRIMARY KEY (day, status)
);

INSERT INTO sales_days (day, status, orders, revenue_minor, vat_minor)
SELECT (o.paid_at AT TIME ZONE 'Europe/London')::DATE, o.status, count(*),
    sum(o.total_minor - o.refunded_minor)::BIGINT,
    sum(o.vat_minor - CASE WHEN o.total_minor = 0 THEN 0
        ELSE div(o.vat_minor * o.refunded_minor, o.total_minor)::BIGINT END)::BIGINT
FROM orders o WHERE o.paid_at IS NOT NULL
GROUP BY 1, 2;
