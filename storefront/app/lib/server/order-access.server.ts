// Guests open their orders with the signed access token the API gives at checkout (and puts in the
// confirmation e-mail's link). The storefront keeps the tokens of this browser's recent orders in
// one HttpOnly cookie of its own origin — page scripts never see them — so the payment success
// page and /orders/:id open the order without the token ever appearing in a URL the shop made.

import { orderIdPattern } from "~/lib/models/orders";
import { readCookie, serverCookie } from "./cookies.server";

export const ordersCookieName = "atelier_orders";
/** The most orders remembered: the cookie stays well under the 4 KB a browser keeps per cookie. */
export const maxRememberedOrders = 8;
// A day: long enough to come back to the success page; later, the e-mail's link opens the order
// (a shared computer should not keep a guest's address for months).
const ordersCookieMaxAge = 60 * 60 * 24;
/** Tokens are opaque to us; this keeps junk (and anything that could break the cookie) out. */
export const orderTokenPattern = /^[A-Za-z0-9._~+/=-]{1,200}$/;

type Entry = [orderId: string, token: string];

function readEntries(request: Request): Entry[] {
  const raw = readCookie(request, ordersCookieName);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (e): e is Entry =>
          Array.isArray(e) &&
          e.length === 2 &&
          typeof e[0] === "string" &&
          typeof e[1] === "string" &&
          orderIdPattern.test(e[0]) &&
          orderTokenPattern.test(e[1]),
      )
      .slice(0, maxRememberedOrders);
  } catch {
    return [];
  }
}

/** The access token this browser holds for `orderId`, if any. */
export function rememberedOrderToken(request: Request, orderId: string): string | undefined {
  const id = orderId.toLowerCase();
  return readEntries(request).find(([entryId]) => entryId.toLowerCase() === id)?.[1];
}

/**
 * The Set-Cookie value that adds (or refreshes) `orderId`'s token, newest first, forgetting the
 * oldest beyond the cap. Undefined when the id or token is not one we would keep.
 */
export function rememberOrderToken(request: Request, orderId: string, token: string): string | undefined {
  if (!orderIdPattern.test(orderId) || !orderTokenPattern.test(token)) return undefined;
  const id = orderId.toLowerCase();
  const entries: Entry[] = [
    [id, token] as Entry,
    ...readEntries(request).filter(([entryId]) => entryId.toLowerCase() !== id),
  ].slice(0, maxRememberedOrders);
  return serverCookie(
    request,
    ordersCookieName,
    encodeURIComponent(JSON.stringify(entries)),
    "/",
    ordersCookieMaxAge,
  );
}
