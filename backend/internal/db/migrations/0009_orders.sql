-- Orders (owned by the order context) and their payments (owned by the payment context).
--
-- An order is written once, when checkout is submitted, with every amount the server computed:
-- lines, delivery, VAT and total never change afterwards. Its status only moves forward (the
-- order package holds the allowed transitions). Stock is reserved by the same transaction that
-- inserts the order, with a conditional decrement of products.stock_quantity that can never take
-- it below zero, and is released when the payment fails or the reservation expires.

CREATE TABLE orders (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    -- Public order number, random (not a sequence): shown to shoppers, not guessable.
    number TEXT NOT NULL UNIQUE,
    -- NULL for a guest's order.
    account_id UUID REFERENCES accounts (id) ON DELETE SET NULL,
    email TEXT NOT NULL CHECK (email <> ''),
    status TEXT NOT NULL CHECK (status IN ('pending_payment', 'paid', 'processing', 'shipped',
        'delivered', 'cancelled', 'refunded', 'payment_failed')),
    -- The cart the order was placed from; its ordered lines are removed when the order is paid.
    cart_id UUID,
    -- Checkout's idempotency key and a hash of the request it came with: the same key with the
    -- same request returns this order, with another request it is refused.
    idempotency_key TEXT NOT NULL UNIQUE,
    request_hash TEXT NOT NULL,
    -- Addresses as JSON objects (first_name, last_name, address_line1, address_line2, city,
    -- region, postcode, country_code). billing_address is NULL when it is the shipping address.
    shipping_address JSONB NOT NULL,
    billing_address JSONB,
    requires_signature BOOL NOT NULL,
    delivery_code TEXT NOT NULL,
    delivery_name TEXT NOT NULL,
    delivery_carrier TEXT NOT NULL DEFAULT '',
    delivery_estimate TEXT NOT NULL DEFAULT '',
    delivery_minor BIGINT NOT NULL CHECK (delivery_minor >= 0),
    subtotal_minor BIGINT NOT NULL CHECK (subtotal_minor >= 0),
    vat_minor BIGINT NOT NULL CHECK (vat_minor >= 0),
    total_minor BIGINT NOT NULL CHECK (total_minor = subtotal_minor + delivery_minor),
    currency_code TEXT NOT NULL CHECK (char_length(currency_code) = 3),
    -- When an unpaid order's reservation lapses.
    expires_at TIMESTAMPTZ NOT NULL,
    -- The payment's last failure as the provider words it.
    payment_error TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    version INT NOT NULL DEFAULT 1
);

-- A customer's order history, newest first.
CREATE INDEX orders_account ON orders (account_id, created_at DESC, id DESC) WHERE account_id IS NOT NULL;
-- The expiry job's scan (unpaid orders by deadline), reconciliation's (by age), and checkout's
-- look for a cart's earlier unpaid attempts.
CREATE INDEX orders_awaiting_payment ON orders (expires_at) WHERE status = 'pending_payment';
CREATE INDEX orders_unpaid_by_age ON orders (created_at) WHERE status = 'pending_payment';
CREATE INDEX orders_unpaid_by_cart ON orders (cart_id) WHERE status = 'pending_payment';

CREATE TABLE order_lines (
    order_id UUID NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position INT NOT NULL,
    product_id UUID NOT NULL,
    name TEXT NOT NULL,
    sku TEXT NOT NULL DEFAULT '',
    quantity INT NOT NULL CHECK (quantity > 0),
    unit_minor BIGINT NOT NULL CHECK (unit_minor >= 0),
    line_minor BIGINT NOT NULL CHECK (line_minor = unit_minor * quantity),
    vat_minor BIGINT NOT NULL CHECK (vat_minor >= 0),
    PRIMARY KEY (order_id, position)
);

-- Every status an order has had: its timeline.
CREATE TABLE order_status_history (
    order_id UUID NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Why, for people reading the back office: "payment_intent.succeeded evt_…", "expired".
    reason TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (order_id, status)
);

-- One payment per order: the provider's payment (a Stripe PaymentIntent, or the test mode's).
CREATE TABLE payments (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id UUID NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    provider TEXT NOT NULL CHECK (provider IN ('stripe', 'test')),
    -- The provider's id for it, e.g. "pi_…"; unique so an event finds exactly one payment.
    provider_ref TEXT NOT NULL UNIQUE,
    client_secret TEXT NOT NULL,
    amount_minor BIGINT NOT NULL CHECK (amount_minor >= 0),
    currency_code TEXT NOT NULL,
    -- requires_payment, succeeded, failed, cancelled, refunded.
    status TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Provider events already applied, by the provider's event id: a repeated delivery is a no-op.
CREATE TABLE payment_events (
    event_id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT '',
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The test provider's payments (payment context), standing in for Stripe's own records when no
-- Stripe keys are configured: reconciliation asks these, as it would ask Stripe.
CREATE TABLE test_payment_intents (
    ref TEXT PRIMARY KEY,
    order_id UUID NOT NULL UNIQUE,
    amount_minor BIGINT NOT NULL CHECK (amount_minor >= 0),
    currency_code TEXT NOT NULL,
    -- requires_payment, failed, succeeded, canceled, refunded.
    status TEXT NOT NULL,
    failure_message TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Keys the server signs with (order access links, test-mode payment events), made at first use
-- and kept here so every instance, and every restart, signs alike.
CREATE TABLE signing_keys (
    name TEXT PRIMARY KEY,
    secret BYTEA NOT NULL CHECK (length(secret) >= 32),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
