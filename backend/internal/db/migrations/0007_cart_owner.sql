-- A signed-in customer's cart belongs to their account (issue 4): it follows them across devices,
-- and only they may see or change it; a guest cart (account_id NULL) stays addressed by its secret
-- id alone. A customer has at most one cart, which also lets a sign-in on two devices at once
-- agree on the same cart instead of creating two.
--
-- The account is referenced by id only, without a foreign key: carts and accounts are separate
-- contexts that own their tables, and the cart context's rules and tests do not need accounts.

ALTER TABLE carts ADD COLUMN account_id UUID;

CREATE UNIQUE INDEX carts_account ON carts (account_id) WHERE account_id IS NOT NULL;
