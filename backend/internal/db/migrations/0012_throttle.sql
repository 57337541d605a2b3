-- Throttling becomes one rule for the whole shop (package throttle): sign-ins, resets and
-- registrations as before, and now new carts, contact messages and newsletter sign-ups. Its
-- attempts move to a table named for what it is; the old one held only counts younger than an
-- hour, so starting afresh loses nothing that matters.
--
-- One row per counted attempt, keyed by kind and the SHA-256 of what is limited (a normalised
-- e-mail address or a client address), so the table keeps no readable addresses. Counting rows
-- in a sliding window and inserting in one SERIALIZABLE transaction makes concurrent attempts
-- count exactly; rows older than a day are pruned.
DROP TABLE auth_attempts;
CREATE TABLE throttle_attempts (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    kind TEXT NOT NULL CHECK (kind <> ''),
    key_hash BYTEA NOT NULL,
    at TIMESTAMPTZ NOT NULL
);
CREATE INDEX throttle_attempts_key ON throttle_attempts (kind, key_hash, at);
CREATE INDEX throttle_attempts_at ON throttle_attempts (at);

-- Who placed an order (order context), for checkout's cap on the unpaid orders, and the units
-- they hold, of one client address and of one e-mail address: both as SHA-256 of the throttle
-- key (the client's address or /64, the lower-cased e-mail), never readable. A table of its own
-- rather than columns of orders, so that adding it and its indexes is one plain schema change on
-- every engine. The cap joins it to the live unpaid orders (orders_awaiting_payment).
CREATE TABLE order_clients (
    order_id UUID PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    -- NULL when the client's address was not known.
    client_key_hash BYTEA,
    email_key_hash BYTEA NOT NULL
);
CREATE INDEX order_clients_client ON order_clients (client_key_hash) WHERE client_key_hash IS NOT NULL;
CREATE INDEX order_clients_email ON order_clients (email_key_hash);
