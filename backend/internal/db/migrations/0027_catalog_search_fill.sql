-- Fills what 0026 added for the products already there; the catalogue's store keeps both from
-- now on, with the same two statements (catalog.refreshSearch).
UPDATE products SET brand_text = COALESCE((SELECT string_agg(a.value, ' ' ORDER BY a.position)
    FROM product_attributes a WHERE a.product_id = products.id AND lower(a.name) IN ('brand', 'category')), '');

INSERT INTO search_terms (term)
SELECT DISTINCT w.term
FROM products p, unnest(regexp_split_to_array(lower(p.name || ' ' || p.brand_text), '[[:space:][:punct:]]+')) AS w (term)
WHERE char_length(w.term) >= 3
ON CONFLICT (term) DO NOTHING;
