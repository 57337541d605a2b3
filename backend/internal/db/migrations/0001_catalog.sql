-- Catalogue (owned by the catalog context), delivery options (shipping), store settings
-- (settings) and content pages (content). Portable to CockroachDB: UUID keys, no sequences,
-- partial and expression indexes, trigram GIN indexes (CockroachDB has them natively).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE products (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    -- NULL while a draft has no price; such products are never visible.
    price_minor BIGINT CHECK (price_minor >= 0),
    currency_code TEXT NOT NULL DEFAULT 'GBP' CHECK (char_length(currency_code) = 3),
    -- NULL, not '', when a product has no SKU, so the uniqueness rule ignores it.
    sku TEXT UNIQUE CHECK (sku <> ''),
    stock_quantity INT NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
    is_active BOOL NOT NULL DEFAULT true,
    published BOOL NOT NULL DEFAULT true,
    featured BOOL NOT NULL DEFAULT false,
    version INT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One partial index per public sort order, restricted to visible products, so a page of the
-- listing is an index range scan whatever the catalogue's size.
CREATE INDEX products_visible_newest ON products (created_at DESC, id DESC)
    WHERE is_active AND published AND name <> '' AND price_minor IS NOT NULL;
CREATE INDEX products_visible_price ON products (price_minor, id)
    WHERE is_active AND published AND name <> '' AND price_minor IS NOT NULL;
CREATE INDEX products_visible_name ON products (lower(name), id)
    WHERE is_active AND published AND name <> '' AND price_minor IS NOT NULL;
-- Substring search (ILIKE '%term%') on name and description.
CREATE INDEX products_name_trgm ON products USING GIN (name gin_trgm_ops);
CREATE INDEX products_description_trgm ON products USING GIN (description gin_trgm_ops);

CREATE TABLE product_attributes (
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INT NOT NULL,
    name TEXT NOT NULL CHECK (name <> ''),
    value TEXT NOT NULL CHECK (value <> ''),
    PRIMARY KEY (product_id, position)
);
-- Category filter and the category list: (name, value) → products.
CREATE INDEX product_attributes_name_value ON product_attributes (name, value, product_id);

CREATE TABLE product_images (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INT NOT NULL,
    is_primary BOOL NOT NULL DEFAULT false,
    alt TEXT NOT NULL DEFAULT '',
    -- Renditions: [{"key","width","height","content_type"}], narrowest first.
    variants JSONB NOT NULL DEFAULT '[]',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (product_id, position)
);
-- At most one primary image per product; the catalog service keeps it at exactly one.
CREATE UNIQUE INDEX product_images_one_primary ON product_images (product_id) WHERE is_primary;

CREATE TABLE delivery_options (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    code TEXT NOT NULL UNIQUE CHECK (code <> ''),
    name TEXT NOT NULL CHECK (name <> ''),
    carrier TEXT NOT NULL DEFAULT '',
    estimated_delivery TEXT NOT NULL DEFAULT '',
    price_minor BIGINT NOT NULL CHECK (price_minor >= 0),
    currency_code TEXT NOT NULL DEFAULT 'GBP' CHECK (char_length(currency_code) = 3),
    -- When set, the option costs nothing for subtotals above this amount.
    free_over_minor BIGINT CHECK (free_over_minor >= 0),
    position INT NOT NULL DEFAULT 0,
    active BOOL NOT NULL DEFAULT true,
    version INT NOT NULL DEFAULT 1,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A single row: the key is constrained to true.
CREATE TABLE store_settings (
    id BOOL PRIMARY KEY DEFAULT true CHECK (id),
    store_name TEXT NOT NULL,
    address_line1 TEXT NOT NULL DEFAULT '',
    address_line2 TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    postcode TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    company_number TEXT NOT NULL DEFAULT '',
    vat_number TEXT NOT NULL DEFAULT '',
    currency_code TEXT NOT NULL DEFAULT 'GBP' CHECK (char_length(currency_code) = 3),
    version INT NOT NULL DEFAULT 1,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE pages (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    slug TEXT NOT NULL UNIQUE CHECK (slug <> ''),
    title TEXT NOT NULL,
    html TEXT NOT NULL DEFAULT '',
    version INT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
