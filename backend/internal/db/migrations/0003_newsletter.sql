-- Newsletter sign-ups (owned by the newsletter context). Addresses are stored lower-cased; the
-- unique index on lower(email) keeps one row per address even if a writer forgets.

CREATE TABLE newsletter_subscriptions (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    email TEXT NOT NULL CHECK (email <> ''),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_subscriptions_email ON newsletter_subscriptions (lower(email));
