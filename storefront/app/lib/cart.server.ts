// The guest's cart lives on the server; the browser only holds its unguessable id, in an HttpOnly
// cookie of the storefront's origin, so the header badge and the cart page render on the server.
import { data, redirect } from "react-router";
import type { Api } from "./api.server";
import { type CartActionResult, type CartIntent, type CartView, maxCartQuantity, normalizeQuantity, toCartView } from "./cart";
import { isNotFound, userMessage } from "./errors";

export const cartCookieName = "atelier_cart";
const cartCookieMaxAge = 60 * 60 * 24 * 60; // 60 days
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readCartId(request: Request): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === cartCookieName) {
      const value = decodeURIComponent(rest.join("="));
      return uuidPattern.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

export function cartCookie(request: Request, cartId: string | null): string {
  const attrs = [`${cartCookieName}=${cartId ?? ""}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  attrs.push(cartId ? `Max-Age=${cartCookieMaxAge}` : "Max-Age=0");
  if (isSecure(request)) attrs.push("Secure");
  return attrs.join("; ");
}

/** The part of the API client the cart needs (tests pass a fake of just this). */
export type CartApi = Pick<Api, "cart">;

/** The shopper's cart, or null when they have none (or it no longer exists). */
export async function loadCart(api: CartApi, request: Request): Promise<CartView | null> {
  const id = readCartId(request);
  if (!id) return null;
  try {
    const { cart } = await api.cart.getCart({ cartId: id });
    return cart ? toCartView(cart) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export const cartUnavailableMessage = "We could not update your cart just now. Please try again in a moment.";

const intents: readonly CartIntent[] = ["add", "update", "remove", "clear"];

/**
 * The no-JS path carries the error in the cart page's URL; a bound keeps a crafted or runaway
 * message from filling the page.
 */
const maxErrorLength = 300;

/** The cart page URL a plain form post is redirected to. */
export function cartPageUrl(error?: string): string {
  return error ? `/cart?${new URLSearchParams({ error: error.slice(0, maxErrorLength) })}` : "/cart";
}

/** The error a plain form post left in the cart page's URL, if any. */
export function cartPageError(url: URL): string | null {
  const error = url.searchParams.get("error")?.trim();
  return error ? error.slice(0, maxErrorLength) : null;
}

/**
 * Handles every cart form: add (from any product card or page), update, remove and clear.
 * Enhanced submissions (JavaScript, `enhanced=1`) get a result for a toast; plain form posts are
 * redirected to the cart page (post/redirect/get), with the error in the URL when one occurred.
 */
export async function handleCartAction(api: CartApi, request: Request): Promise<Response | ReturnType<typeof data<CartActionResult>>> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as CartIntent;
  const enhanced = form.get("enhanced") === "1";
  const productId = String(form.get("productId") ?? "");
  // The stock limit is the API's to enforce; here only nonsense (empty, negative, text) is tamed.
  const quantity = normalizeQuantity(form.get("quantity") ?? "1", maxCartQuantity);
  const headers = new Headers();

  const reply = (result: CartActionResult, status = 200) => {
    if (enhanced) return data(result, { status, headers });
    return redirect(cartPageUrl(result.ok ? undefined : result.error), { headers });
  };

  if (!intents.includes(intent)) {
    return reply({ ok: false, intent: "add", error: "Unknown cart action." }, 400);
  }

  try {
    let cartId = readCartId(request);
    if (intent === "add") {
      const startCart = async () => {
        const created = await api.cart.createCart({});
        if (!created.cart) throw new Error("CreateCart answered without a cart");
        headers.append("Set-Cookie", cartCookie(request, created.cart.id));
        return created.cart.id;
      };
      cartId ??= await startCart();
      let res;
      try {
        res = await api.cart.addCartItem({ cartId, productId, quantity });
      } catch (err) {
        // NotFound may mean the product or the cart; only a vanished cart is replaced.
        if (!isNotFound(err) || (await cartExists(api, cartId))) throw err;
        cartId = await startCart();
        res = await api.cart.addCartItem({ cartId, productId, quantity });
      }
      const line = res.cart?.lines.find((l) => l.product?.id === productId);
      return reply({ ok: true, intent, productName: line?.product?.name, quantity });
    }
    if (!cartId) return reply({ ok: false, intent, error: "Your cart is empty." }, 400);
    if (intent === "update") {
      await api.cart.updateCartItem({ cartId, productId, quantity });
    } else if (intent === "remove") {
      await api.cart.removeCartItem({ cartId, productId });
    } else {
      await api.cart.clearCart({ cartId });
    }
    return reply({ ok: true, intent });
  } catch (err) {
    const message = userMessage(err);
    if (message) return reply({ ok: false, intent, error: message }, 400);
    // An outage must not replace the page the shopper is on with an error page (a fetcher's
    // thrown error would reach the root boundary), so it is answered like any refusal.
    console.error("cart action failed", err);
    return reply({ ok: false, intent, error: cartUnavailableMessage }, 503);
  }
}

async function cartExists(api: CartApi, cartId: string): Promise<boolean> {
  try {
    await api.cart.getCart({ cartId });
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}
