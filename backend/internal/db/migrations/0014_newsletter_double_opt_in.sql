-- Newsletter double opt-in (owned by the newsletter context). A sign-up is pending until its
-- address confirms it through an e-mailed link: confirmed_at is NULL until then, and only
-- confirmed subscriptions count as subscribers.
--
-- Subscriptions made before this migration never confirmed their address, so they stay pending:
-- they receive nothing until their owner signs up again and confirms.
ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TIMESTAMPTZ;

-- The tokens of the confirmation links, stored only as their SHA-256, each with its expiry. A
-- subscription may have several (a second sign-up sends a second e-mail, and the first e-mail's
-- link keeps working); confirming deletes them all, so a link works once, and so does
-- unsubscribing (the rows go with their subscription).
CREATE TABLE newsletter_confirmations (
    token_hash BYTEA PRIMARY KEY,
    subscription_id UUID NOT NULL REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX newsletter_confirmations_subscription ON newsletter_confirmations (subscription_id);
