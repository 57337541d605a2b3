// Endpoints and deliveries as the API answers them, for the section's tests and stories.
import type { Delivery, Endpoint } from "./api";

export const erp: Endpoint = {
  id: "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98",
  url: "https://erp.partner.example/webhooks/atelier",
  description: "ERP order sync",
  event_types: ["order.created", "order.paid", "order.refunded"],
  enabled: true,
  failure_streak: 0,
  created_at: "2026-11-20T09:00:00Z",
  updated_at: "2026-11-20T09:00:00Z",
};

export const feed: Endpoint = {
  id: "4d3c2b1a-9f8e-4e7d-8c6b-5f4e3d2c1b0a",
  url: "https://feed.marketplace.example/in",
  description: "",
  event_types: ["product.created", "product.updated", "product.archived", "stock.low"],
  enabled: false,
  disabled_reason: "5 deliveries in a row failed after every attempt.",
  disabled_at: "2026-11-26T03:12:00Z",
  failure_streak: 5,
  created_at: "2026-10-01T10:00:00Z",
  updated_at: "2026-11-26T03:12:00Z",
};

export const paused: Endpoint = {
  id: "5e4d3c2b-0a9f-4f8e-9d7c-6a5f4e3d2c1b",
  url: "https://staging.partner.example/hooks",
  description: "Staging",
  event_types: [
    "order.created",
    "order.paid",
    "order.payment_failed",
    "order.shipped",
    "order.delivered",
    "order.cancelled",
    "order.refunded",
    "product.created",
    "product.updated",
    "product.archived",
    "stock.low",
  ],
  enabled: false,
  disabled_at: "2026-11-25T12:00:00Z",
  failure_streak: 0,
  created_at: "2026-09-01T10:00:00Z",
  updated_at: "2026-11-25T12:00:00Z",
};

export const succeeded: Delivery = {
  id: "a1b2c3d4-0000-4000-8000-000000000001",
  endpoint_id: erp.id ?? "",
  event_id: "e1e2e3e4-1111-4111-8111-111111111111",
  event_type: "order.paid",
  replay: false,
  status: "WEBHOOK_DELIVERY_STATUS_SUCCEEDED",
  attempts: 1,
  response_status_code: 200,
  duration_ms: 143,
  response_body: '{"ok":true}',
  last_attempt_at: "2026-11-27T10:00:01Z",
  created_at: "2026-11-27T10:00:00Z",
};

export const retrying: Delivery = {
  id: "a1b2c3d4-0000-4000-8000-000000000002",
  endpoint_id: erp.id ?? "",
  event_id: "e1e2e3e4-2222-4222-8222-222222222222",
  event_type: "order.created",
  replay: false,
  status: "WEBHOOK_DELIVERY_STATUS_RETRYING",
  attempts: 3,
  response_status_code: 503,
  duration_ms: 10000,
  response_body: "<html><body>Service Unavailable</body></html>",
  error: "the endpoint answered 503",
  last_attempt_at: "2026-11-27T09:30:00Z",
  next_attempt_at: "2026-11-27T10:30:00Z",
  created_at: "2026-11-27T09:00:00Z",
};

export const failed: Delivery = {
  id: "a1b2c3d4-0000-4000-8000-000000000003",
  endpoint_id: erp.id ?? "",
  event_id: "e1e2e3e4-3333-4333-8333-333333333333",
  event_type: "order.refunded",
  replay: false,
  status: "WEBHOOK_DELIVERY_STATUS_FAILED",
  attempts: 10,
  response_status_code: 0,
  duration_ms: 10000,
  error: "timed out after 10 s",
  last_attempt_at: "2026-11-24T09:00:00Z",
  created_at: "2026-11-21T09:00:00Z",
};

export const pending: Delivery = {
  id: "a1b2c3d4-0000-4000-8000-000000000004",
  endpoint_id: erp.id ?? "",
  event_id: succeeded.event_id ?? "",
  event_type: "order.paid",
  replay: true,
  status: "WEBHOOK_DELIVERY_STATUS_PENDING",
  attempts: 0,
  created_at: "2026-11-27T11:00:00Z",
};

export const skipped: Delivery = {
  id: "a1b2c3d4-0000-4000-8000-000000000005",
  endpoint_id: erp.id ?? "",
  event_id: "e1e2e3e4-5555-4555-8555-555555555555",
  event_type: "order.created",
  replay: false,
  status: "WEBHOOK_DELIVERY_STATUS_SKIPPED",
  attempts: 0,
  created_at: "2026-11-20T08:00:00Z",
};

/** A signing secret as the API answers it once: "whsec_" and the base64 of 32 bytes. */
export const newSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw5u9xJ3D8d2k=";
export const rotatedSecret = "whsec_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";
