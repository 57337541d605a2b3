-- Accounts, sessions, password resets and sign-in throttling (owned by the account context).
-- Every timestamp the rules compare (expiry, throttling windows) is written by the service from
-- its own clock, so tests can move time and several API processes agree on one rule.

CREATE TABLE accounts (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    first_name TEXT NOT NULL CHECK (first_name <> ''),
    last_name TEXT NOT NULL CHECK (last_name <> ''),
    -- Stored trimmed and lower-cased, so the plain unique constraint is the case-insensitive one
    -- (and works the same in CockroachDB, without an expression index).
    email TEXT NOT NULL UNIQUE CHECK (email <> '' AND email = lower(email)),
    -- PHC string: $argon2id$v=19$m=…,t=…,p=…$salt$hash, so parameters can be raised later.
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_login_at TIMESTAMPTZ,
    version INT NOT NULL DEFAULT 1
);
-- The back office lists accounts newest first, paged by (created_at, id).
CREATE INDEX accounts_newest ON accounts (created_at DESC, id DESC);

-- A session is known only by the SHA-256 of its bearer token: a database leak gives no usable
-- token. Sessions are revoked rather than deleted, so "who was signed in" survives until pruned.
CREATE TABLE sessions (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    token_hash BYTEA NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Single-use password reset tokens, also stored only as SHA-256 hashes.
CREATE TABLE password_reset_tokens (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    token_hash BYTEA NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX password_reset_tokens_account ON password_reset_tokens (account_id);

-- Throttling: one row per counted attempt (a failed sign-in, a reset request), keyed by kind and
-- the SHA-256 of what is limited (a normalised e-mail address or a client IP), so the table keeps
-- no readable addresses. Counting rows in a sliding window and inserting in one SERIALIZABLE
-- transaction makes concurrent attempts count exactly; old rows are pruned.
CREATE TABLE auth_attempts (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    kind TEXT NOT NULL CHECK (kind <> ''),
    key_hash BYTEA NOT NULL,
    at TIMESTAMPTZ NOT NULL
);
CREATE INDEX auth_attempts_key ON auth_attempts (kind, key_hash, at);
CREATE INDEX auth_attempts_at ON auth_attempts (at);
