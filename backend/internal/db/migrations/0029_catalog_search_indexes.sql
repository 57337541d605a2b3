-- Indexes over what 0028 and 0026 added (separate: CockroachDB cannot index a column added in
-- the same transaction).

-- Full-text search over visible products: the listing's WHERE repeats this predicate.
CREATE INDEX products_visible_search ON products USING GIN (search_document)
    WHERE is_active AND published AND archived_at IS NULL AND name <> '' AND price_minor IS NOT NULL;

-- Typo correction finds the words similar to a typed one through this index (`%`).
CREATE INDEX search_terms_trgm ON search_terms USING GIN (term gin_trgm_ops);
