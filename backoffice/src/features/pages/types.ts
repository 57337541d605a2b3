import type { components } from "~/lib/api/schema.gen";

type Schemas = components["schemas"];
export type Actor = Schemas["atelier.admin.v1.Actor"];
export type FieldChange = Schemas["atelier.admin.v1.FieldChange"];
export type PageRevision = Schemas["atelier.admin.v1.PageRevision"];

/** AdminPage is the admin API's page (atelier.admin.v1.Page): its revision, who saved it, built in or not. */
export type AdminPage = Schemas["atelier.admin.v1.Page"];
