-- Hardening of the money path (issue 16).
--
-- 1. A cart has at most one order awaiting payment. Checkout supersedes the cart's earlier unpaid
--    order inside the transaction that places the new one, serialised by a lock on the cart row;
--    the unique index below makes the rule the database's own, so no path can leave two payable
--    orders for one cart. A superseded order names the order that replaced it: a payment that
--    still succeeds for it is returned, never honoured beside the new one.
--
-- 2. Payment anomalies: a verified payment event (or the provider's own answer) whose amount,
--    currency, order or mode does not match the order it is about. The order is not paid; the
--    anomaly is kept here for an admin to review.

ALTER TABLE orders ADD COLUMN superseded_by UUID;

-- Carts that already hold several unpaid orders (placed by simultaneous submits before this
-- rule) keep their newest; the others are superseded as checkout now supersedes them: cancelled,
-- their stock given back and their payment marked cancelled. Should one of those payments still
-- succeed, the order context refunds it (superseded_by is set).
UPDATE orders SET status = 'cancelled', superseded_by = newer.keep, updated_at = now(), version = version + 1
FROM (
    SELECT id, first_value(id) OVER (PARTITION BY cart_id ORDER BY created_at DESC, id DESC) AS keep
    FROM orders WHERE status = 'pending_payment' AND cart_id IS NOT NULL
) AS newer
WHERE orders.id = newer.id AND newer.id <> newer.keep;

UPDATE products SET stock_quantity = products.stock_quantity + released.quantity
FROM (
    SELECT l.product_id, sum(l.quantity) AS quantity
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.superseded_by IS NOT NULL
    GROUP BY l.product_id
) AS released
WHERE products.id = released.product_id;

INSERT INTO order_status_history (order_id, status, reason)
SELECT id, 'cancelled', 'superseded by a newer checkout of its cart' FROM orders WHERE superseded_by IS NOT NULL
ON CONFLICT (order_id, status) DO NOTHING;

UPDATE payments SET status = 'canceled', updated_at = now()
WHERE status <> 'refunded' AND order_id IN (SELECT id FROM orders WHERE superseded_by IS NOT NULL);

-- The unique index also serves checkout's look-up of a cart's unpaid order.
DROP INDEX orders_unpaid_by_cart;
CREATE UNIQUE INDEX orders_one_unpaid_per_cart ON orders (cart_id) WHERE status = 'pending_payment';

-- One row per mismatch found in one observation (a webhook event, the provider's answer to a
-- look-up or cancel, or the payment as created): replaying the same event adds nothing.
CREATE TABLE payment_anomalies (
    -- The provider's event id, or "reconcile:…" / "create:…" for what the provider answered.
    event_id TEXT NOT NULL,
    -- amount_mismatch, currency_mismatch, order_mismatch, mode_mismatch.
    kind TEXT NOT NULL CHECK (kind IN ('amount_mismatch', 'currency_mismatch', 'order_mismatch', 'mode_mismatch')),
    -- The order the payment belongs to (by our payments table, or the one it was created for).
    order_id UUID NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    provider_ref TEXT NOT NULL,
    -- What the event wanted to do: succeeded, failed, canceled, or created.
    outcome TEXT NOT NULL,
    -- The order's value and the event's, as text for people ("7800 GBP", "1 USD", "live").
    expected TEXT NOT NULL,
    observed TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Set by an admin once reviewed; open anomalies are the review queue.
    resolved_at TIMESTAMPTZ,
    PRIMARY KEY (event_id, kind)
);

CREATE INDEX payment_anomalies_open ON payment_anomalies (created_at DESC) WHERE resolved_at IS NULL;
CREATE INDEX payment_anomalies_order ON payment_anomalies (order_id);
