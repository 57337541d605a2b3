-- Partial refunds in test mode (issue 12). The test provider stands in for Stripe's Refunds API:
-- a payment may be refunded in parts, never beyond its amount, each refund once per idempotency
-- key, and each announced by a signed event like Stripe's.

-- What has been refunded of a test payment so far. A payment refunded in full before this column
-- existed has status 'refunded', which the provider reads as nothing left to refund (the column
-- is not back-filled: CockroachDB cannot write a column added in the same transaction).
ALTER TABLE test_payment_intents ADD COLUMN refunded_minor BIGINT NOT NULL DEFAULT 0
    CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor);

-- One row per refund, keyed as Stripe keys requests: the same key is the same refund, however
-- often it is asked for. refund_ref is the refund's id in events (re_test_…).
CREATE TABLE test_payment_refunds (
    idempotency_key TEXT PRIMARY KEY,
    refund_ref TEXT NOT NULL UNIQUE,
    payment_ref TEXT NOT NULL REFERENCES test_payment_intents (ref) ON DELETE CASCADE,
    -- The metadata the refund was asked with (order_id, refund_id), as text: the provider
    -- echoes what it was given, as Stripe does, and refund_id may be empty.
    order_id TEXT NOT NULL DEFAULT '',
    refund_id TEXT NOT NULL DEFAULT '',
    amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
    currency_code TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX test_payment_refunds_by_payment ON test_payment_refunds (payment_ref, created_at);
