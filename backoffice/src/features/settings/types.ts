import type { components } from "~/lib/api/schema.gen";

type Schemas = components["schemas"];
export type StoreDetails = Schemas["StoreDetails"];
export type StoreDetailsInput = Schemas["StoreDetailsInput"];
export type DeliveryOption = Schemas["AdminDeliveryOption"];
export type FreeDeliveryRule = Schemas["FreeDeliveryRule"];
export type FieldChange = Schemas["FieldChange"];
export type Actor = Schemas["Actor"];
