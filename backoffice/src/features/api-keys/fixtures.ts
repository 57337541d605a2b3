// Keys and scopes as the API answers them, for the section's tests and stories.
import type { ApiKey, ApiKeyScope } from "./api";

export const scopes: ApiKeyScope[] = [
  {
    scope: "catalog:read",
    description: "Read the public catalogue: products, categories, delivery options, store settings, pages.",
    publishable: true,
  },
  { scope: "carts:write", description: "Create guest carts and change their contents.", publishable: false },
  {
    scope: "orders:read",
    description: "Read every order, with its payments, refunds and timeline.",
    publishable: false,
  },
  {
    scope: "products:write",
    description: "Create, edit, publish, archive and restore products and their images.",
    publishable: false,
  },
];

const ada = { id: "0b6a3f4e-6d2b-4a39-9d4e-3f1c2b7a5e10", name: "Ada Lovelace", email: "ada@atelier.test" };

export const warehouse: ApiKey = {
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a41",
  name: "Warehouse sync",
  kind: "API_KEY_KIND_SECRET",
  prefix: "atl_sk_3fK9aB",
  scopes: ["orders:read", "products:write"],
  allowed_origins: [],
  created_by: ada,
  created_at: "2026-11-20T09:00:00Z",
  last_used_at: "2026-11-27T08:15:00Z",
};

export const lookbook: ApiKey = {
  id: "7a2e3d4c-5b6f-4a71-9b8c-0d1e2f3a4b52",
  name: "Lookbook site",
  kind: "API_KEY_KIND_PUBLISHABLE",
  prefix: "atl_pk_Q7w2Lm",
  scopes: ["catalog:read"],
  allowed_origins: ["https://lookbook.partner.example"],
  created_by: ada,
  created_at: "2026-11-25T14:30:00Z",
};

export const retired: ApiKey = {
  id: "8b3f4e5d-6c7a-4b82-8c9d-1e2f3a4b5c63",
  name: "Old ERP",
  kind: "API_KEY_KIND_SECRET",
  prefix: "atl_sk_Zx81Pq",
  scopes: ["orders:read"],
  allowed_origins: [],
  created_by: ada,
  created_at: "2026-06-01T10:00:00Z",
  last_used_at: "2026-10-30T23:59:00Z",
  revoked_at: "2026-11-01T09:00:00Z",
};

/** A secret as the API answers it once: "atl_sk_" and 43 base-62 characters. */
export const newSecret = "atl_sk_3fK9aBcD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5a";
