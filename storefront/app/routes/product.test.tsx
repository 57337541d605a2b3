import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { recordingAction, toastRoutesStub } from "~/components/ui/toast-routes-stub";
import {
  GetProductResponseSchema,
  ListRelatedProductsResponseSchema,
} from "~/gen/atelier/store/v1/catalog_service_pb";
import { GetWishlistResponseSchema } from "~/gen/atelier/store/v1/wishlist_service_pb";
import type { ProductSummary } from "~/lib/models/catalog";
import type { Api } from "~/lib/server/api.server";
import { customerAccount, type FakeApi, type FakeSession, loaderArgs } from "~/lib/testing/api";
import { deliveryOptionsAnswer } from "~/lib/testing/delivery";
import { installDialogPolyfill } from "~/lib/testing/dialog";
import { expectLink } from "~/lib/testing/links";
import { detail, summary } from "~/lib/testing/product";
import ProductRoute, { loader, meta, type ProductPageData, shouldRevalidate } from "./product";

beforeAll(installDialogPolyfill);

const url = "https://atelier.test/product/p1";

function renderProduct(data: ProductPageData) {
  const Stub = createRoutesStub([
    { path: "/product/:id", Component: ProductRoute as never, loader: () => data },
    { path: "/shop", Component: () => <h1>Shop</h1> },
  ]);
  render(<Stub initialEntries={["/product/p1"]} />);
}

const promise50 = "Free standard delivery on orders over £50";

/** Renders the page of a product that was found, with nothing related and not saved. */
function renderFound(product = detail(), freeDelivery: string | null = promise50) {
  renderProduct({ status: "found", product, related: [], url, saved: false, freeDelivery });
}

describe("product page", () => {
  it("shows the product with its breadcrumb, price, stock, SKU and features", async () => {
    renderFound(detail({ stock: 4, stockLevel: "low_stock" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Rose Serum" })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expectLink("Home", "/", crumbs);
    expectLink("Shop", "/shop", crumbs);
    expectLink("Maison Lumière", "/shop?category=Maison+Lumi%C3%A8re", crumbs);
    expect(within(crumbs).getByText("Rose Serum")).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("£42.00")).toBeInTheDocument();
    expect(screen.getByText("Low Stock")).toBeInTheDocument();
    expect(screen.getByText("SKU: ML-001")).toBeInTheDocument();
    const features = screen.getByRole("heading", { name: "Features" }).nextElementSibling as HTMLElement;
    expect(
      within(features)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Vitamin C", "Fragrance-free"]);
  });

  it("tells the description once, in its tab, and offers Add to Cart before the features", async () => {
    renderFound(detail({ description: "A calming rose serum." }));
    expect(await screen.findAllByText("A calming rose serum.")).toHaveLength(1);
    expect(
      within(screen.getByRole("tabpanel", { name: "Description" })).getByText("A calming rose serum."),
    ).toBeInTheDocument();
    const info = screen.getByRole("region", { name: "Rose Serum" });
    const buy = within(info).getByRole("button", { name: "Add to Cart" });
    const features = within(info).getByRole("heading", { name: "Features" });
    expect(buy.compareDocumentPosition(features) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("states the shop's free-delivery promise beside the returns window and in Shipping & Returns", async () => {
    renderFound(detail(), "Free standard delivery on orders over £60");
    expect(
      await screen.findByText(
        "Free standard delivery on orders over £60 · Returns within 28 days of receipt",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Shipping & Returns" }));
    const panel = screen.getByRole("tabpanel", { name: "Shipping & Returns" });
    expect(within(panel).getByText("Free standard delivery on orders over £60.")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("£50");
  });

  it("promises no free delivery when the shop makes none, and still states the returns window", async () => {
    renderFound(detail(), null);
    expect(await screen.findByText("Returns within 28 days of receipt")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Shipping & Returns" }));
    const panel = screen.getByRole("tabpanel", { name: "Shipping & Returns" });
    expect(panel).toHaveTextContent("Returns within 28 days of receipt.");
    expect(document.body).not.toHaveTextContent(/free (standard )?(delivery|shipping)/i);
  });

  it("adds a chosen quantity up to the stock", async () => {
    renderFound(detail({ stock: 4, stockLevel: "low_stock" }));
    const quantity = await screen.findByRole("spinbutton", { name: "Quantity" });
    expect(quantity).toHaveAttribute("max", "4");
    expect(quantity.closest("form")).toHaveAttribute("action", "/cart");
    expect(
      within(screen.getByRole("region", { name: "Rose Serum" })).getByRole("button", { name: "Add to Cart" }),
    ).toBeEnabled();
  });

  it("cannot add a sold-out product", async () => {
    renderFound(detail({ stock: 0, stockLevel: "out_of_stock" }));
    expect(await screen.findByRole("button", { name: "Rose Serum is out of stock" })).toBeDisabled();
    expect(screen.queryByRole("spinbutton", { name: "Quantity" })).not.toBeInTheDocument();
  });

  it("carries Product structured data", async () => {
    renderFound();
    await screen.findByRole("heading", { level: 1, name: "Rose Serum" });
    const script = document.querySelector('script[type="application/ld+json"]');
    const json = JSON.parse(script?.textContent ?? "{}");
    expect(json).toMatchObject({
      "@type": "Product",
      name: "Rose Serum",
      sku: "ML-001",
      offers: { price: "42.00", priceCurrency: "GBP", url },
    });
  });

  it("suggests up to four related products", async () => {
    const related = Array.from({ length: 5 }, (_, i) => summary({ id: `r${i}`, name: `Related ${i}` }));
    renderProduct({
      status: "found",
      product: detail(),
      related,
      url,
      saved: false,
      freeDelivery: promise50,
    });
    const section = await screen.findByRole("region", { name: "You May Also Like" });
    expect(within(section).getAllByRole("article")).toHaveLength(4);
    expect(within(section).getByRole("heading", { level: 3, name: "Related 0" })).toBeInTheDocument();
  });

  it("streams related products in behind a skeleton of the same section and grid", async () => {
    let arrive: (products: ProductSummary[]) => void = () => {};
    const related = new Promise<ProductSummary[]>((resolve) => {
      arrive = resolve;
    });
    renderProduct({
      status: "found",
      product: detail(),
      related,
      url,
      saved: false,
      freeDelivery: promise50,
    });
    // The product is on screen at once; the section is there, busy, with its four placeholder cards.
    await screen.findByRole("heading", { level: 1, name: "Rose Serum" });
    const section = screen.getByRole("region", { name: "You May Also Like" });
    expect(section).toHaveAttribute("aria-busy", "true");
    expect(section.querySelectorAll(".product-card--skeleton")).toHaveLength(4);
    expect(within(section).queryByRole("article")).not.toBeInTheDocument();

    arrive(Array.from({ length: 5 }, (_, i) => summary({ id: `r${i}`, name: `Related ${i}` })));
    // React reveals a resolved boundary after a short throttle; a loaded machine needs more than 1 s.
    const filled = await screen.findByRole("heading", { level: 3, name: "Related 0" }, { timeout: 5000 });
    const arrived = screen.getByRole("region", { name: "You May Also Like" });
    expect(arrived).toContainElement(filled);
    expect(arrived).not.toHaveAttribute("aria-busy");
    expect(within(arrived).getAllByRole("article")).toHaveLength(4);
  });

  it("leaves out You May Also Like when there is nothing to suggest", async () => {
    renderFound();
    await screen.findByRole("heading", { level: 1, name: "Rose Serum" });
    expect(screen.queryByRole("heading", { name: "You May Also Like" })).not.toBeInTheDocument();
  });

  it("shows a loading skeleton while the next product loads", async () => {
    const related = [summary({ id: "r1", name: "Neroli Mist" })];
    const Stub = createRoutesStub([
      {
        path: "/product/:id",
        Component: ProductRoute as never,
        // The second product never arrives, so the page stays in its loading state.
        loader: ({ params }) =>
          params.id === "p1"
            ? { status: "found", product: detail(), related, url, saved: false, freeDelivery: promise50 }
            : new Promise(() => {}),
      },
    ]);
    render(<Stub initialEntries={["/product/p1"]} />);
    await userEvent.click(await screen.findByRole("link", { name: "Neroli Mist" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Loading product…");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });

  it("says a missing product was not found, with the way back to the shop", async () => {
    renderProduct({ status: "not_found" });
    expect(await screen.findByRole("heading", { level: 1, name: "Product not found." })).toBeInTheDocument();
    expectLink("Return to Shop", "/shop");
  });

  it("says when the product could not be fetched", async () => {
    renderProduct({ status: "unavailable" });
    expect(await screen.findByText("Failed to fetch product. Please try again later.")).toBeInTheDocument();
    expectLink("Return to Shop", "/shop");
  });
});

describe("wishlist toggle", () => {
  function renderToggle(
    saved: boolean,
    action: (form: FormData) => unknown = (form) => ({
      ok: true,
      intent: form.get("intent"),
      productId: "p1",
      saved: form.get("intent") === "add",
    }),
  ) {
    const { submissions, action: wishlistAction } = recordingAction(action);
    let loads = 0;
    const Stub = toastRoutesStub([
      {
        path: "/product/:id",
        Component: ProductRoute as never,
        loader: () => {
          loads++;
          return { status: "found", product: detail(), related: [], url, saved, freeDelivery: promise50 };
        },
        shouldRevalidate,
      },
      {
        path: "/wishlist",
        action: wishlistAction,
      },
    ]);
    render(<Stub initialEntries={["/product/p1"]} />);
    return { submissions, loads: () => loads };
  }

  it("is a form posting to the wishlist, named for what it does, pressed when saved", async () => {
    renderToggle(false);
    const toggle = await screen.findByRole("button", { name: "Wishlist", pressed: false });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    const form = toggle.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/wishlist");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      intent: "add",
      productId: "p1",
      redirectTo: "/product/p1",
      enhanced: "1",
    });
  });

  it("offers to remove a saved product", async () => {
    renderToggle(true);
    const toggle = await screen.findByRole("button", { name: "Wishlist", pressed: true });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(new FormData(toggle.closest("form")!).get("intent")).toBe("remove");
  });

  it("flips in the background without reloading the product, and says so politely", async () => {
    const user = userEvent.setup();
    const { submissions, loads } = renderToggle(false);
    await user.click(await screen.findByRole("button", { name: "Wishlist", pressed: false }));
    const toggle = await screen.findByRole("button", { name: "Wishlist", pressed: true });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(submissions[0]!.get("intent")).toBe("add");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Rose Serum added to your wishlist"),
    );
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
    await user.click(toggle);
    expect(await screen.findByRole("button", { name: "Wishlist", pressed: false })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Rose Serum removed from your wishlist"),
    );
    expect(loads()).toBe(1);
  });

  it("goes back to the saved state and says why when the wishlist refuses", async () => {
    const user = userEvent.setup();
    renderToggle(false, () => ({
      ok: false,
      intent: "add",
      productId: "p1",
      error: "Your wishlist is full.",
    }));
    await user.click(await screen.findByRole("button", { name: "Wishlist", pressed: false }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your wishlist is full."));
    expect(screen.getByRole("button", { name: "Wishlist", pressed: false })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("is offered for a sold-out product too", async () => {
    renderFound(detail({ stock: 0, stockLevel: "out_of_stock" }));
    expect(await screen.findByRole("button", { name: "Wishlist", pressed: false })).toBeEnabled();
  });
});

describe("product loader", () => {
  // A part that fails is logged; most stand-in APIs here leave the delivery options out.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  const noRelated: Api["catalog"]["listRelatedProducts"] = async () =>
    create(ListRelatedProductsResponseSchema, {});

  /** The loader for /product/rose-serum; `rest` adds services, `init` the request's headers. */
  function run(
    getProduct: Api["catalog"]["getProduct"],
    listRelatedProducts = noRelated,
    { path = "/product/rose-serum", rest = {}, init, session }: RunOptions = {},
  ) {
    return loader({
      ...loaderArgs(path, { catalog: { getProduct, listRelatedProducts }, ...rest }, init, session),
      params: { id: "rose-serum" },
    });
  }
  type RunOptions = { path?: string; rest?: FakeApi; init?: RequestInit; session?: FakeSession };

  const productWithId = (id: string) =>
    create(GetProductResponseSchema, {
      product: {
        id,
        slug: "rose-serum",
        name: "Rose Serum",
        price: { currencyCode: "GBP", minorUnits: 4200n },
        stockQuantity: 12,
      },
    });
  const found = productWithId("p1");

  it("loads the product by slug and links it by id", async () => {
    const result = await run(async () => found);
    expect(result.init?.status ?? 200).toBe(200);
    // The JSON-LD's and og:url's address: the configured origin (http://localhost:3000 outside production).
    expect(result.data).toMatchObject({
      status: "found",
      product: { id: "p1", name: "Rose Serum" },
      related: [],
      url: "http://localhost:3000/product/p1",
    });
  });

  it("never takes the product's address from a forged Host", async () => {
    const result = await run(async () => found, noRelated, {
      path: "https://evil.test/product/rose-serum",
      init: { headers: { "x-forwarded-host": "evil.test" } },
    });
    expect(result.data).toMatchObject({ url: "http://localhost:3000/product/p1" });
    expect(JSON.stringify(result.data)).not.toContain("evil.test");
  });

  it.each([
    ["not found", Code.NotFound],
    ["an id that can name no product", Code.InvalidArgument],
  ])("answers 404 for %s", async (_, code) => {
    const result = await run(async () => {
      throw new ConnectError("product not found", code);
    });
    expect(result.init?.status).toBe(404);
    expect(result.data).toEqual({ status: "not_found" });
  });

  it("answers 503 when the API is down", async () => {
    const result = await run(async () => {
      throw new ConnectError("unreachable", Code.Unavailable);
    });
    expect(result.init?.status).toBe(503);
    expect(result.data).toEqual({ status: "unavailable" });
  });

  // Real products have UUIDs, and the wishlist cookie keeps nothing else.
  const foundById = productWithId("0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11");

  it("knows whether a guest saved the product, from the wishlist cookie", async () => {
    const getProduct = async () => foundById;
    const saved = await run(getProduct, noRelated, {
      init: { headers: { cookie: `atelier_wishlist=${foundById.product!.id}` } },
    });
    expect(saved.data).toMatchObject({ status: "found", saved: true });
    expect((await run(getProduct)).data).toMatchObject({ status: "found", saved: false });
  });

  it("knows whether a customer saved the product, from their wishlist", async () => {
    const getWishlist = async () =>
      create(GetWishlistResponseSchema, { wishlist: { items: [{ product: { id: found.product!.id } }] } });
    const result = await run(async () => found, noRelated, {
      rest: { wishlist: { getWishlist } },
      session: customerAccount,
    });
    expect(result.data).toMatchObject({ status: "found", saved: true });
  });

  it("does not wait for related products: a list still on its way is passed on to stream", async () => {
    let arrive: (r: ReturnType<typeof create<typeof ListRelatedProductsResponseSchema>>) => void = () => {};
    const pending = new Promise<ReturnType<typeof create<typeof ListRelatedProductsResponseSchema>>>(
      (resolve) => {
        arrive = resolve;
      },
    );
    const result = await run(
      async () => found,
      () => pending,
    );
    expect(result.data).toMatchObject({ status: "found", product: { id: "p1" } });
    const related = (result.data as Extract<ProductPageData, { status: "found" }>).related;
    expect(related).toBeInstanceOf(Promise);
    arrive(
      create(ListRelatedProductsResponseSchema, {
        products: [{ id: "p2", name: "Neroli Mist", price: { currencyCode: "GBP", minorUnits: 1800n } }],
      }),
    );
    expect(await related).toMatchObject([{ id: "p2", name: "Neroli Mist" }]);
  });

  it("passes a related list that is already in as it is, for the first HTML", async () => {
    const result = await run(
      async () => found,
      async () =>
        create(ListRelatedProductsResponseSchema, { products: [{ id: "p2", name: "Neroli Mist" }] }),
    );
    expect(result.data).toMatchObject({ status: "found", related: [{ id: "p2", name: "Neroli Mist" }] });
  });

  it("streams an empty list when related products fail late", async () => {
    let fail: (err: Error) => void = () => {};
    const failing = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const result = await run(
      async () => found,
      () => failing,
    );
    const related = (result.data as Extract<ProductPageData, { status: "found" }>).related;
    fail(new ConnectError("boom", Code.Internal));
    expect(await related).toEqual([]);
  });

  it("reads the free-delivery rule as the back office last set it, with every product", async () => {
    const listDeliveryOptions = vi.fn(async () => deliveryOptionsAnswer(6000n));
    const rest = { shipping: { listDeliveryOptions } };
    expect((await run(async () => found, noRelated, { rest })).data).toMatchObject({
      status: "found",
      freeDelivery: "Free standard delivery on orders over £60",
    });
    listDeliveryOptions.mockResolvedValueOnce(deliveryOptionsAnswer(null));
    expect((await run(async () => found, noRelated, { rest })).data).toMatchObject({
      status: "found",
      freeDelivery: null,
    });
  });

  it("still shows the product, promising no free delivery, when the delivery options fail", async () => {
    const down = async (): Promise<never> => {
      throw new ConnectError("unreachable", Code.Unavailable);
    };
    const result = await run(async () => found, noRelated, {
      rest: { shipping: { listDeliveryOptions: down } },
    });
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toMatchObject({ status: "found", freeDelivery: null });
  });

  it("still shows the product when related products fail", async () => {
    const result = await run(
      async () => found,
      async () => {
        throw new ConnectError("boom", Code.Internal);
      },
    );
    expect(result.data).toMatchObject({ status: "found", related: [] });
  });
});

describe("product meta", () => {
  const matches = [{ id: "root", loaderData: { origin: "https://atelier.test" } }];
  const metaFor = (loaderData: ProductPageData) =>
    meta({ loaderData, matches, params: { id: "rose-serum" } } as unknown as Parameters<typeof meta>[0]);

  it("names the product, with Open Graph product tags and its first image", () => {
    const tags = metaFor({
      status: "found",
      product: detail(),
      related: [],
      url,
      saved: false,
      freeDelivery: promise50,
    });
    expect(tags).toContainEqual({ title: "Rose Serum | Atelier London" });
    expect(tags).toContainEqual({ name: "description", content: "A calming rose serum." });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://img.test/1/1200.jpg" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://atelier.test/product/p1",
    });
  });

  it("keeps a missing product out of search engines", () => {
    const tags = metaFor({ status: "not_found" });
    expect(tags).toContainEqual({ title: "Product not found | Atelier London" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});
