-- Hardening of the money path (issue 16).
--
-- 1. A cart has at most one order awaiting payment. Checkout supersedes the cart's earlier unpaid
--    order inside the transaction that places the new one, serialised by a lock on the cart row;
--    the unique index below makes the rule the database's own, so no path can leave two payable
--    orders for one cart. A superseded order names the order that replaced it: a payment that
--    still succeeds for it is returned, never honoured beside the new one. (Orders superseded by
--    the clean-up below name none: a late payment for one is treated as for a lapsed order.)
--
-- 2. Payment anomalies: a verified payment event (or the provider's own answer) whose amount,
--    currency, order or mode does not match the order it is about. The order is not paid; the
--    anomaly is kept here for an admin to review.

-- Carts that already hold several unpaid orders (placed by simultaneous submits before this
-- rule) keep their newest; the others are superseded as checkout now supersedes them: their stock
-- given back, their payment marked cancelled, a step in their timeline, cancelled. Each statement
-- finds them the same way (unpaid, not their cart's newest), so the status changes last. The new
-- column is not written here: CockroachDB cannot write a column added in the same transaction.
UPDATE products SET stock_quantity = products.stock_quantity + released.quantity
FROM (
    SELECT l.product_id, sum(l.quantity) AS quantity
    FROM order_lines l JOIN (
        SELECT id FROM (
            SELECT id, first_value(id) OVER (PARTITION BY cart_id ORDER BY created_at DESC, id DESC) AS keep
            FROM orders WHERE status = 'pending_payment' AND cart_id IS NOT NULL
        ) AS ranked WHERE id <> keep
    ) AS s ON s.id = l.order_id
    GROUP BY l.product_id
) AS released
WHERE products.id = released.product_id;

UPDATE payments SET status = 'canceled', updated_at = now()
WHERE status <> 'refunded' AND order_id IN (
    SELECT id FROM (
        SELECT id, first_value(id) OVER (PARTITION BY cart_id ORDER BY created_at DESC, id DESC) AS keep
        FROM orders WHERE status = 'pending_payment' AND cart_id IS NOT NULL
    ) AS ranked WHERE id <> keep
);

INSERT INTO order_status_history (order_id, status, reason)
SELECT id, 'cancelled', 'superseded by a newer checkout of its cart' FROM (
    SELECT id FROM (
        SELECT id, first_value(id) OVER (PARTITION BY cart_id ORDER BY created_at DESC, id DESC) AS keep
        FROM orders WHERE status = 'pending_payment' AND cart_id IS NOT NULL
    ) AS ranked WHERE id <> keep
) AS s
ON CONFLICT (order_id, status) DO NOTHING;

UPDATE orders SET status = 'cancelled', updated_at = now(), version = version + 1
WHERE id IN (
    SELECT id FROM (
        SELECT id, first_value(id) OVER (PARTITION BY cart_id ORDER BY created_at DESC, id DESC) AS keep
        FROM orders WHERE status = 'pending_payment' AND cart_id IS NOT NULL
    ) AS ranked WHERE id <> keep
);

ALTER TABLE orders ADD COLUMN superseded_by UUID;

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
