import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartSchema } from "~/gen/atelier/store/v1/cart_pb";
import { GetProductResponseSchema } from "~/gen/atelier/store/v1/catalog_service_pb";
import { WishlistSchema } from "~/gen/atelier/store/v1/wishlist_pb";
import type { WishlistActionResult } from "~/lib/models/wishlist";
import { apiError, customerAccount } from "~/lib/testing/api";
import {
  guestWishlistCookie,
  handleWishlistAction,
  loadWishlist,
  mergeGuestWishlist,
  readGuestWishlist,
  savedProductIds,
  takeWishlistPageError,
  type WishlistApi,
  wishlistText,
} from "./wishlist.server";

const rose = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";
const moss = "1c1e3d9f-8d4a-4e8f-8e6a-2d2f1f4d3b22";
const sage = "2d2f4eaf-9e5b-4f9f-9f7b-3e3f2f5e4c33";
const cartId = "11111111-2222-4333-8444-555555555555";

const guest = { account: null, unknown: false };
const customer = { account: customerAccount, unknown: false };
const unknown = { account: null, unknown: true };

const names: Record<string, string> = { [rose]: "Rose Serum", [moss]: "Moss Balm", [sage]: "Sage Cleanser" };

function product(id: string) {
  return {
    id,
    slug: names[id]!.toLowerCase().replace(" ", "-"),
    name: names[id]!,
    price: { currencyCode: "GBP", minorUnits: 4200n },
  };
}

function wishlistOf(...ids: string[]) {
  return create(WishlistSchema, { items: ids.map((id) => ({ product: product(id) })) });
}

function fakeApi(
  overrides: {
    wishlist?: Partial<WishlistApi["wishlist"]>;
    catalog?: Partial<WishlistApi["catalog"]>;
    cart?: Partial<WishlistApi["cart"]>;
  } = {},
): WishlistApi {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call to ${name}`));
  const service = <T extends object>(methods: string[], given: Partial<T> = {}) =>
    ({ ...Object.fromEntries(methods.map((m) => [m, unexpected(m)])), ...given }) as T;
  return {
    wishlist: service(
      ["getWishlist", "addWishlistItem", "removeWishlistItem", "mergeWishlist"],
      overrides.wishlist,
    ),
    catalog: service(
      ["getProduct", "listProducts", "listRelatedProducts", "listFeaturedProducts", "listCategories"],
      overrides.catalog,
    ),
    cart: service(
      ["createCart", "getCart", "addCartItem", "updateCartItem", "removeCartItem", "clearCart", "mergeCart"],
      overrides.cart,
    ),
  };
}

/** The catalogue's GetProduct, knowing only `ids` (others are not found). */
function catalogKnowing(...ids: string[]) {
  return vi.fn<WishlistApi["catalog"]["getProduct"]>(async ({ id }) => {
    if (!id || !ids.includes(id)) throw new ConnectError("product not found", Code.NotFound);
    return create(GetProductResponseSchema, { product: product(id) });
  });
}

function request(path = "/wishlist", cookie?: string, init: RequestInit = {}): Request {
  return new Request(`http://shop.test${path}`, {
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) },
  });
}

function post(fields: Record<string, string>, cookie?: string): Request {
  return request("/wishlist", cookie, { method: "POST", body: new URLSearchParams(fields) });
}

function enhanced(res: Awaited<ReturnType<typeof handleWishlistAction>>) {
  if (res instanceof Response) throw new Error(`expected data, got a ${res.status} response`);
  return {
    result: res.data as WishlistActionResult,
    status: res.init?.status ?? 200,
    cookies: new Headers(res.init?.headers).getSetCookie(),
  };
}

function redirected(res: Awaited<ReturnType<typeof handleWishlistAction>>) {
  if (!(res instanceof Response)) throw new Error("expected a redirect");
  return { status: res.status, location: res.headers.get("location"), cookies: res.headers.getSetCookie() };
}

/** The ids a Set-Cookie value leaves in the guest's wishlist cookie. */
function idsIn(setCookie: string | undefined): string[] {
  const value = /^atelier_wishlist=([^;]*)/.exec(setCookie ?? "")?.[1];
  if (value === undefined) throw new Error(`not a wishlist cookie: ${setCookie}`);
  return value ? value.split(".") : [];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the guest's wishlist cookie", () => {
  it("keeps UUIDs only, lower-cased, once each, newest first, at most 50", () => {
    const cookie = `atelier_wishlist=${rose.toUpperCase()}.junk.${moss}.${rose}..${"x".repeat(40)}`;
    expect(readGuestWishlist(request("/", `theme=dark; ${cookie}`))).toEqual([rose, moss]);
    const many = Array.from(
      { length: 60 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const read = readGuestWishlist(request("/", `atelier_wishlist=${many.join(".")}`));
    expect(read).toHaveLength(50);
    expect(read[0]).toBe(many[0]);
    expect(readGuestWishlist(request("/"))).toEqual([]);
  });

  it("is HttpOnly, SameSite=Lax, for the whole shop, lasting a year; Secure over HTTPS; deleted when empty", () => {
    expect(guestWishlistCookie(request(), [rose, moss])).toBe(
      `atelier_wishlist=${rose}.${moss}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`,
    );
    expect(guestWishlistCookie(new Request("https://shop.test/"), [rose])).toMatch(/; Secure$/);
    expect(guestWishlistCookie(request(), [])).toBe(
      "atelier_wishlist=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
  });
});

describe("loadWishlist", () => {
  it("reads a customer's wishlist from the API", async () => {
    const getWishlist = vi.fn(async () => ({
      $typeName: "atelier.store.v1.GetWishlistResponse" as const,
      wishlist: wishlistOf(moss, rose),
    }));
    const products = await loadWishlist(
      fakeApi({ wishlist: { getWishlist } }),
      request("/wishlist", `atelier_wishlist=${sage}`),
      customer,
    );
    expect(products.map((p) => p.name)).toEqual(["Moss Balm", "Rose Serum"]);
  });

  it("loads a guest's saved products from the catalogue in the cookie's order, leaving out what is gone", async () => {
    const getProduct = catalogKnowing(rose, moss);
    const products = await loadWishlist(
      fakeApi({ catalog: { getProduct } }),
      request("/wishlist", `atelier_wishlist=${moss}.${sage}.${rose}`),
      guest,
    );
    expect(products.map((p) => p.name)).toEqual(["Moss Balm", "Rose Serum"]);
    expect(getProduct).toHaveBeenCalledTimes(3);
  });

  it("fails when the catalogue is down, or when nobody could say who is signed in", async () => {
    const getProduct = vi.fn(async () => {
      throw new ConnectError("unreachable", Code.Unavailable);
    });
    await expect(
      loadWishlist(
        fakeApi({ catalog: { getProduct } }),
        request("/wishlist", `atelier_wishlist=${rose}`),
        guest,
      ),
    ).rejects.toThrow("unreachable");
    await expect(
      loadWishlist(fakeApi(), request("/wishlist", `atelier_wishlist=${rose}`), unknown),
    ).rejects.toThrow();
  });
});

describe("savedProductIds", () => {
  it("answers from the cookie for a guest and from the API for a customer", async () => {
    expect(await savedProductIds(fakeApi(), request("/", `atelier_wishlist=${rose}`), guest)).toEqual(
      new Set([rose]),
    );
    const getWishlist = async () => ({
      $typeName: "atelier.store.v1.GetWishlistResponse" as const,
      wishlist: wishlistOf(moss),
    });
    expect(
      await savedProductIds(
        fakeApi({ wishlist: { getWishlist } }),
        request("/", `atelier_wishlist=${rose}`),
        customer,
      ),
    ).toEqual(new Set([moss]));
  });

  it("says nothing is saved when the wishlist cannot be read, rather than failing the product page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const getWishlist = async () => {
      throw new ConnectError("unreachable", Code.Unavailable);
    };
    expect(await savedProductIds(fakeApi({ wishlist: { getWishlist } }), request(), customer)).toEqual(
      new Set(),
    );
  });
});

describe("handleWishlistAction for a guest", () => {
  it("saves a product on sale as the newest, in the cookie", async () => {
    const getProduct = catalogKnowing(rose);
    const { result, cookies } = enhanced(
      await handleWishlistAction(
        fakeApi({ catalog: { getProduct } }),
        post({ intent: "add", productId: rose, enhanced: "1" }, `atelier_wishlist=${moss}`),
        guest,
      ),
    );
    expect(result).toEqual({ ok: true, intent: "add", productId: rose, saved: true });
    expect(idsIn(cookies[0])).toEqual([rose, moss]);
  });

  it("does nothing for a product already saved, and refuses one that is not on sale", async () => {
    const again = enhanced(
      await handleWishlistAction(
        fakeApi(),
        post({ intent: "add", productId: rose, enhanced: "1" }, `atelier_wishlist=${rose}`),
        guest,
      ),
    );
    expect(again.result.ok).toBe(true);
    expect(again.cookies).toEqual([]);
    const gone = enhanced(
      await handleWishlistAction(
        fakeApi({ catalog: { getProduct: catalogKnowing() } }),
        post({ intent: "add", productId: sage, enhanced: "1" }),
        guest,
      ),
    );
    expect(gone.result).toEqual({
      ok: false,
      intent: "add",
      productId: sage,
      error: wishlistText.productGone,
    });
    expect(gone.status).toBe(404);
    expect(gone.cookies).toEqual([]);
  });

  it("refuses a 51st product with a way forward", async () => {
    const full = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const { result, status } = enhanced(
      await handleWishlistAction(
        fakeApi(),
        post({ intent: "add", productId: rose, enhanced: "1" }, `atelier_wishlist=${full.join(".")}`),
        guest,
      ),
    );
    expect(result).toMatchObject({ ok: false, error: wishlistText.guestFull });
    expect(wishlistText.guestFull).toContain("Sign in to save more");
    expect(status).toBe(400);
  });

  it("removes a product from the cookie", async () => {
    const { result, cookies } = enhanced(
      await handleWishlistAction(
        fakeApi(),
        post({ intent: "remove", productId: rose, enhanced: "1" }, `atelier_wishlist=${moss}.${rose}`),
        guest,
      ),
    );
    expect(result).toEqual({ ok: true, intent: "remove", productId: rose, saved: false });
    expect(idsIn(cookies[0])).toEqual([moss]);
  });

  it("moves a product into the cart (starting one) and off the wishlist", async () => {
    const addCartItem = vi.fn(async () => ({
      $typeName: "atelier.store.v1.AddCartItemResponse" as const,
      cart: create(CartSchema, { id: cartId }),
    }));
    const api = fakeApi({
      cart: {
        createCart: async () => ({
          $typeName: "atelier.store.v1.CreateCartResponse",
          cart: create(CartSchema, { id: cartId }),
        }),
        addCartItem,
      },
    });
    const { result, cookies } = enhanced(
      await handleWishlistAction(
        api,
        post({ intent: "move", productId: rose, enhanced: "1" }, `atelier_wishlist=${rose}.${moss}`),
        guest,
      ),
    );
    expect(result).toEqual({ ok: true, intent: "move", productId: rose, saved: false });
    expect(addCartItem).toHaveBeenCalledWith({ cartId, productId: rose, quantity: 1 });
    expect(cookies[0]).toMatch(new RegExp(`^atelier_cart=${cartId};`));
    expect(idsIn(cookies[1])).toEqual([moss]);
  });

  it("keeps a sold-out product on the wishlist, saying why", async () => {
    const addCartItem = async () => {
      throw apiError(Code.FailedPrecondition, "Sage Cleanser is out of stock.", "out_of_stock");
    };
    const api = fakeApi({ cart: { addCartItem } });
    const { result, cookies } = enhanced(
      await handleWishlistAction(
        api,
        post(
          { intent: "move", productId: sage, enhanced: "1" },
          `atelier_cart=${cartId}; atelier_wishlist=${sage}`,
        ),
        guest,
      ),
    );
    expect(result).toEqual({
      ok: false,
      intent: "move",
      productId: sage,
      error: "Sage Cleanser is out of stock.",
    });
    expect(cookies).toEqual([]);
  });
});

describe("handleWishlistAction for a customer", () => {
  it("saves and removes through the API, never touching the cookie", async () => {
    const addWishlistItem = vi.fn(async () => ({
      $typeName: "atelier.store.v1.AddWishlistItemResponse" as const,
      wishlist: wishlistOf(rose),
    }));
    const removeWishlistItem = vi.fn(async () => ({
      $typeName: "atelier.store.v1.RemoveWishlistItemResponse" as const,
      wishlist: wishlistOf(),
    }));
    const api = fakeApi({ wishlist: { addWishlistItem, removeWishlistItem } });
    const added = enhanced(
      await handleWishlistAction(
        api,
        post({ intent: "add", productId: rose.toUpperCase(), enhanced: "1" }),
        customer,
      ),
    );
    expect(added.result).toEqual({ ok: true, intent: "add", productId: rose, saved: true });
    expect(addWishlistItem).toHaveBeenCalledWith({ productId: rose });
    const removed = enhanced(
      await handleWishlistAction(api, post({ intent: "remove", productId: rose, enhanced: "1" }), customer),
    );
    expect(removed.result.ok).toBe(true);
    expect(removeWishlistItem).toHaveBeenCalledWith({ productId: rose });
    expect([...added.cookies, ...removed.cookies]).toEqual([]);
  });

  it("passes on the API's word for a full wishlist", async () => {
    const addWishlistItem = async () => {
      throw apiError(
        Code.FailedPrecondition,
        "Your wishlist is full: it holds at most 200 products. Remove one to make room.",
        "wishlist_full",
      );
    };
    const { result } = enhanced(
      await handleWishlistAction(
        fakeApi({ wishlist: { addWishlistItem } }),
        post({ intent: "add", productId: rose, enhanced: "1" }),
        customer,
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      error: "Your wishlist is full: it holds at most 200 products. Remove one to make room.",
    });
  });

  it("says so when the piece reached the cart but stayed on the wishlist", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const api = fakeApi({
      cart: {
        addCartItem: async () => ({
          $typeName: "atelier.store.v1.AddCartItemResponse",
          cart: create(CartSchema, { id: cartId }),
        }),
      },
      wishlist: {
        removeWishlistItem: async () => {
          throw new ConnectError("unreachable", Code.Unavailable);
        },
      },
    });
    const { result, status } = enhanced(
      await handleWishlistAction(
        api,
        post({ intent: "move", productId: rose, enhanced: "1" }, `atelier_cart=${cartId}`),
        customer,
      ),
    );
    expect(result).toMatchObject({ ok: false, error: wishlistText.movedButKept });
    expect(status).toBe(503);
  });
});

describe("handleWishlistAction without JavaScript", () => {
  it("goes back to the page the form was on (a path on this shop only)", async () => {
    const res = redirected(
      await handleWishlistAction(
        fakeApi(),
        post(
          { intent: "remove", productId: rose, redirectTo: "/product/rose-serum" },
          `atelier_wishlist=${rose}`,
        ),
        guest,
      ),
    );
    expect(res).toMatchObject({ status: 302, location: "/product/rose-serum" });
    const offsite = redirected(
      await handleWishlistAction(
        fakeApi(),
        post({ intent: "remove", productId: rose, redirectTo: "https://evil.test/" }),
        guest,
      ),
    );
    expect(offsite.location).toBe("/wishlist");
  });

  it("takes a refusal to the wishlist page in a one-time cookie, shown once", async () => {
    const res = redirected(
      await handleWishlistAction(
        fakeApi({ catalog: { getProduct: catalogKnowing() } }),
        post({ intent: "add", productId: sage, redirectTo: "/product/x" }),
        guest,
      ),
    );
    expect(res.location).toBe("/wishlist");
    expect(res.cookies).toEqual([
      `atelier_wishlist_error=${encodeURIComponent(wishlistText.productGone)}; Path=/wishlist; HttpOnly; SameSite=Lax; Max-Age=60`,
    ]);
    const page = request("/wishlist", res.cookies[0]!.split(";")[0]);
    const taken = takeWishlistPageError(page);
    expect(taken.error).toBe(wishlistText.productGone);
    expect(taken.headers.get("set-cookie")).toBe(
      "atelier_wishlist_error=; Path=/wishlist; HttpOnly; SameSite=Lax; Max-Age=0",
    );
  });
});

describe("handleWishlistAction refuses", () => {
  it.each([
    ["an unknown intent", { intent: "steal", productId: rose }, 400],
    ["a product id that is not a UUID", { intent: "add", productId: "rose-serum" }, 400],
  ])("%s", async (_, fields, status) => {
    const res = enhanced(await handleWishlistAction(fakeApi(), post({ ...fields, enhanced: "1" }), guest));
    expect(res.result.ok).toBe(false);
    expect(res.status).toBe(status);
  });

  it("every change while nobody can say who is signed in", async () => {
    const res = enhanced(
      await handleWishlistAction(fakeApi(), post({ intent: "add", productId: rose, enhanced: "1" }), unknown),
    );
    expect(res.result).toMatchObject({ ok: false, error: wishlistText.unavailable });
    expect(res.status).toBe(503);
  });

  it("answers an outage with a message, not an error page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const addWishlistItem = async () => {
      throw new ConnectError("unreachable", Code.Unavailable);
    };
    const res = enhanced(
      await handleWishlistAction(
        fakeApi({ wishlist: { addWishlistItem } }),
        post({ intent: "add", productId: rose, enhanced: "1" }),
        customer,
      ),
    );
    expect(res.result).toMatchObject({ ok: false, error: wishlistText.unavailable });
    expect(res.status).toBe(503);
  });
});

describe("mergeGuestWishlist", () => {
  const auth = { authorization: "Bearer tok" };

  it("merges the guest's products into the account with the new session's token, then clears the cookie", async () => {
    const mergeWishlist = vi.fn(async () => ({
      $typeName: "atelier.store.v1.MergeWishlistResponse" as const,
      wishlist: wishlistOf(rose, moss),
    }));
    const clear = await mergeGuestWishlist(
      fakeApi({ wishlist: { mergeWishlist } }),
      request("/login", `atelier_wishlist=${rose}.${moss}`),
      auth,
    );
    expect(mergeWishlist).toHaveBeenCalledWith({ productIds: [rose, moss] }, { headers: auth });
    expect(clear).toBe("atelier_wishlist=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });

  it("keeps the cookie for next time when the merge fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const mergeWishlist = async () => {
      throw new ConnectError("unreachable", Code.Unavailable);
    };
    expect(
      await mergeGuestWishlist(
        fakeApi({ wishlist: { mergeWishlist } }),
        request("/login", `atelier_wishlist=${rose}`),
        auth,
      ),
    ).toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it("asks nothing of the API without a guest wishlist, and clears a cookie holding nothing usable", async () => {
    expect(await mergeGuestWishlist(fakeApi(), request("/login"), auth)).toBeNull();
    expect(await mergeGuestWishlist(fakeApi(), request("/login", "atelier_wishlist=junk"), auth)).toMatch(
      /^atelier_wishlist=; /,
    );
  });
});
