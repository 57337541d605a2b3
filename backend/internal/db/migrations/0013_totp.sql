-- Two-factor authentication (TOTP, RFC 6238) and its recovery codes (owned by the account context).

-- One row per account that started setting up an authenticator app. enabled_at is NULL until the
-- owner confirmed a code (the setup is pending and sign-in does not ask for codes yet). last_step
-- is the RFC 6238 time step of the last code accepted: a code of that step or an earlier one is
-- never accepted again, which the conditional UPDATE that accepts a code enforces.
--
-- The secret is stored as it is, not encrypted: the only server-side key the shop has
-- (signing_keys) lives in this same database, so encrypting with it would not protect the secret
-- from anyone who can read this table. A leaked secret lets its holder make codes, but a code is
-- worth nothing without the account's password (argon2id-hashed); keep database backups as
-- protected as the database itself.
CREATE TABLE account_totp (
    account_id UUID PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    secret BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    enabled_at TIMESTAMPTZ,
    last_step BIGINT NOT NULL DEFAULT 0
);

-- Single-use recovery codes, stored only as SHA-256 hashes (each code has 80 random bits).
CREATE TABLE account_recovery_codes (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    code_hash BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ,
    UNIQUE (account_id, code_hash)
);
