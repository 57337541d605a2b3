-- Indexes over the columns 0015 added (separate: CockroachDB cannot index a column added in the
-- same transaction).

-- The public listing's partial indexes now leave archived products out, like the listing does.
DROP INDEX products_visible_newest;
DROP INDEX products_visible_price;
DROP INDEX products_visible_name;
CREATE INDEX products_visible_newest ON products (created_at DESC, id DESC)
    WHERE is_active AND published AND archived_at IS NULL AND name <> '' AND price_minor IS NOT NULL;
CREATE INDEX products_visible_price ON products (price_minor, id)
    WHERE is_active AND published AND archived_at IS NULL AND name <> '' AND price_minor IS NOT NULL;
CREATE INDEX products_visible_name ON products (lower(name), id)
    WHERE is_active AND published AND archived_at IS NULL AND name <> '' AND price_minor IS NOT NULL;

-- The admin listing searches the sku too (name and description have trigram indexes already).
CREATE INDEX products_sku_trgm ON products USING GIN (sku gin_trgm_ops);

-- A subject's audit trail, newest first.
CREATE INDEX audit_events_subject ON audit_events (subject_type, subject_id, occurred_at DESC);
