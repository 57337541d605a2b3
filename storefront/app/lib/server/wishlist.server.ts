// The wishlist on the server. A signed-in customer's lives in the API (WishlistService); a guest's
// lives in their browser, as product ids in the HttpOnly cookie `atelier_wishlist` of the shop's
// own origin, and is rendered here by loading those products from the catalogue. At sign-in the
// guest's list is merged into the account (mergeGuestWishlist) and the cookie cleared.
import { Code, ConnectError } from "@connectrpc/connect";
import { data, redirect } from "react-router";
import { isNotFound, userMessage } from "~/lib/errors";
import { type ProductSummary, toSummary } from "~/lib/models/catalog";
import { safeRedirect } from "~/lib/models/sign-in-return";
import {
  guestWishlistLimit,
  toWishlistProducts,
  type WishlistActionResult,
  type WishlistIntent,
} from "~/lib/models/wishlist";
import type { Api } from "./api.server";
import { addToCart } from "./cart.server";
import { pageMessageCookie, readCookie, serverCookie, takePageMessage } from "./cookies.server";
import type { SessionState } from "./session.server";

export const wishlistCookieName = "atelier_wishlist";
// A wish outlives a cart: kept for a year (browsers cap cookies at 400 days).
const wishlistCookieMaxAge = 60 * 60 * 24 * 365;
// Cookie values may not hold commas; UUIDs hold no dots.
const separator = ".";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The part of the API client the wishlist needs (tests pass a fake of just this). */
export type WishlistApi = Pick<Api, "wishlist" | "catalog" | "cart">;

/** Who is asking, as the session middleware found out. */
type Shopper = Pick<SessionState, "account" | "unknown">;

/**
 * The guest's saved product ids, newest first. The cookie is the browser's to change, so only
 * UUIDs are kept (lower-cased, once each) and at most the guest limit.
 */
export function readGuestWishlist(request: Request): string[] {
  const raw = readCookie(request, wishlistCookieName) ?? "";
  const ids: string[] = [];
  for (const part of raw.split(separator)) {
    const id = part.trim().toLowerCase();
    if (uuidPattern.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === guestWishlistLimit) break;
  }
  return ids;
}

/** The Set-Cookie value that keeps `ids` as the guest's wishlist (none deletes the cookie). */
export function guestWishlistCookie(request: Request, ids: string[]): string {
  return serverCookie(request, wishlistCookieName, ids.join(separator), "/", wishlistCookieMaxAge);
}

/** How many catalogue reads a guest's wishlist makes at once: enough to be quick, few enough to be kind to the API. */
const guestLoadConcurrency = 6;

/**
 * The guest's saved products, in the cookie's order. The catalogue has no batch read, so each is
 * fetched by id (the API caches them); a product that is gone or hidden is left out, and stays in
 * the cookie in case it returns, as an account's does. Any other failure is thrown.
 */
async function loadGuestProducts(api: Pick<Api, "catalog">, ids: string[]): Promise<ProductSummary[]> {
  const found: (ProductSummary | null)[] = new Array(ids.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      try {
        // biome-ignore lint/style/noNonNullAssertion: i < ids.length (the loop condition).
        const { product } = await api.catalog.getProduct({ id: ids[i]! });
        if (product) found[i] = toSummary(product);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(guestLoadConcurrency, ids.length) }, worker));
  return found.filter((p): p is ProductSummary => p !== null);
}

/**
 * The shopper's wishlist: the account's from the API, or the guest's from the cookie. When the
 * session could not be checked (the API was unreachable) neither can be trusted, so this throws
 * like any other outage and the page says it could not load.
 */
export async function loadWishlist(
  api: Pick<Api, "wishlist" | "catalog">,
  request: Request,
  shopper: Shopper,
): Promise<ProductSummary[]> {
  if (shopper.unknown) throw new ConnectError("the session could not be checked", Code.Unavailable);
  if (shopper.account) return toWishlistProducts((await api.wishlist.getWishlist({})).wishlist);
  return loadGuestProducts(api, readGuestWishlist(request));
}

/**
 * The ids of the shopper's saved products, for the product page's toggle. A guest's come from the
 * cookie alone; a customer's wishlist is read once per request (the client remembers reads). When
 * it cannot be read the toggle shows "not saved": saving again is harmless.
 */
export async function savedProductIds(
  api: Pick<Api, "wishlist">,
  request: Request,
  shopper: Shopper,
): Promise<Set<string>> {
  if (shopper.unknown) return new Set();
  if (!shopper.account) return new Set(readGuestWishlist(request));
  try {
    const { wishlist } = await api.wishlist.getWishlist({});
    return new Set(
      (wishlist?.items ?? []).flatMap((item) => (item.product ? [item.product.id.toLowerCase()] : [])),
    );
  } catch (err) {
    console.error("wishlist: reading the account's wishlist for the product page failed", err);
    return new Set();
  }
}

const wishlistErrorCookieName = "atelier_wishlist_error";

/** The message a failed plain form post left for the wishlist page (see takePageMessage). */
export function takeWishlistPageError(request: Request): { error: string | null; headers: Headers } {
  const { message, headers } = takePageMessage(request, wishlistErrorCookieName, "/wishlist");
  return { error: message, headers };
}

export const wishlistText = {
  unavailable: "We could not update your wishlist just now. Please try again in a moment.",
  productGone: "This product is no longer available.",
  guestFull: `Your wishlist keeps up to ${guestWishlistLimit} pieces while you are signed out. Sign in to save more, or remove one to make room.`,
  movedButKept:
    "The piece is in your cart, but we could not take it off your wishlist. Please try again in a moment.",
} as const;

const intents: readonly WishlistIntent[] = ["add", "remove", "move"];

/**
 * Handles every wishlist form: add and remove (the product page's toggle, the wishlist page's
 * Remove) and move (Move to Cart: one unit into the cart, then off the wishlist). Enhanced
 * submissions (JavaScript, `enhanced=1`) get a result; plain form posts are redirected
 * (post/redirect/get) to `redirectTo` — the page they came from — or, when they fail, to the
 * wishlist page with the message in a one-time cookie.
 */
export async function handleWishlistAction(api: WishlistApi, request: Request, shopper: Shopper) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as WishlistIntent;
  const enhanced = form.get("enhanced") === "1";
  const productId = String(form.get("productId") ?? "")
    .trim()
    .toLowerCase();
  const headers = new Headers();

  const reply = (result: WishlistActionResult, status = 200) => {
    if (enhanced) return data(result, { status, headers });
    if (!result.ok) {
      headers.append(
        "Set-Cookie",
        pageMessageCookie(request, wishlistErrorCookieName, "/wishlist", result.error),
      );
      return redirect("/wishlist", { headers });
    }
    return redirect(safeRedirect(form.get("redirectTo"), "/wishlist"), { headers });
  };
  const fail = (error: string, status: number) => reply({ ok: false, intent, productId, error }, status);

  if (!intents.includes(intent)) return fail("Unknown wishlist action.", 400);
  if (!uuidPattern.test(productId)) return fail(wishlistText.productGone, 400);
  if (shopper.unknown) return fail(wishlistText.unavailable, 503);

  try {
    if (intent === "add") {
      if (shopper.account) await api.wishlist.addWishlistItem({ productId });
      else {
        const problem = await addForGuest(api, request, productId, headers);
        if (problem) return fail(problem, 400);
      }
      return reply({ ok: true, intent, productId, saved: true });
    }
    if (intent === "move") {
      // Into the cart first: a refusal there (sold out) leaves the wishlist as it was.
      await addToCart(api, request, productId, 1, headers);
    }
    try {
      if (shopper.account) await api.wishlist.removeWishlistItem({ productId });
      else
        headers.append(
          "Set-Cookie",
          guestWishlistCookie(
            request,
            readGuestWishlist(request).filter((id) => id !== productId),
          ),
        );
    } catch (err) {
      if (intent !== "move") throw err;
      console.error("wishlist: moved to the cart but not removed", err);
      return fail(wishlistText.movedButKept, 503);
    }
    return reply({ ok: true, intent, productId, saved: false });
  } catch (err) {
    if (isNotFound(err)) return fail(wishlistText.productGone, 404);
    const message = userMessage(err);
    if (message) return fail(message, 400);
    // An outage must not replace the page the shopper is on with an error page (a fetcher's
    // thrown error would reach the root boundary), so it is answered like any refusal.
    console.error("wishlist action failed", err);
    return fail(wishlistText.unavailable, 503);
  }
}

/**
 * Saves a product in the guest's cookie, newest first, once the catalogue confirms it is on sale
 * (so the cookie never fills with ids of nothing). Returns why it was refused, if it was.
 */
async function addForGuest(
  api: Pick<Api, "catalog">,
  request: Request,
  productId: string,
  headers: Headers,
): Promise<string | null> {
  const ids = readGuestWishlist(request);
  if (ids.includes(productId)) return null;
  if (ids.length >= guestWishlistLimit) return wishlistText.guestFull;
  const { product } = await api.catalog.getProduct({ id: productId });
  if (!product) return wishlistText.productGone;
  headers.append("Set-Cookie", guestWishlistCookie(request, [productId, ...ids]));
  return null;
}

/**
 * At sign-in: the guest's saved products go into the account's wishlist (the API skips any that
 * are gone and keeps its limit). Answers the Set-Cookie that clears the guest's cookie, or null
 * when there was nothing to merge or the merge failed — then the cookie stays for the next
 * sign-in, and the sign-in goes ahead regardless.
 */
export async function mergeGuestWishlist(
  api: Pick<Api, "wishlist">,
  request: Request,
  authorization: { authorization: string },
): Promise<string | null> {
  const productIds = readGuestWishlist(request);
  // A cookie holding nothing usable is simply cleared.
  if (productIds.length === 0)
    return readCookie(request, wishlistCookieName) === undefined ? null : guestWishlistCookie(request, []);
  try {
    await api.wishlist.mergeWishlist({ productIds }, { headers: authorization });
    return guestWishlistCookie(request, []);
  } catch (err) {
    console.error("session: merging the guest wishlist into the account failed", err);
    return null;
  }
}
