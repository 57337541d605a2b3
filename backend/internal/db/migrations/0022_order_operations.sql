-- Running orders (issue 12): fulfilment with tracking, cancellation and refunds through the
-- payment provider, and a timeline that says who did what.
--
-- refunded_minor is what the provider has confirmed returning to the shopper, summed over the
-- order's refunds: the dashboard's revenue is net of it. It only ever grows, and never beyond the
-- total (a refund is refused before it is asked of the provider when it would go beyond).
ALTER TABLE orders ADD COLUMN refunded_minor BIGINT NOT NULL DEFAULT 0
    CHECK (refunded_minor >= 0 AND refunded_minor <= total_minor);

-- Orders refunded in full before refunds were recorded one by one (late payments for orders that
-- had lapsed) count as refunded in full.
UPDATE orders SET refunded_minor = total_minor WHERE status = 'refunded';

-- Where a shipped order is: the carrier (from its delivery option), the number the carrier gave
-- and the tracking page built from both.
ALTER TABLE orders ADD COLUMN tracking_carrier TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_number TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_url TEXT NOT NULL DEFAULT '';

-- Who moved an order: an admin (id, and name and e-mail copied so the timeline still says who
-- after an account goes), or nobody for the payment provider's events and the shop's own jobs.
ALTER TABLE order_status_history ADD COLUMN actor_id UUID;
ALTER TABLE order_status_history ADD COLUMN actor_name TEXT NOT NULL DEFAULT '';
ALTER TABLE order_status_history ADD COLUMN actor_email TEXT NOT NULL DEFAULT '';

-- One row per refund an admin asked for (or a cancellation asked for in full). It is pending
-- until the provider's verified event settles it as succeeded or failed; only then does the order
-- count the money as returned. The provider is asked with this row's id as its idempotency key,
-- so however often the request is retried the shopper is refunded once.
CREATE TABLE order_refunds (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id UUID NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
    currency_code TEXT NOT NULL CHECK (char_length(currency_code) = 3),
    reason TEXT NOT NULL DEFAULT '',
    -- The lines to put back in stock when the refund succeeds: [{"product_id", "quantity"}].
    restock JSONB NOT NULL DEFAULT '[]',
    -- True when the refund is part of cancelling the order (its stock went back at once).
    for_cancellation BOOL NOT NULL DEFAULT false,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    -- The admin request's idempotency key, so a repeat of the request answers this refund.
    request_key TEXT UNIQUE,
    -- The provider's id for the refund (Stripe's re_…), once it has answered.
    provider_ref TEXT NOT NULL DEFAULT '',
    failure_message TEXT NOT NULL DEFAULT '',
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    settled_at TIMESTAMPTZ
);

CREATE INDEX order_refunds_by_order ON order_refunds (order_id, created_at);
-- Reconciliation's scan: refunds still waiting for the provider's word, oldest first.
CREATE INDEX order_refunds_pending ON order_refunds (created_at) WHERE status = 'pending';

-- Admin requests that change an order, by the idempotency key the client sent: a repeat with the
-- same key and the same request does nothing and answers the order as it is; the same key with
-- another request is refused.
CREATE TABLE order_admin_requests (
    idempotency_key TEXT PRIMARY KEY,
    order_id UUID NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    action TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- E-mails about an order name it, so its timeline shows what the shopper was sent and when.
ALTER TABLE mail_sent ADD COLUMN order_id UUID;
CREATE INDEX mail_sent_by_order ON mail_sent (order_id, sent_at) WHERE order_id IS NOT NULL;

-- The admin's order list: newest first, by status, over every order.
CREATE INDEX orders_by_created ON orders (created_at DESC, id DESC);
CREATE INDEX orders_by_status ON orders (status, created_at DESC, id DESC);
