-- Outbound webhooks (issue 14): endpoints partners register, the events the shop emits to them
-- and one delivery per event and endpoint.
--
-- An event reaches these tables through the outbox: the domain change writes a 'webhook.event'
-- outbox row in its own transaction; the fan-out job copies it here (keyed by the outbox id,
-- which is the event's stable id, webhook-id on the wire) and adds a delivery for each enabled
-- endpoint subscribed to its type.

CREATE TABLE webhook_endpoints (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    url TEXT NOT NULL CHECK (url <> ''),
    description TEXT NOT NULL DEFAULT '',
    -- The event types the endpoint receives (order.paid, …), at least one.
    event_types TEXT[] NOT NULL CHECK (cardinality(event_types) > 0),
    enabled BOOL NOT NULL DEFAULT true,
    -- The signing secret, whsec_ + base64 of 32 random bytes. Kept in clear: HMAC needs it, unlike
    -- a password it cannot be stored as a hash. Shown to the admin only when made.
    secret TEXT NOT NULL,
    -- The secret a rotation replaced, still signing (beside the new one) until previous_expires_at,
    -- so a receiver can switch over without dropping a delivery.
    previous_secret TEXT NOT NULL DEFAULT '',
    previous_expires_at TIMESTAMPTZ,
    -- Deliveries that failed for good (every attempt) one after another, with no success between:
    -- at webhook.DisableAfter the endpoint is disabled and the shop is e-mailed.
    failure_streak INT NOT NULL DEFAULT 0 CHECK (failure_streak >= 0),
    disabled_reason TEXT NOT NULL DEFAULT '',
    disabled_at TIMESTAMPTZ,
    created_by UUID,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    version INT NOT NULL DEFAULT 1
);

CREATE INDEX webhook_endpoints_by_created ON webhook_endpoints (created_at DESC, id DESC);

-- One row per event, the body exactly as it is signed and sent ({"type","timestamp","data"}), so
-- every attempt and every replay sends the same bytes.
CREATE TABLE webhook_events (
    id UUID PRIMARY KEY,
    type TEXT NOT NULL CHECK (type <> ''),
    body BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX webhook_events_by_created ON webhook_events (created_at);

CREATE TABLE webhook_deliveries (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    endpoint_id UUID NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id UUID NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    event_type TEXT NOT NULL,
    -- A replay an admin asked for; the fan-out's own delivery is unique per event and endpoint.
    replay BOOL NOT NULL DEFAULT false,
    -- pending: not tried yet; retrying: failed, tried again at next_attempt_at; succeeded; failed:
    -- every attempt failed; skipped: the endpoint was disabled or stopped subscribing meanwhile.
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed', 'skipped')),
    attempts INT NOT NULL DEFAULT 0,
    response_code INT NOT NULL DEFAULT 0,
    duration_ms INT NOT NULL DEFAULT 0,
    -- At most 1 KB of the receiver's answer, and why the attempt failed when it did not answer.
    response_body TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    last_attempt_at TIMESTAMPTZ,
    next_attempt_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (event_id, endpoint_id) WHERE NOT replay;
-- The delivery log of an endpoint, newest first.
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
-- Replays and the cascade when old events are pruned find an event's deliveries.
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);
