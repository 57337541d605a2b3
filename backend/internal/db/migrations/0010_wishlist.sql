-- Signed-in customers' wishlists (owned by the wishlist context). Guests keep theirs in the
-- browser; it is merged in here when they sign in.

CREATE TABLE wishlist_items (
    account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    added_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, product_id)
);

-- The wishlist page, newest first.
CREATE INDEX wishlist_items_added ON wishlist_items (account_id, added_at DESC);
-- Deleting a product removes it from wishlists without scanning every row.
CREATE INDEX wishlist_items_product ON wishlist_items (product_id);
