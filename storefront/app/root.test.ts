import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CreateCartResponseSchema, GetCartResponseSchema } from "~/gen/atelier/store/v1/cart_service_pb";
import { ListCategoriesResponseSchema } from "~/gen/atelier/store/v1/catalog_service_pb";
import { GetStoreSettingsResponseSchema } from "~/gen/atelier/store/v1/settings_service_pb";
import { pageMeta } from "~/lib/seo";
import { config, loadConfig } from "~/lib/server/config.server";
import { adminAccount, customerAccount, type FakeSession, loaderArgs } from "~/lib/testing/api";
import { deliveryOptionsAnswer } from "~/lib/testing/delivery";
import { loader as rootLoader } from "./root";

const cartId = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";
const accountCartId = "7f1c2a9e-0d4b-4c3e-9b8a-6e5d4c3b2a10";

/** The root loader's data, as components get it (the Set-Cookie headers are in `headers`). */
async function loader(args: Parameters<typeof rootLoader>[0]) {
  const res = await rootLoader(args);
  return Object.assign(res.data, { headers: new Headers(res.init?.headers) });
}

const listCategories = async () =>
  create(ListCategoriesResponseSchema, {
    categories: [
      { name: "Maison Lumière", productCount: 21 },
      { name: "Verdant & Co", productCount: 21 },
    ],
  });

const getStoreSettings = async () =>
  create(GetStoreSettingsResponseSchema, {
    storeSettings: {
      storeName: "Atelier London Ltd",
      address: {
        line1: "12 Marylebone High Street",
        line2: "",
        city: "London",
        postcode: "W1U 4NR",
        country: "United Kingdom",
      },
      contactEmail: "hello@atelier.test",
      phone: "+44 20 7946 0000",
      companyNumber: "01234567",
      vatNumber: "GB123456789",
    },
  });

/** The root loader for a shop with categories and store settings, as `session` sees it. */
const loadAs = (session: FakeSession) =>
  loader(
    loaderArgs("/", { catalog: { listCategories }, settings: { getStoreSettings } }, undefined, session),
  );

const getCart = async () => create(GetCartResponseSchema, { cart: { id: cartId, itemCount: 3 } });

const down = async (): Promise<never> => {
  throw new ConnectError("connect ECONNREFUSED", Code.Unavailable);
};

describe("root loader", () => {
  // A part that fails is logged; the tests' stand-in APIs leave some parts out.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("gives the header and footer the categories, the store's details and the cart count", async () => {
    const data = await loader(
      loaderArgs(
        "/",
        { catalog: { listCategories }, settings: { getStoreSettings }, cart: { getCart } },
        { headers: { cookie: `atelier_cart=${cartId}` } },
      ),
    );
    expect(data.categories).toEqual(["Maison Lumière", "Verdant & Co"]);
    expect(data.settings).toEqual({
      storeName: "Atelier London Ltd",
      // The empty second line is left out; city and postcode share a line.
      addressLines: ["12 Marylebone High Street", "London W1U 4NR", "United Kingdom"],
      email: "hello@atelier.test",
      phone: "+44 20 7946 0000",
      companyNumber: "01234567",
      vatNumber: "GB123456789",
    });
    expect(data.cartCount).toBe(3);
    // Canonical and og:url (pageMeta) are built on it: the configured origin, not the request's.
    expect(data.origin).toBe("http://localhost:3000");
  });

  it("gives every page's canonical and Open Graph URLs the configured origin, whatever Host the request names", async () => {
    const data = await loader(
      loaderArgs(
        "https://evil.test/shop",
        { catalog: { listCategories }, settings: { getStoreSettings } },
        { headers: { "x-forwarded-host": "evil.test" } },
      ),
    );
    expect(data.origin).toBe("http://localhost:3000");
    const tags = pageMeta({ description: "d", origin: data.origin, path: "/shop" });
    expect(JSON.stringify(tags)).not.toContain("evil.test");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "http://localhost:3000/shop" });
    expect(tags).toContainEqual({ property: "og:url", content: "http://localhost:3000/shop" });
  });

  it("shows an empty badge to a shopper without a cart cookie, without asking the API", async () => {
    const getCartSpy = vi.fn(getCart);
    const data = await loader(
      loaderArgs("/", {
        catalog: { listCategories },
        settings: { getStoreSettings },
        cart: { getCart: getCartSpy },
      }),
    );
    expect(data.cartCount).toBe(0);
    expect(getCartSpy).not.toHaveBeenCalled();
  });

  it("finds a signed-in shopper's cart when this device has no cart cookie (a failed merge), and keeps it in the cookie", async () => {
    const createCart = vi.fn(async () =>
      create(CreateCartResponseSchema, { cart: { id: accountCartId, itemCount: 4 } }),
    );
    const data = await loader(
      loaderArgs(
        "/",
        { catalog: { listCategories }, settings: { getStoreSettings }, cart: { getCart, createCart } },
        undefined,
        customerAccount,
      ),
    );
    expect(createCart).toHaveBeenCalledTimes(1);
    expect(data.cartCount).toBe(4);
    expect(data.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        new RegExp(`^atelier_cart=${accountCartId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`),
      ),
    ]);
  });

  it("finds a signed-in shopper's cart when the cookie's cart is gone (a merge that timed out after merging)", async () => {
    const createCart = vi.fn(async () =>
      create(CreateCartResponseSchema, { cart: { id: accountCartId, itemCount: 2 } }),
    );
    const gone = vi.fn(async (): Promise<never> => {
      throw new ConnectError("cart not found", Code.NotFound);
    });
    const data = await loader(
      loaderArgs(
        "/",
        { catalog: { listCategories }, settings: { getStoreSettings }, cart: { getCart: gone, createCart } },
        { headers: { cookie: `atelier_cart=${cartId}` } },
        customerAccount,
      ),
    );
    expect(gone).toHaveBeenCalledWith({ cartId });
    expect(data.cartCount).toBe(2);
    expect(data.headers.get("set-cookie")).toMatch(new RegExp(`^atelier_cart=${accountCartId};`));
  });

  it("leaves a signed-in shopper's working cart cookie alone, and a guest's missing cart missing", async () => {
    const createCart = vi.fn();
    const signedIn = await loader(
      loaderArgs(
        "/",
        { catalog: { listCategories }, settings: { getStoreSettings }, cart: { getCart, createCart } },
        { headers: { cookie: `atelier_cart=${cartId}` } },
        customerAccount,
      ),
    );
    expect(signedIn.cartCount).toBe(3);
    expect(signedIn.headers.get("set-cookie")).toBeNull();
    const guest = await loader(
      loaderArgs(
        "/",
        {
          catalog: { listCategories },
          settings: { getStoreSettings },
          cart: {
            getCart: () => Promise.reject(new ConnectError("cart not found", Code.NotFound)),
            createCart,
          },
        },
        { headers: { cookie: `atelier_cart=${cartId}` } },
      ),
    );
    expect(guest.cartCount).toBe(0);
    expect(guest.headers.get("set-cookie")).toBeNull();
    expect(createCart).not.toHaveBeenCalled();
  });

  it("degrades part by part when the API fails, rather than failing the page", async () => {
    const data = await loader(
      loaderArgs(
        "/",
        {
          catalog: { listCategories: down },
          settings: { getStoreSettings: down },
          cart: { getCart: down },
          shipping: { listDeliveryOptions: down },
        },
        { headers: { cookie: `atelier_cart=${cartId}` } },
      ),
    );
    expect(data).toMatchObject({ categories: [], settings: null, cartCount: 0, freeDelivery: null });
  });

  it("gives the announcement bar the free-delivery rule as the back office last set it, or none", async () => {
    const listDeliveryOptions = vi.fn(async () => deliveryOptionsAnswer(6000n));
    const args = () =>
      loaderArgs("/", {
        catalog: { listCategories },
        settings: { getStoreSettings },
        shipping: { listDeliveryOptions },
      });
    expect((await loader(args())).freeDelivery).toBe("Free standard delivery on orders over £60");
    listDeliveryOptions.mockResolvedValueOnce(deliveryOptionsAnswer(null));
    expect((await loader(args())).freeDelivery).toBeNull();
  });

  it("says nobody is signed in to a guest", async () => {
    const data = await loadAs(null);
    expect(data.user).toBeNull();
    expect(data.backofficeUrl).toBeNull();
  });

  it("shares who is signed in — id, first name and role only — but not the back office with a customer", async () => {
    const data = await loadAs(customerAccount);
    expect(data.user).toEqual({ id: "u-1", firstName: "Ada", role: "customer" });
    expect(JSON.stringify(data)).not.toContain("ada@example.com");
    expect(data.backofficeUrl).toBeNull();
  });

  it("gives an admin the back office's address", async () => {
    const data = await loadAs(adminAccount);
    expect(data.user).toEqual({ id: "u-2", firstName: "Grace", role: "admin" });
    expect(data.backofficeUrl).toBe("http://localhost:5173/admin");
  });

  it("gives an admin no back office address when there is none (production without BACKOFFICE_URL)", async () => {
    const configured = config.backofficeUrl;
    config.backofficeUrl = loadConfig({
      NODE_ENV: "production",
      STOREFRONT_URL: "https://shop.example.com",
    }).backofficeUrl;
    try {
      const data = await loadAs(adminAccount);
      expect(data.user?.role).toBe("admin");
      expect(data.backofficeUrl).toBeNull();
    } finally {
      config.backofficeUrl = configured;
    }
  });
});
