-- The dashboard's reads (issue 12), so they stay fast with hundreds of thousands of orders. Every
-- column indexed here exists since an earlier migration (CockroachDB cannot index a column added
-- in the same transaction).

-- Sales by the time they were paid: the latest sales are the index's first entries, and the
-- daily series reads one range of it.
CREATE INDEX order_status_history_paid ON order_status_history (at DESC, order_id) WHERE status = 'paid';

-- What the dashboard reads of each sale, beside its key: summing sales joins the paid steps to
-- this index alone, never to the orders' rows.
CREATE INDEX orders_dashboard ON orders (id, status, total_minor, vat_minor);

-- Products running out, lowest stock first, among those the shop keeps.
CREATE INDEX products_running_out ON products (stock_quantity, name, id) WHERE archived_at IS NULL AND stock_quantity < 10;
