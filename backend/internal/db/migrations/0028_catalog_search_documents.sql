-- The search documents, English-stemmed ("serums" finds "serum"). PostgreSQL would build one
-- document with setweight(…, 'A') || setweight(…, 'B') || …, but CockroachDB (v24/v25) has
-- neither setweight nor tsvector concatenation: so search matches the whole document and ranks by
-- a weighted sum of the name's, the brand's and the whole document's ts_rank (ADR 014). All three
-- are generated, so no write can leave them stale.
ALTER TABLE products ADD COLUMN search_name TSVECTOR
    GENERATED ALWAYS AS (to_tsvector('english', name)) STORED;
ALTER TABLE products ADD COLUMN search_brand TSVECTOR
    GENERATED ALWAYS AS (to_tsvector('english', brand_text)) STORED;
ALTER TABLE products ADD COLUMN search_document TSVECTOR
    GENERATED ALWAYS AS (to_tsvector('english', name || ' ' || brand_text || ' ' || description)) STORED;
