-- Catalogue search (issue 17): full-text search with ranking, and a vocabulary for typo
-- tolerance. Schema only; 0027 fills what is new, 0028 adds the search documents, 0029 indexes
-- them: CockroachDB neither writes to nor indexes what the same transaction added or altered.

-- The product's brand as search sees it: its `brand` and `category` attribute values (the
-- two brands are the two categories, PRODUCT §1), joined by spaces. Attributes live in their own
-- table, which a generated column cannot read, so the catalogue's store keeps this column on
-- every write of a product (refreshSearch).
ALTER TABLE products ADD COLUMN brand_text TEXT NOT NULL DEFAULT '';

-- Every word (three letters or more, lower-cased) of every product's name and brand: the
-- vocabulary that a search matching nothing is corrected against ("seurm" → "serum"). Trigram
-- similarity of a typo to one word is meaningful; to a whole name it is not. Words of renamed or
-- archived products stay: a correction to one only finds nothing, as the search did.
CREATE TABLE search_terms (
    term TEXT PRIMARY KEY
);
