// The orders feature's vocabulary: the API's types under short names, and the words and tones
// the back office shows for its enums (statuses, payment states, refunds, timeline entries).
import type { components, operations } from "~/lib/api/schema.gen";

type Schemas = components["schemas"];
export type AdminOrder = Schemas["atelier.admin.v1.AdminOrder"];
export type OrderAddress = Schemas["atelier.store.v1.OrderAddress"];
export type OrderRefund = Schemas["atelier.admin.v1.OrderRefund"];
export type OrderTimelineEntry = Schemas["atelier.admin.v1.OrderTimelineEntry"];
export type OrderStatus = NonNullable<AdminOrder["status"]>;
export type OrderAction = NonNullable<AdminOrder["allowed_actions"]>[number];
export type PaymentState = NonNullable<Schemas["atelier.admin.v1.OrderPayment"]["state"]>;
export type RefundStatus = NonNullable<OrderRefund["status"]>;
/** The list's query, as the API takes it. */
export type ListOrdersQuery = NonNullable<
  operations["AdminOrderService_ListAdminOrders"]["parameters"]["query"]
>;
export type OrderSort = NonNullable<ListOrdersQuery["sort"]>;

type Tone = "neutral" | "good" | "warning" | "bad" | "info";

/** The statuses an admin filters by, in lifecycle order, with the URL's short name for each. */
export const statusFilters: { value: string; status: OrderStatus; label: string }[] = [
  { value: "pending_payment", status: "ORDER_STATUS_PENDING_PAYMENT", label: "Awaiting payment" },
  { value: "paid", status: "ORDER_STATUS_PAID", label: "Paid" },
  { value: "processing", status: "ORDER_STATUS_PROCESSING", label: "Processing" },
  { value: "shipped", status: "ORDER_STATUS_SHIPPED", label: "Shipped" },
  { value: "delivered", status: "ORDER_STATUS_DELIVERED", label: "Delivered" },
  { value: "cancelled", status: "ORDER_STATUS_CANCELLED", label: "Cancelled" },
  { value: "refunded", status: "ORDER_STATUS_REFUNDED", label: "Refunded" },
  { value: "payment_failed", status: "ORDER_STATUS_PAYMENT_FAILED", label: "Payment failed" },
];

const statusTones: Record<OrderStatus, Tone> = {
  ORDER_STATUS_UNSPECIFIED: "neutral",
  ORDER_STATUS_PENDING_PAYMENT: "neutral",
  ORDER_STATUS_PAID: "warning",
  ORDER_STATUS_PROCESSING: "info",
  ORDER_STATUS_SHIPPED: "info",
  ORDER_STATUS_DELIVERED: "good",
  ORDER_STATUS_CANCELLED: "bad",
  ORDER_STATUS_REFUNDED: "neutral",
  ORDER_STATUS_PAYMENT_FAILED: "bad",
};

/** statusLabel names an order's status in words. */
export function statusLabel(status: OrderStatus | undefined): string {
  return statusFilters.find((s) => s.status === status)?.label ?? "Unknown";
}

/** statusTone is the badge tone of a status: paid (waiting on the shop) stands out, delivered is good. */
export function statusTone(status: OrderStatus | undefined): Tone {
  return statusTones[status ?? "ORDER_STATUS_UNSPECIFIED"];
}

const paymentStates: Record<PaymentState, { label: string; tone: Tone }> = {
  PAYMENT_STATE_UNSPECIFIED: { label: "No payment", tone: "neutral" },
  PAYMENT_STATE_UNPAID: { label: "Unpaid", tone: "neutral" },
  PAYMENT_STATE_PAID: { label: "Paid", tone: "good" },
  PAYMENT_STATE_PARTIALLY_REFUNDED: { label: "Partly refunded", tone: "warning" },
  PAYMENT_STATE_REFUNDED: { label: "Refunded", tone: "neutral" },
};

/** paymentState names where an order's money is, and its badge tone. */
export function paymentState(state: PaymentState | undefined): { label: string; tone: Tone } {
  return paymentStates[state ?? "PAYMENT_STATE_UNSPECIFIED"];
}

const refundStatuses: Record<RefundStatus, { label: string; tone: Tone }> = {
  REFUND_STATUS_UNSPECIFIED: { label: "Unknown", tone: "neutral" },
  REFUND_STATUS_PENDING: { label: "Pending", tone: "warning" },
  REFUND_STATUS_SUCCEEDED: { label: "Succeeded", tone: "good" },
  REFUND_STATUS_FAILED: { label: "Failed", tone: "bad" },
};

/** refundStatus names where a refund is, and its badge tone. */
export function refundStatus(status: RefundStatus | undefined): { label: string; tone: Tone } {
  return refundStatuses[status ?? "REFUND_STATUS_UNSPECIFIED"];
}

/** can reports whether the API allows an action on the order now (its allowed_actions). */
export function can(order: AdminOrder, action: OrderAction): boolean {
  return order.allowed_actions?.includes(action) ?? false;
}

/** customerName is the name on the order's shipping address, or "" when there is none. */
export function customerName(order: AdminOrder): string {
  const a = order.shipping_address;
  return [a?.first_name, a?.last_name].filter(Boolean).join(" ");
}
