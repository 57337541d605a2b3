-- Messages from the contact form (owned by the contact context). The database, not an inbox, is
-- the record: a message is stored before anything tries to forward it to the shop.

CREATE TABLE contact_messages (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name TEXT NOT NULL CHECK (name <> ''),
    email TEXT NOT NULL CHECK (email <> ''),
    subject TEXT NOT NULL CHECK (subject <> ''),
    message TEXT NOT NULL CHECK (message <> ''),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
