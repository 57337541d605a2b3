-- Settings with history (issue 12): the store's details and each delivery option keep one
-- immutable row per saved change, the whole aggregate as that change left it, as page_revisions
-- does for pages. store_settings.version and delivery_options.version are the revisions. The
-- actor's name and e-mail are copied so that history still says who after an account goes. What
-- the seed saved has no row for its revision; the first admin change records it as the system's.
CREATE TABLE store_settings_revisions (
    revision INT PRIMARY KEY CHECK (revision >= 1),
    action TEXT NOT NULL CHECK (action IN ('created', 'updated', 'restored')),
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    snapshot JSONB NOT NULL,
    restored_from INT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE delivery_option_revisions (
    option_id UUID NOT NULL REFERENCES delivery_options (id) ON DELETE CASCADE,
    revision INT NOT NULL CHECK (revision >= 1),
    action TEXT NOT NULL CHECK (action IN ('created', 'updated', 'restored')),
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    snapshot JSONB NOT NULL,
    restored_from INT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (option_id, revision)
);

-- The one free-delivery rule (PRODUCT.md: Standard is free over £50) lives where checkout prices
-- it, as delivery_options.free_over_minor on at most one option; shipping.Service keeps it at most
-- one. Its changes are numbered here: the rule's revision is the newest row's (1, the seed's rule,
-- when there is none yet). option_code is '' when no option is free.
CREATE TABLE free_delivery_rule_revisions (
    revision INT PRIMARY KEY CHECK (revision >= 1),
    option_code TEXT NOT NULL DEFAULT '',
    threshold_minor BIGINT CHECK (threshold_minor >= 0),
    actor_id UUID,
    actor_name TEXT NOT NULL DEFAULT '',
    actor_email TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
