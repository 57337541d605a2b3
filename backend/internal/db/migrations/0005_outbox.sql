-- The transactional outbox (ARCHITECTURE §2). A domain change that needs follow-up work (an
-- e-mail, an image rendition) writes a row here in its own transaction; the relay moves rows into
-- the job queue and deletes them. So the follow-up is never lost when the process dies between
-- commit and enqueue, and never happens for a change that rolled back.

CREATE TABLE outbox (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    topic TEXT NOT NULL CHECK (topic <> ''),
    payload JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX outbox_created_at ON outbox (created_at);
