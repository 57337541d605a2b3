-- Pages with history (issue 12): one immutable row per saved change of a page, the whole page as
-- that change left it, as product_revisions does for products. The existing pages.version column
-- is the page's revision. The actor's name and e-mail are copied so that history still says who
-- after an account goes. A page saved outside the admin API (the seed) has no row for its
-- revision; the first admin change records it as the system's (content.Service.change).
CREATE TABLE page_revisions (
    page_id UUID NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
    revision INT NOT NULL CHECK (revision >= 1),
    action TEXT NOT NULL CHECK (action IN ('created', 'updated', 'restored')),
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    snapshot JSONB NOT NULL,
    restored_from INT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (page_id, revision)
);
