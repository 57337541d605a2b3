-- A signed-in customer's cart belongs to their account (issue 4): it follows them across devices,
-- and only they may see or change it; a guest cart (account_id NULL) stays addressed by its secret
-- id alone. A customer has at most one cart, which also lets a sign-in on two devices at once
-- agree on the same cart instead of creating two.
--
-- No foreign key to accounts yet: that table arrives in migration 0006 on a branch developed in
-- parallel, and this file must apply without it. A later migration can add
-- REFERENCES accounts (id) ON DELETE CASCADE once both are merged.

ALTER TABLE carts ADD COLUMN account_id UUID;

CREATE UNIQUE INDEX carts_account ON carts (account_id) WHERE account_id IS NOT NULL;
