-- The dashboard's reads (issue 12), so they stay fast with hundreds of thousands of orders.
--
-- A sale is an order that was paid at some point, counted on the day of its paid step. Joining
-- every paid step to its order to add sales up costs a hash join over all of them; the time of
-- the paid step is kept on the order instead, so the dashboard reads one index of orders alone.
-- The column is filled and indexed in 0019: CockroachDB can neither write nor index a column
-- added in the same transaction.
ALTER TABLE orders ADD COLUMN paid_at TIMESTAMPTZ;

-- Products running out, lowest stock first, among those the shop keeps (archived_at comes from
-- 0015).
CREATE INDEX products_running_out ON products (stock_quantity, name, id) WHERE archived_at IS NULL AND stock_quantity < 10;
