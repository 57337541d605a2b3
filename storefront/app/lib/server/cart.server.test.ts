import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { CartSchema } from "~/gen/atelier/store/v1/cart_pb";
import type { CartActionResult } from "~/lib/models/cart";
import {
  type CartApi,
  cartUnavailableMessage,
  handleCartAction,
  loadCart,
  takeCartPageError,
} from "./cart.server";

const existingCart = "11111111-2222-4333-8444-555555555555";
const newCart = "99999999-8888-4777-8666-555555555555";
const rose = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";

function cartWith(id: string) {
  return create(CartSchema, {
    id,
    itemCount: 1,
    lines: [{ product: { id: rose, name: "Rose Serum" }, quantity: 1 }],
  });
}

type CartClient = CartApi["cart"];

function fakeApi(methods: Partial<CartClient>): CartApi {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call to ${name}`));
  return {
    cart: {
      createCart: unexpected("createCart"),
      getCart: unexpected("getCart"),
      addCartItem: unexpected("addCartItem"),
      updateCartItem: unexpected("updateCartItem"),
      removeCartItem: unexpected("removeCartItem"),
      clearCart: unexpected("clearCart"),
      mergeCart: unexpected("mergeCart"),
      ...methods,
    },
  };
}

function post(fields: Record<string, string>, cartId?: string): Request {
  return new Request("http://shop.test/cart", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cartId ? { cookie: `theme=dark; atelier_cart=${cartId}` } : {},
  });
}

/** The enhanced answer: data with a status and headers. */
function enhancedResult(res: Awaited<ReturnType<typeof handleCartAction>>) {
  if (res instanceof Response) throw new Error(`expected data, got a ${res.status} response`);
  return {
    result: res.data as CartActionResult,
    status: res.init?.status ?? 200,
    headers: new Headers(res.init?.headers),
  };
}

function redirected(res: Awaited<ReturnType<typeof handleCartAction>>) {
  if (!(res instanceof Response)) throw new Error("expected a redirect");
  return { status: res.status, location: res.headers.get("location"), cookie: res.headers.get("set-cookie") };
}

describe("handleCartAction: add", () => {
  it("starts a cart on the first add and hands its id to the browser in an HttpOnly cookie", async () => {
    const addCartItem = vi.fn(() =>
      Promise.resolve({
        $typeName: "atelier.store.v1.AddCartItemResponse" as const,
        cart: cartWith(newCart),
      }),
    );
    const api = fakeApi({
      createCart: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.CreateCartResponse", cart: cartWith(newCart) }),
      addCartItem,
    });
    const { result, headers } = enhancedResult(
      await handleCartAction(api, post({ intent: "add", productId: rose, quantity: "2", enhanced: "1" })),
    );
    expect(result).toEqual({ ok: true, intent: "add", productName: "Rose Serum", quantity: 2 });
    expect(addCartItem).toHaveBeenCalledWith({ cartId: newCart, productId: rose, quantity: 2 });
    expect(headers.get("set-cookie")).toMatch(
      new RegExp(`^atelier_cart=${newCart}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`),
    );
  });

  it("marks its cookies Secure when the shop is served over HTTPS", async () => {
    const api = fakeApi({
      createCart: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.CreateCartResponse", cart: cartWith(newCart) }),
      addCartItem: () =>
        Promise.reject(new ConnectError("Only 3 of Rose Serum are in stock.", Code.FailedPrecondition)),
      getCart: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.GetCartResponse", cart: cartWith(newCart) }),
    });
    const request = new Request("https://shop.test/cart", {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: rose, quantity: "5" }),
    });
    const res = await handleCartAction(api, request);
    if (!(res instanceof Response)) throw new Error("expected a redirect");
    expect(res.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        new RegExp(`^atelier_cart=${newCart}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+; Secure$`),
      ),
      `atelier_cart_error=${encodeURIComponent("Only 3 of Rose Serum are in stock.")}; Path=/cart; HttpOnly; SameSite=Lax; Max-Age=60; Secure`,
    ]);
  });

  it("redirects a plain form post to the cart page (post/redirect/get)", async () => {
    const api = fakeApi({
      addCartItem: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.AddCartItemResponse", cart: cartWith(existingCart) }),
    });
    const res = redirected(
      await handleCartAction(api, post({ intent: "add", productId: rose }, existingCart)),
    );
    expect(res).toMatchObject({ status: 302, location: "/cart", cookie: null });
  });

  it("replaces a cart that no longer exists and adds to the new one", async () => {
    const addCartItem = vi
      .fn<CartClient["addCartItem"]>()
      .mockRejectedValueOnce(new ConnectError("cart not found", Code.NotFound))
      .mockResolvedValueOnce({ $typeName: "atelier.store.v1.AddCartItemResponse", cart: cartWith(newCart) });
    const api = fakeApi({
      addCartItem,
      getCart: () => Promise.reject(new ConnectError("cart not found", Code.NotFound)),
      createCart: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.CreateCartResponse", cart: cartWith(newCart) }),
    });
    const res = redirected(
      await handleCartAction(api, post({ intent: "add", productId: rose }, existingCart)),
    );
    expect(res.location).toBe("/cart");
    expect(res.cookie).toContain(`atelier_cart=${newCart}`);
    expect(addCartItem).toHaveBeenLastCalledWith({ cartId: newCart, productId: rose, quantity: 1 });
  });

  it("reports a product that is not found instead of replacing a cart that still exists", async () => {
    const api = fakeApi({
      addCartItem: () => Promise.reject(new ConnectError("product not found", Code.NotFound)),
      getCart: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.GetCartResponse", cart: cartWith(existingCart) }),
    });
    const { result, status, headers } = enhancedResult(
      await handleCartAction(api, post({ intent: "add", productId: rose, enhanced: "1" }, existingCart)),
    );
    expect(result).toEqual({ ok: false, intent: "add", error: "product not found" });
    expect(status).toBe(400);
    expect(headers.get("set-cookie")).toBeNull();
  });
});

describe("handleCartAction: update, remove, clear", () => {
  it("sends 1 for a non-numeric quantity", async () => {
    const updateCartItem = vi.fn(() =>
      Promise.resolve({ $typeName: "atelier.store.v1.UpdateCartItemResponse" as const }),
    );
    await handleCartAction(
      fakeApi({ updateCartItem }),
      post({ intent: "update", productId: rose, quantity: "lots" }, existingCart),
    );
    expect(updateCartItem).toHaveBeenCalledWith({ cartId: existingCart, productId: rose, quantity: 1 });
  });

  it("leaves the API's stock message for the cart page in a one-time cookie on a plain form post", async () => {
    const api = fakeApi({
      updateCartItem: () =>
        Promise.reject(new ConnectError("Only 3 of Rose Serum are in stock.", Code.FailedPrecondition)),
    });
    const res = redirected(
      await handleCartAction(api, post({ intent: "update", productId: rose, quantity: "5" }, existingCart)),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/cart");
    // What the browser sends back: the cookie's name=value, without its attributes.
    const next = new Request("http://shop.test/cart", {
      headers: { cookie: (res.cookie ?? "").split(";")[0] ?? "" },
    });
    const taken = takeCartPageError(next);
    expect(taken.error).toBe("Only 3 of Rose Serum are in stock.");
    expect(taken.headers.get("Set-Cookie")).toMatch(/^atelier_cart_error=; .*Max-Age=0/);
  });

  it("answers the same message as data to an enhanced submission", async () => {
    const api = fakeApi({
      updateCartItem: () =>
        Promise.reject(new ConnectError("Only 3 of Rose Serum are in stock.", Code.FailedPrecondition)),
    });
    const { result, status } = enhancedResult(
      await handleCartAction(
        api,
        post({ intent: "update", productId: rose, quantity: "5", enhanced: "1" }, existingCart),
      ),
    );
    expect(result).toEqual({ ok: false, intent: "update", error: "Only 3 of Rose Serum are in stock." });
    expect(status).toBe(400);
  });

  it("removes a line and clears the cart", async () => {
    const removeCartItem = vi.fn(() =>
      Promise.resolve({ $typeName: "atelier.store.v1.RemoveCartItemResponse" as const }),
    );
    const clearCart = vi.fn(() =>
      Promise.resolve({ $typeName: "atelier.store.v1.ClearCartResponse" as const }),
    );
    const api = fakeApi({ removeCartItem, clearCart });
    expect(
      enhancedResult(
        await handleCartAction(api, post({ intent: "remove", productId: rose, enhanced: "1" }, existingCart)),
      ).result,
    ).toEqual({
      ok: true,
      intent: "remove",
    });
    expect(removeCartItem).toHaveBeenCalledWith({ cartId: existingCart, productId: rose });
    await handleCartAction(api, post({ intent: "clear" }, existingCart));
    expect(clearCart).toHaveBeenCalledWith({ cartId: existingCart });
  });

  it("says the cart is empty when the shopper has no cart to change", async () => {
    const { result } = enhancedResult(
      await handleCartAction(fakeApi({}), post({ intent: "remove", productId: rose, enhanced: "1" })),
    );
    expect(result).toEqual({ ok: false, intent: "remove", error: "Your cart is empty." });
  });

  it("refuses an unknown intent", async () => {
    const { result, status } = enhancedResult(
      await handleCartAction(fakeApi({}), post({ intent: "explode", enhanced: "1" }, existingCart)),
    );
    expect(result.ok).toBe(false);
    expect(status).toBe(400);
  });

  it("passes on the API's wait when it throttles new carts", async () => {
    const message = "Too many new carts from your network. Please try again in 12 minutes.";
    const api = fakeApi({
      createCart: () => Promise.reject(new ConnectError(message, Code.ResourceExhausted)),
    });
    const { result, status } = enhancedResult(
      await handleCartAction(api, post({ intent: "add", productId: rose, quantity: "1", enhanced: "1" })),
    );
    expect(result).toEqual({ ok: false, intent: "add", error: message });
    expect(status).toBe(429);
  });

  it("answers an outage with a calm message rather than an error page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const api = fakeApi({
      removeCartItem: () => Promise.reject(new ConnectError("connect ECONNREFUSED", Code.Unavailable)),
    });
    const { result, status } = enhancedResult(
      await handleCartAction(api, post({ intent: "remove", productId: rose, enhanced: "1" }, existingCart)),
    );
    expect(result).toEqual({ ok: false, intent: "remove", error: cartUnavailableMessage });
    expect(status).toBe(503);
  });
});

describe("loadCart", () => {
  const none = { cart: null, setCookie: null };
  const created = () =>
    Promise.resolve({ $typeName: "atelier.store.v1.CreateCartResponse" as const, cart: cartWith(newCart) });
  const gone = () => Promise.reject(new ConnectError("cart not found", Code.NotFound));

  it("loads the cookie's cart", async () => {
    const api = fakeApi({
      getCart: () =>
        Promise.resolve({ $typeName: "atelier.store.v1.GetCartResponse", cart: cartWith(existingCart) }),
    });
    const load = await loadCart(api, post({}, existingCart), { signedIn: true });
    expect(load.cart?.id).toBe(existingCart);
    expect(load.setCookie).toBeNull();
  });

  it("is none for a guest without a cookie, or whose cookie's cart is gone", async () => {
    expect(await loadCart(fakeApi({}), new Request("http://shop.test/cart"))).toEqual(none);
    expect(await loadCart(fakeApi({ getCart: gone }), post({}, existingCart))).toEqual(none);
  });

  it("ignores a cookie that is not a cart id", async () => {
    expect(await loadCart(fakeApi({}), post({}, "../../etc/passwd"))).toEqual(none);
  });

  it("gives a signed-in shopper without a cart cookie the account's cart, and the cookie that keeps it", async () => {
    const createCart = vi.fn<CartClient["createCart"]>(created);
    const load = await loadCart(fakeApi({ createCart }), new Request("http://shop.test/"), {
      signedIn: true,
    });
    expect(createCart).toHaveBeenCalledWith({});
    expect(load.cart).toMatchObject({ id: newCart, itemCount: 1 });
    expect(load.setCookie).toMatch(
      new RegExp(`^atelier_cart=${newCart}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`),
    );
  });

  it("gives a signed-in shopper whose cookie's cart is gone the account's cart", async () => {
    const load = await loadCart(fakeApi({ getCart: gone, createCart: created }), post({}, existingCart), {
      signedIn: true,
    });
    expect(load.cart?.id).toBe(newCart);
    expect(load.setCookie).toContain(`atelier_cart=${newCart}`);
  });

  it("asks for the account's cart once per request, however many loaders load the cart", async () => {
    const createCart = vi.fn<CartClient["createCart"]>(created);
    const api = fakeApi({ createCart });
    const [a, b] = await Promise.all([
      loadCart(api, new Request("http://shop.test/cart"), { signedIn: true }),
      loadCart(api, new Request("http://shop.test/cart"), { signedIn: true }),
    ]);
    expect(createCart).toHaveBeenCalledTimes(1);
    expect(a.setCookie).toBe(b.setCookie);
  });

  it("passes on an outage rather than replacing the cart", async () => {
    const createCart = vi.fn();
    const api = fakeApi({
      getCart: () => Promise.reject(new ConnectError("down", Code.Unavailable)),
      createCart,
    });
    await expect(loadCart(api, post({}, existingCart), { signedIn: true })).rejects.toThrow("down");
    expect(createCart).not.toHaveBeenCalled();
  });
});

describe("cart page error", () => {
  const page = (cookie?: string) =>
    new Request("http://shop.test/cart?error=Call%20us", cookie ? { headers: { cookie } } : {});

  it("never shows text from the URL", () => {
    expect(takeCartPageError(page()).error).toBeNull();
  });

  it("reads the one-time cookie, bounded, and clears it", () => {
    const taken = takeCartPageError(page(`atelier_cart_error=${encodeURIComponent("x".repeat(1000))}`));
    expect(taken.error).toHaveLength(300);
    expect(taken.headers.get("Set-Cookie")).toContain("Max-Age=0");
  });

  it("ignores a blank or garbled cookie", () => {
    expect(takeCartPageError(page("atelier_cart_error=%20")).error).toBeNull();
    expect(takeCartPageError(page("atelier_cart_error=%E0%A4%A")).error).toBeNull();
  });
});
