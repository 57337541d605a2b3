// Orders as the API answers them, for the feature's tests and stories.
import type { AdminOrder } from "./order-model";

const gbp = (minor: number) => ({ currency_code: "GBP", minor_units: String(minor) });
const ada = {
  account_id: "0b6a3f4e-6d2b-4a39-9d4e-3f1c2b7a5e10",
  display_name: "Ada Lovelace",
  email: "ada@atelier.test",
};
const system = { account_id: "", display_name: "System", email: "" };

/** A paid order of two lines (£84 × 1, £28 × 2) with Standard delivery: £157.35 captured. */
export const paidOrder: AdminOrder = {
  id: "5f0c1d7e-8a4b-4c2d-9e6f-1a2b3c4d5e6f",
  number: "AL-7K2M9QXD",
  status: "ORDER_STATUS_PAID",
  email: "grace@example.com",
  account_id: "9d1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6",
  shipping_address: {
    first_name: "Grace",
    last_name: "Hopper",
    address_line1: "12 Marylebone High Street",
    address_line2: "Flat 3",
    city: "London",
    postcode: "W1U 4NX",
    country_code: "GB",
  },
  billing_address: {
    first_name: "Grace",
    last_name: "Hopper",
    address_line1: "1 Harbour Road",
    city: "Bristol",
    postcode: "BS1 5TY",
    country_code: "GB",
  },
  delivery: {
    code: "standard",
    name: "Standard",
    carrier: "Royal Mail",
    estimated_delivery: "5–7 working days",
    price: gbp(1735),
  },
  requires_signature: false,
  lines: [
    {
      product_id: "11111111-1111-4111-8111-111111111111",
      name: "Crème Lumière",
      sku: "CL-50",
      quantity: 1,
      unit_price: gbp(8400),
      line_total: gbp(8400),
      vat_included: gbp(1400),
    },
    {
      product_id: "22222222-2222-4222-8222-222222222222",
      name: "Rose Facial Oil",
      sku: "RFO-30",
      quantity: 2,
      unit_price: gbp(2800),
      line_total: gbp(5600),
      vat_included: gbp(933),
    },
  ],
  subtotal: gbp(14000),
  vat_included: gbp(2622),
  total: gbp(15735),
  item_count: 3,
  payment: {
    provider: "test",
    intent_id: "pi_test_3NkQ8x",
    status: "succeeded",
    captured: gbp(15735),
    refunded: gbp(0),
    refund_pending: gbp(0),
    state: "PAYMENT_STATE_PAID",
  },
  refunds: [],
  timeline: [
    {
      at: "2026-11-26T09:14:00Z",
      kind: "TIMELINE_KIND_STATUS_CHANGED",
      status: "ORDER_STATUS_PENDING_PAYMENT",
      actor: system,
      description: "Order placed",
    },
    {
      at: "2026-11-26T09:15:00Z",
      kind: "TIMELINE_KIND_STATUS_CHANGED",
      status: "ORDER_STATUS_PAID",
      actor: system,
      description: "Payment confirmed by the provider",
    },
    {
      at: "2026-11-26T09:16:00Z",
      kind: "TIMELINE_KIND_EMAIL_SENT",
      actor: system,
      description: "Order confirmation e-mailed",
      email_kind: "email.order_confirmation",
    },
  ],
  created_at: "2026-11-26T09:14:00Z",
  allowed_actions: [
    "ORDER_ACTION_PROCESS",
    "ORDER_ACTION_SHIP",
    "ORDER_ACTION_CANCEL",
    "ORDER_ACTION_REFUND",
  ],
  refundable: gbp(15735),
};

/** The same order shipped, with a partial refund pending and one that failed. */
export const shippedOrder: AdminOrder = {
  ...paidOrder,
  status: "ORDER_STATUS_SHIPPED",
  tracking: {
    carrier: "Royal Mail",
    tracking_number: "RM123456785GB",
    tracking_url: "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
  },
  payment: { ...paidOrder.payment, refund_pending: gbp(2000) },
  refundable: gbp(13735),
  refunds: [
    {
      id: "r1",
      amount: gbp(1000),
      reason: "Goodwill",
      status: "REFUND_STATUS_FAILED",
      failure_message: "The card was closed.",
      requested_by: ada,
      requested_at: "2026-11-27T10:00:00Z",
      settled_at: "2026-11-27T10:01:00Z",
    },
    {
      id: "r2",
      amount: gbp(2000),
      reason: "One bottle arrived broken",
      status: "REFUND_STATUS_PENDING",
      restock: [{ product_id: "22222222-2222-4222-8222-222222222222", quantity: 1 }],
      requested_by: ada,
      requested_at: "2026-11-27T11:00:00Z",
    },
  ],
  timeline: [
    ...(paidOrder.timeline ?? []),
    {
      at: "2026-11-27T09:00:00Z",
      kind: "TIMELINE_KIND_STATUS_CHANGED",
      status: "ORDER_STATUS_SHIPPED",
      actor: ada,
      description: "Shipped with Royal Mail, tracking RM123456785GB",
    },
    {
      at: "2026-11-27T11:00:00Z",
      kind: "TIMELINE_KIND_REFUND_REQUESTED",
      actor: ada,
      description: "Refund of £20.00 requested",
      refund_id: "r2",
    },
  ],
  allowed_actions: ["ORDER_ACTION_DELIVER", "ORDER_ACTION_REFUND"],
};

/** listOf builds a list answer of the orders given, on one page. */
export function listOf(orders: AdminOrder[]) {
  return { orders, total_count: String(orders.length), page: 1, page_size: 20, total_pages: 1 };
}
