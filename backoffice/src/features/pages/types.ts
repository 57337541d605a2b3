import type { components } from "~/lib/api/schema.gen";

type Schemas = components["schemas"];
export type Actor = Schemas["Actor"];
export type FieldChange = Schemas["FieldChange"];
export type PageRevision = Omit<Schemas["PageRevision"], "page"> & { page?: AdminPage };

/**
 * AdminPage is the admin API's Page (atelier.admin.v1.Page). The OpenAPI document names it and
 * the storefront's Page alike and keeps only the storefront's fields, so the admin-only ones
 * the answers carry (revision, built_in, updated_by) are declared here until the contract
 * renames the admin message (as it did AdminDeliveryOption).
 */
export type AdminPage = Schemas["Page"] & {
  id?: string;
  built_in?: boolean;
  /** int64, as a string. */
  revision?: string;
  created_at?: string;
  updated_by?: Actor;
};
