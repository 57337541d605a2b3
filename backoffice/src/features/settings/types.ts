import type { components } from "~/lib/api/schema.gen";

type Schemas = components["schemas"];
export type StoreDetails = Schemas["atelier.admin.v1.StoreDetails"];
export type StoreDetailsInput = Schemas["atelier.admin.v1.StoreDetailsInput"];
export type DeliveryOption = Schemas["atelier.admin.v1.AdminDeliveryOption"];
export type FreeDeliveryRule = Schemas["atelier.admin.v1.FreeDeliveryRule"];
export type FieldChange = Schemas["atelier.admin.v1.FieldChange"];
export type Actor = Schemas["atelier.admin.v1.Actor"];
