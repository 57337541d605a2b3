-- Partner API keys (issue 14). A key is shown once when it is made; only the SHA-256 of it is
-- kept (it is 256 random bits, so a slow hash would protect nothing), with its first characters
-- for people to recognise it by. Its scopes say which procedures it may call (authz policy);
-- allowed_origins which browser origins may use a publishable key. A revoked key stays listed, so
-- the log of who made and revoked what is not lost, but never authenticates again.
CREATE TABLE api_keys (
    id              UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    kind            TEXT NOT NULL CHECK (kind IN ('secret', 'publishable')),
    prefix          TEXT NOT NULL,
    token_hash      BYTEA NOT NULL UNIQUE,
    scopes          TEXT[] NOT NULL,
    allowed_origins TEXT[] NOT NULL DEFAULT '{}',
    created_by      UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_used_at    TIMESTAMPTZ,
    revoked_at      TIMESTAMPTZ,
    revoked_by      UUID REFERENCES accounts (id) ON DELETE SET NULL
);

CREATE INDEX api_keys_created_at ON api_keys (created_at DESC, id DESC);
