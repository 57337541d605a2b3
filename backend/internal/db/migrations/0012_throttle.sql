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
