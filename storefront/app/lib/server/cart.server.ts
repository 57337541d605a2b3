// The guest's cart lives on the server; the browser only holds its unguessable id, in an HttpOnly
// cookie of the storefront's origin, so the header badge and the cart page render on the server.
import { Code, ConnectError } from "@connectrpc/connect";
import { data, redirect } from "react-router";
import type { Cart } from "~/gen/atelier/store/v1/cart_pb";
import { isNotFound, userMessage } from "~/lib/errors";
import {
  type CartActionResult,
  type CartIntent,
  type CartView,
  maxCartQuantity,
  normalizeQuantity,
  toCartView,
} from "~/lib/models/cart";
import type { Api } from "./api.server";
import { pageMessageCookie, readCookie, serverCookie, takePageMessage } from "./cookies.server";

export const cartCookieName = "atelier_cart";
const cartCookieMaxAge = 60 * 60 * 24 * 60; // 60 days
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readCartId(request: Request): string | undefined {
  const value = readCookie(request, cartCookieName);
  return value && uuidPattern.test(value) ? value : undefined;
}

/** The Set-Cookie value that keeps `cartId` as the shopper's cart (an empty id forgets it). */
export function cartCookie(request: Request, cartId: string): string {
  return serverCookie(request, cartCookieName, cartId, "/", cartCookieMaxAge);
}

/** The part of the API client the cart needs (tests pass a fake of just this). */
export type CartApi = Pick<Api, "cart">;

/** A loaded cart (null when the shopper has none) and, when the cart cookie must change, its Set-Cookie. */
export type CartLoad = { cart: CartView | null; setCookie: string | null };

/** Per request (one API client each): the account's cart, asked for once however many loaders need it. */
const accountCarts = new WeakMap<object, Promise<Cart | undefined>>();

/** The signed-in caller's own cart: CreateCart answers a signed-in caller with it (made if need be). */
function accountCart(api: CartApi): Promise<Cart | undefined> {
  let pending = accountCarts.get(api.cart);
  if (!pending) {
    pending = api.cart.createCart({}).then((res) => res.cart);
    accountCarts.set(api.cart, pending);
  }
  return pending;
}

/**
 * The shopper's cart, from the id in the cart cookie. A guest without one (or whose cart no longer
 * exists) has none. A signed-in shopper always has the account's cart: without a cart cookie, or
 * when the cookie's cart is not found (a merge at sign-in that failed or timed out, after which
 * the guest cart may be gone), the account's cart is fetched and the cookie set to it, so it never
 * stays invisible on this device.
 */
export async function loadCart(
  api: CartApi,
  request: Request,
  opts: { signedIn?: boolean } = {},
): Promise<CartLoad> {
  const id = readCartId(request);
  if (id) {
    try {
      const { cart } = await api.cart.getCart({ cartId: id });
      return { cart: cart ? toCartView(cart) : null, setCookie: null };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  if (!opts.signedIn) return { cart: null, setCookie: null };
  const cart = await accountCart(api);
  if (!cart?.id) return { cart: null, setCookie: null };
  return { cart: toCartView(cart), setCookie: cart.id === id ? null : cartCookie(request, cart.id) };
}

export const cartUnavailableMessage = "We could not update your cart just now. Please try again in a moment.";

const intents: readonly CartIntent[] = ["add", "update", "remove", "clear"];

const cartErrorCookieName = "atelier_cart_error";

function cartErrorCookie(request: Request, message: string | null): string {
  return pageMessageCookie(request, cartErrorCookieName, "/cart", message);
}

/** The message a failed plain form post left for the cart page (see takePageMessage). */
export function takeCartPageError(request: Request): { error: string | null; headers: Headers } {
  const { message, headers } = takePageMessage(request, cartErrorCookieName, "/cart");
  return { error: message, headers };
}

/**
 * Handles every cart form: add (from any product card or page), update, remove and clear.
 * Enhanced submissions (JavaScript, `enhanced=1`) get a result for a toast; plain form posts are
 * redirected to the cart page (post/redirect/get), with the error in a one-time cookie.
 */
export async function handleCartAction(
  api: CartApi,
  request: Request,
): Promise<Response | ReturnType<typeof data<CartActionResult>>> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as CartIntent;
  const enhanced = form.get("enhanced") === "1";
  const productId = String(form.get("productId") ?? "");
  // The stock limit is the API's to enforce; here only nonsense (empty, negative, text) is tamed.
  const quantity = normalizeQuantity(form.get("quantity") ?? "1", maxCartQuantity);
  const headers = new Headers();

  const reply = (result: CartActionResult, status = 200) => {
    if (enhanced) return data(result, { status, headers });
    if (!result.ok) headers.append("Set-Cookie", cartErrorCookie(request, result.error));
    return redirect("/cart", { headers });
  };

  if (!intents.includes(intent)) {
    return reply({ ok: false, intent: "add", error: "Unknown cart action." }, 400);
  }

  try {
    if (intent === "add") {
      const cart = await addToCart(api, request, productId, quantity, headers);
      const line = cart?.lines.find((l) => l.product?.id === productId);
      return reply({ ok: true, intent, productName: line?.product?.name, quantity });
    }
    const cartId = readCartId(request);
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
    // The API limits how many carts one shopper starts an hour; its message says how long to wait.
    if (err instanceof ConnectError && err.code === Code.ResourceExhausted) {
      return reply({ ok: false, intent, error: err.rawMessage }, 429);
    }
    const message = userMessage(err);
    if (message) return reply({ ok: false, intent, error: message }, 400);
    // An outage must not replace the page the shopper is on with an error page (a fetcher's
    // thrown error would reach the root boundary), so it is answered like any refusal.
    console.error("cart action failed", err);
    return reply({ ok: false, intent, error: cartUnavailableMessage }, 503);
  }
}

/**
 * Adds `quantity` of a product to the shopper's cart, starting a cart when they have none (or
 * theirs has vanished) and appending its cookie to `headers`. The API's refusals (out of stock,
 * unknown product) are thrown for the caller to word. Shared by the cart's own forms and the
 * wishlist's Move to Cart, so both treat the cart cookie the same way.
 */
export async function addToCart(
  api: CartApi,
  request: Request,
  productId: string,
  quantity: number,
  headers: Headers,
): Promise<Cart | undefined> {
  const startCart = async () => {
    const created = await api.cart.createCart({});
    if (!created.cart) throw new Error("CreateCart answered without a cart");
    headers.append("Set-Cookie", cartCookie(request, created.cart.id));
    return created.cart.id;
  };
  let cartId = readCartId(request) ?? (await startCart());
  try {
    return (await api.cart.addCartItem({ cartId, productId, quantity })).cart;
  } catch (err) {
    // NotFound may mean the product or the cart; only a vanished cart is replaced.
    if (!isNotFound(err) || (await cartExists(api, cartId))) throw err;
    cartId = await startCart();
    return (await api.cart.addCartItem({ cartId, productId, quantity })).cart;
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
