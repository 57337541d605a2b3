-- Shoppers' carts (owned by the cart context). A cart is addressed by its random id alone, so the
-- id is the secret: gen_random_uuid(), never a sequence. Lines hold only what the shopper chose;
-- prices and stock are read from the catalogue each time a cart is shown.

CREATE TABLE carts (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Bumped by every write, which also makes concurrent writers of one cart conflict on this row
    -- and be retried one after the other.
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE cart_lines (
    cart_id UUID NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    quantity INT NOT NULL CHECK (quantity > 0),
    -- Lines are listed in the order their products were first added; raising a quantity keeps it.
    added_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (cart_id, product_id)
);
-- Deleting a product removes it from carts without scanning every line.
CREATE INDEX cart_lines_product ON cart_lines (product_id);
