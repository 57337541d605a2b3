// @atelier-commerce/sdk: a typed client for the Atelier REST API, generated from its OpenAPI
// document (openapi/openapi.yaml in the Atelier repository).
export { type AtelierClient, type AtelierClientOptions, createAtelierClient, unwrap } from "./client.js";
export {
  AtelierError,
  type ErrorInfo,
  errorReason,
  type FieldViolation,
  isAtelierError,
  type Status,
} from "./errors.js";
export type { components, operations, paths, webhooks } from "./schema.gen.js";

import type { components } from "./schema.gen.js";

type Schemas = components["schemas"];

/** The envelope of a webhook about an order; `data` is the order as the admin API shows it. */
export type OrderEvent = Schemas["atelier.webhooks.v1.OrderEvent"];
/** The envelope of a webhook about a product or its stock. */
export type ProductEvent = Schemas["atelier.webhooks.v1.ProductEvent"];
/** Every webhook event type. */
export type EventType = Schemas["atelier.webhooks.v1.Event"]["type"];
/** A product as the public shop API shows it. */
export type Product = Schemas["atelier.store.v1.Product"];
/** A cart. */
export type Cart = Schemas["atelier.store.v1.Cart"];
/** An amount in a currency's minor units (`minor_units` is an int64, sent as a string). */
export type Money = Schemas["atelier.type.v1.Money"];
