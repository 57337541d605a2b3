// The cart as the pages show it. Every amount comes from the API; this file only reshapes it.
import type { Cart } from "~/gen/atelier/store/v1/cart_pb";
import { type ProductSummary, toSummary } from "./catalog";
import { type Price, toPrice } from "./money";

export type CartLineView = {
  product: ProductSummary;
  quantity: number;
  unitPrice: Price;
  lineTotal: Price;
  exceedsStock: boolean;
  /**
   * The product has left the shop since it was added: the line is shown, muted, without a price
   * (it counts towards no total), and can only be removed; checkout refuses the cart until it is.
   */
  unavailable: boolean;
};

export type CartView = {
  id: string;
  lines: CartLineView[];
  itemCount: number;
  subtotal: Price;
  delivery: { name: string; price: Price; freeOver: Price | null } | null;
  total: Price;
  vatIncluded: Price;
};

export function toCartView(c: Cart): CartView {
  return {
    id: c.id,
    lines: c.lines.flatMap((l) =>
      l.product
        ? [
            {
              product: toSummary(l.product),
              quantity: l.quantity,
              unitPrice: toPrice(l.unitPrice),
              lineTotal: toPrice(l.lineTotal),
              exceedsStock: l.exceedsStock,
              unavailable: l.unavailable,
            },
          ]
        : [],
    ),
    itemCount: c.itemCount,
    subtotal: toPrice(c.subtotal),
    delivery: c.delivery
      ? {
          name: c.delivery.name,
          price: toPrice(c.delivery.price),
          freeOver: c.delivery.freeOver ? toPrice(c.delivery.freeOver) : null,
        }
      : null,
    total: toPrice(c.total),
    vatIncluded: toPrice(c.vatIncluded),
  };
}

/** What the cart action answers to an enhanced (JavaScript) submission. */
export type CartActionResult =
  | { ok: true; intent: CartIntent; productName?: string; quantity?: number }
  | { ok: false; intent: CartIntent; error: string };

export type CartIntent = "add" | "update" | "remove" | "clear";

/** The most units of one product the API accepts in a single request. */
export const maxCartQuantity = 1000;

/**
 * A quantity typed by the shopper: a non-numeric entry becomes 1, fractions are dropped, and the
 * result is kept between 1 and the stock (PRODUCT §2, cart).
 */
export function normalizeQuantity(raw: unknown, max: number): number {
  const n = Math.trunc(Number(String(raw ?? "").trim()));
  const upper = Math.max(1, max);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, upper);
}

/** Whether checkout will accept the cart as it stands (no line asks for more than the stock). */
export function cartBlocksCheckout(cart: CartView): boolean {
  return cart.lines.some((l) => l.exceedsStock);
}

/** Whether some line's product has left the shop: checkout refuses the cart until it is removed. */
export function hasUnavailableLines(cart: CartView): boolean {
  return cart.lines.some((l) => l.unavailable);
}

/** Whether nothing in the cart can be bought (it is empty, or every product has left the shop). */
export function nothingToBuy(cart: CartView): boolean {
  return cart.lines.every((l) => l.unavailable);
}

/** What a line whose product has left the shop says instead of its price. */
export const unavailableText = "No longer available";
