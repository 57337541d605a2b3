// Orders as the pages show them. Loaders map the API's Order to these plain, serialisable shapes;
// every amount is the API's, dates are written out on the server (in London time, so the page
// reads the same wherever it is rendered), and the words for each status live here.
import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import {
  type Order,
  type OrderAddress,
  type OrderShipment,
  OrderStatus,
} from "~/gen/atelier/store/v1/order_pb";
import { longDate, longDateTime } from "./dates";
import { type Price, toPrice } from "./money";

export type OrderStatusKey =
  | "pending_payment"
  | "paid"
  | "processing"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded"
  | "payment_failed"
  | "unknown";

/** The short name of each status (badges, the timeline). */
export const statusLabels: Record<OrderStatusKey, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  payment_failed: "Payment failed",
  unknown: "Received",
};

/** What the status means for the shopper, in a sentence (the payment success page). */
export const statusSentences: Record<OrderStatusKey, string> = {
  pending_payment: "Waiting for payment confirmation…",
  paid: "Paid — we're preparing your order",
  processing: "Processing — we're preparing your order",
  shipped: "Shipped — your order is on its way",
  delivered: "Delivered — we hope you love it",
  cancelled: "Cancelled — this order will not be sent",
  refunded: "Refunded — your payment has been returned",
  payment_failed: "Payment failed — this order has not been paid",
  unknown: "Received — we're looking after your order",
};

export function statusKey(status: OrderStatus): OrderStatusKey {
  switch (status) {
    case OrderStatus.PENDING_PAYMENT:
      return "pending_payment";
    case OrderStatus.PAID:
      return "paid";
    case OrderStatus.PROCESSING:
      return "processing";
    case OrderStatus.SHIPPED:
      return "shipped";
    case OrderStatus.DELIVERED:
      return "delivered";
    case OrderStatus.CANCELLED:
      return "cancelled";
    case OrderStatus.REFUNDED:
      return "refunded";
    case OrderStatus.PAYMENT_FAILED:
      return "payment_failed";
    default:
      return "unknown";
  }
}

/** Whether the order has been paid for (it may have moved on since). */
export function isPaidStatus(key: OrderStatusKey): boolean {
  return key === "paid" || key === "processing" || key === "shipped" || key === "delivered";
}

export type AddressView = {
  name: string;
  /** The address as it is written on an envelope, one line each. */
  lines: string[];
};

export type OrderLineView = {
  productId: string;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: Price;
  lineTotal: Price;
  imageUrl: string | null;
  /** The product's page, while it still exists. */
  href: string | null;
};

/** The parcel of a shipped order. */
export type ShipmentView = {
  /** Who carries it; the delivery option's carrier when the shipment names none, else "". */
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page; null when the shop has none for this carrier. */
  trackingUrl: string | null;
};

export type StatusStepView = { status: OrderStatusKey; label: string; at: string; atIso: string };

export type OrderView = {
  id: string;
  number: string;
  status: OrderStatusKey;
  statusLabel: string;
  email: string;
  placedOn: string;
  placedAtIso: string;
  shippingAddress: AddressView | null;
  /** null when billing is the same as shipping. */
  billingAddress: AddressView | null;
  delivery: { name: string; carrier: string; estimatedDelivery: string; price: Price } | null;
  requiresSignature: boolean;
  /** Set once the order has shipped with a tracking number; null before. */
  shipment: ShipmentView | null;
  lines: OrderLineView[];
  itemCount: number;
  subtotal: Price;
  vatIncluded: Price;
  total: Price;
  history: StatusStepView[];
  paymentError: string | null;
};

/** The row of the order history list. */
export type OrderSummaryView = Pick<
  OrderView,
  "id" | "number" | "status" | "statusLabel" | "placedOn" | "placedAtIso" | "itemCount" | "total"
>;

function dates(ts: Timestamp | undefined): { date: string; dateTime: string; iso: string } {
  if (!ts || (ts.seconds === 0n && ts.nanos === 0)) return { date: "", dateTime: "", iso: "" };
  const d = timestampDate(ts);
  return { date: longDate(d), dateTime: longDateTime(d), iso: d.toISOString() };
}

const countryNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** "France" for "FR"; the code itself when it is not a country code. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function toAddressView(a: OrderAddress | undefined): AddressView | null {
  if (!a) return null;
  const cityLine = [a.city, a.region].filter(Boolean).join(", ");
  return {
    name: [a.firstName, a.lastName].filter(Boolean).join(" "),
    lines: [a.addressLine1, a.addressLine2, cityLine, a.postcode, countryName(a.countryCode)].filter((l) =>
      Boolean(l?.trim()),
    ),
  };
}

/**
 * The tracking page, when it is an https address: the link leaves the shop, so nothing else (a
 * javascript: or plain-http address, should one ever come) is offered to the shopper.
 */
function trackingPage(url: string): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

export function toShipmentView(s: OrderShipment | undefined, deliveryCarrier = ""): ShipmentView | null {
  if (!s?.trackingNumber) return null;
  return {
    carrier: s.carrier || deliveryCarrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: trackingPage(s.trackingUrl),
  };
}

export function toOrderView(o: Order): OrderView {
  const status = statusKey(o.status);
  const placed = dates(o.createdAt);
  return {
    id: o.id,
    number: o.number,
    status,
    statusLabel: statusLabels[status],
    email: o.email,
    placedOn: placed.date,
    placedAtIso: placed.iso,
    shippingAddress: toAddressView(o.shippingAddress),
    billingAddress: o.billingDiffers ? toAddressView(o.billingAddress) : null,
    delivery: o.delivery
      ? {
          name: o.delivery.name,
          carrier: o.delivery.carrier,
          estimatedDelivery: o.delivery.estimatedDelivery,
          price: toPrice(o.delivery.price),
        }
      : null,
    requiresSignature: o.requiresSignature,
    shipment: toShipmentView(o.shipment, o.delivery?.carrier),
    lines: o.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: toPrice(l.unitPrice),
      lineTotal: toPrice(l.lineTotal),
      imageUrl: l.imageUrl || null,
      href: l.productSlug && l.productId ? `/product/${l.productId}` : null,
    })),
    itemCount: o.itemCount,
    subtotal: toPrice(o.subtotal),
    vatIncluded: toPrice(o.vatIncluded),
    total: toPrice(o.total),
    history: o.history.map((h) => {
      const key = statusKey(h.status);
      const at = dates(h.at);
      return { status: key, label: statusLabels[key], at: at.dateTime, atIso: at.iso };
    }),
    paymentError: o.paymentError || null,
  };
}

export function toOrderSummaryView(o: Order): OrderSummaryView {
  const { id, number, status, statusLabel, placedOn, placedAtIso, itemCount, total } = toOrderView(o);
  return { id, number, status, statusLabel, placedOn, placedAtIso, itemCount, total };
}

/** "3 items" / "1 item". */
export function itemsText(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

/** Order ids are UUIDs; anything else is not worth asking the API about. */
export const orderIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
