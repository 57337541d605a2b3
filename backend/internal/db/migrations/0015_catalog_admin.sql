-- The catalogue's write side (issue 11): archiving, revisions with history, image
-- processing state and an audit trail. Indexes that read the new columns come in 0016:
-- CockroachDB cannot index a column added in the same transaction.

-- An archived product has left the shop (lists, search, carts) but stays on past orders.
-- updated_by is the account that saved the current revision (NULL for the seed or the system).
-- The existing version column is the product's revision.
ALTER TABLE products ADD COLUMN archived_at TIMESTAMPTZ;
ALTER TABLE products ADD COLUMN updated_by UUID REFERENCES accounts (id) ON DELETE SET NULL;

-- One immutable row per saved change of a product: the whole product as that change left it.
-- The actor's name and e-mail are copied so that history still says who after an account goes.
CREATE TABLE product_revisions (
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    revision INT NOT NULL CHECK (revision >= 1),
    action TEXT NOT NULL CHECK (action IN
        ('created', 'updated', 'published', 'unpublished', 'archived', 'restored', 'images_changed')),
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    snapshot JSONB NOT NULL,
    restored_from INT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (product_id, revision)
);

-- Uploaded images are processed by a job: state processing → ready or failed (with a reason).
-- Images from before this migration are ready. original_key names the uploaded bytes in the
-- media bucket; width, height, size_bytes and content_type describe them.
ALTER TABLE product_images ADD COLUMN state TEXT NOT NULL DEFAULT 'ready'
    CHECK (state IN ('processing', 'ready', 'failed'));
ALTER TABLE product_images ADD COLUMN failure_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE product_images ADD COLUMN original_key TEXT NOT NULL DEFAULT '';
ALTER TABLE product_images ADD COLUMN width INT NOT NULL DEFAULT 0;
ALTER TABLE product_images ADD COLUMN height INT NOT NULL DEFAULT 0;
ALTER TABLE product_images ADD COLUMN size_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product_images ADD COLUMN content_type TEXT NOT NULL DEFAULT '';

-- Who did what in the back office, for every aggregate admins edit (products now; pages,
-- settings and orders next). Append-only.
CREATE TABLE audit_events (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    occurred_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL CHECK (action <> ''),
    subject_type TEXT NOT NULL CHECK (subject_type <> ''),
    subject_id TEXT NOT NULL CHECK (subject_id <> ''),
    revision INT,
    detail JSONB NOT NULL DEFAULT '{}'
);
