// The guest's cart lives on the server; the browser only holds its unguessable id, in an HttpOnly
// cookie of the storefront's origin, so the header badge and the cart page render on the server.
import { data, redirect } from "react-router";
import type { Api } from "./api.server";
import { type CartActionResult, type CartIntent, type CartView, toCartView } from "./cart";
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

/** The shopper's cart, or null when they have none (or it no longer exists). */
export async function loadCart(api: Api, request: Request): Promise<CartView | null> {
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

const intents: readonly CartIntent[] = ["add", "update", "remove", "clear"];

/**
 * Handles every cart form: add (from any product card or page), update, remove and clear.
 * Enhanced submissions (JavaScript, `enhanced=1`) get a result for a toast; plain form posts are
 * redirected to the cart page (post/redirect/get), with the error in the URL when one occurred.
 */
export async function handleCartAction(api: Api, request: Request): Promise<Response | ReturnType<typeof data<CartActionResult>>> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as CartIntent;
  const enhanced = form.get("enhanced") === "1";
  const productId = String(form.get("productId") ?? "");
  const quantity = Math.trunc(Number(form.get("quantity") ?? "1"));
  const headers = new Headers();

  const reply = (result: CartActionResult, status = 200) => {
    if (enhanced) return data(result, { status, headers });
    const target = result.ok ? "/cart" : `/cart?${new URLSearchParams({ error: result.error })}`;
    return redirect(target, { headers });
  };

  if (!intents.includes(intent)) {
    return reply({ ok: false, intent: "add", error: "Unknown cart action." }, 400);
  }

  try {
    let cartId = readCartId(request);
    if (intent === "add") {
      const units = Number.isFinite(quantity) && quantity > 0 ? quantity : 1;
      const startCart = async () => {
        const created = await api.cart.createCart({});
        headers.append("Set-Cookie", cartCookie(request, created.cart!.id));
        return created.cart!.id;
      };
      cartId ??= await startCart();
      let res;
      try {
        res = await api.cart.addCartItem({ cartId, productId, quantity: units });
      } catch (err) {
        // NotFound may mean the product or the cart; only a vanished cart is replaced.
        if (!isNotFound(err) || (await cartExists(api, cartId))) throw err;
        cartId = await startCart();
        res = await api.cart.addCartItem({ cartId, productId, quantity: units });
      }
      const line = res.cart?.lines.find((l) => l.product?.id === productId);
      return reply({ ok: true, intent, productName: line?.product?.name, quantity: units });
    }
    if (!cartId) return reply({ ok: false, intent, error: "Your cart is empty." }, 400);
    if (intent === "update") {
      await api.cart.updateCartItem({ cartId, productId, quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 1 });
    } else if (intent === "remove") {
      await api.cart.removeCartItem({ cartId, productId });
    } else {
      await api.cart.clearCart({ cartId });
    }
    return reply({ ok: true, intent });
  } catch (err) {
    const message = userMessage(err);
    if (!message) throw err;
    return reply({ ok: false, intent, error: message }, 400);
  }
}

async function cartExists(api: Api, cartId: string): Promise<boolean> {
  try {
    await api.cart.getCart({ cartId });
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}
