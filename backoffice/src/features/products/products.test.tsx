import { screen, waitFor, within } from "@testing-library/react";
import { Outlet, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import {
  productIds,
  sampleChanges,
  sampleProduct,
  sampleProducts,
  sampleRevisions,
} from "./product-fixtures";
import { routes } from "./routes";

// The section's screens under a bare parent, as the app mounts them under its layout.
const app: RouteObject[] = [{ path: "/", element: <Outlet />, children: routes }];

const catalogue: FakeRoutes = {
  "/api/v1/admin/product-categories": { get: () => ({ categories: ["Maison Lumière", "Verdant & Co"] }) },
  "/api/v1/admin/products": {
    get: () => ({ products: sampleProducts, total_count: 63, page: 2, page_size: 50, total_pages: 2 }),
  },
};

const oneProduct: FakeRoutes = {
  ...catalogue,
  "/api/v1/admin/products/{product_id}": { get: () => ({ product: sampleProduct() }) },
};

function listCalls(calls: { method: string; path: string; query: URLSearchParams }[]) {
  return calls.filter((c) => c.method === "GET" && c.path === "/api/v1/admin/products");
}

describe("the products list", () => {
  it("shows a page of products as the URL asks for it", async () => {
    const { calls } = renderRoutes(app, {
      url: "/products?q=creme&category=Maison+Lumi%C3%A8re&status=published&sort=-price&page=2&size=50",
      api: catalogue,
    });
    expect(await screen.findByRole("link", { name: "Crème Lumière" })).toHaveAttribute(
      "href",
      `/products/${productIds.creme}`,
    );
    const query = listCalls(calls).at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      search: "creme",
      category: "Maison Lumière",
      status: "PRODUCT_STATUS_FILTER_PUBLISHED",
      sort: "price",
      descending: "true",
      page: "2",
      page_size: "50",
    });
    const table = screen.getByRole("table", { name: "Products" });
    expect(within(table).getByRole("img", { name: "A jar of Crème Lumière" })).toHaveAttribute(
      "src",
      "https://shop.test/media/creme-400.jpg",
    );
    const oil = within(table).getByRole("row", { name: /Rose Facial Oil/ });
    expect(oil).toHaveTextContent("VC-ROSE-30");
    expect(oil).toHaveTextContent("£56.00");
    expect(oil).toHaveTextContent("Draft");
    expect(within(table).getByRole("row", { name: /Overnight/ })).toHaveTextContent("Archived");
    expect(screen.getByRole("columnheader", { name: /Price/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByText(/Page 2 of 2/)).toHaveTextContent("63 products");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("creme");
  });

  it("puts a new sort, search and page into the URL and asks the API for it", async () => {
    const { user, router, calls } = renderRoutes(app, {
      url: "/products?page=2",
      api: {
        ...catalogue,
        "/api/v1/admin/products": {
          get: (req) => ({
            products: sampleProducts,
            total_count: 63,
            page: Number(req.query.get("page")),
            total_pages: 4,
          }),
        },
      },
    });
    await screen.findByRole("link", { name: "Crème Lumière" });

    await user.click(screen.getByRole("button", { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=name"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("name"));

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "rose");
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("q")).toBe("rose"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("search")).toBe("rose"));
    // Each keystroke does not become a request of its own.
    expect(listCalls(calls).filter((c) => c.query.get("search") === "r")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("page")).toBe("2"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("page")).toBe("2"));
    expect(listCalls(calls).at(-1)?.query.get("search")).toBe("rose");
  });

  it("says how to go on when there are no products", async () => {
    renderRoutes(app, {
      url: "/products",
      api: { ...catalogue, "/api/v1/admin/products": { get: () => ({ products: [], total_count: 0 }) } },
    });
    expect(await screen.findByRole("link", { name: "Create the first product" })).toHaveAttribute(
      "href",
      "/products/new",
    );
  });

  it("publishes the selected products in one call, after asking", async () => {
    const { user, calls } = renderRoutes(app, {
      url: "/products",
      api: {
        ...catalogue,
        "/api/v1/admin/products:setPublished": {
          post: (req) => ({ products: req.body.product_ids.map((id: string) => sampleProduct({ id })) }),
        },
      },
    });
    await screen.findByRole("link", { name: "Crème Lumière" });
    await user.click(screen.getByRole("checkbox", { name: "Select Crème Lumière" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Rose Facial Oil" }));
    expect(screen.getByText("2 products selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = screen.getByRole("dialog", { name: "Publish 2 products?" });
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("2 products published")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/v1/admin/products:setPublished")?.body).toEqual({
      product_ids: [productIds.creme, productIds.oil],
      published: true,
    });
  });
});

describe("the product form", () => {
  it("refuses a negative price before sending anything", async () => {
    const { user, calls } = renderRoutes(app, { url: "/products/new", api: catalogue });
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "Rose Balm");
    await user.type(screen.getByRole("textbox", { name: /Price/ }), "-3");
    await user.click(screen.getByRole("button", { name: "Create product" }));
    const price = screen.getByRole("textbox", { name: /Price/ });
    expect(price).toHaveAccessibleDescription(expect.stringContaining("A price cannot be negative."));
    expect(price).toHaveFocus();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("creates a product in pence with the defaults, then opens it", async () => {
    const created = sampleProduct({
      id: "7e57c0de-0000-4000-8000-000000000042",
      name: "Rose Balm",
      revision: "1",
    });
    const { user, router, calls } = renderRoutes(app, {
      url: "/products/new",
      api: {
        ...catalogue,
        "/api/v1/admin/products": { post: () => ({ product: created }) },
        "/api/v1/admin/products/{product_id}": { get: () => ({ product: created }) },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "Rose Balm");
    await user.type(screen.getByRole("textbox", { name: /Price/ }), "42.5");
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Verdant & Co");
    await user.click(screen.getByRole("button", { name: "Add attribute" }));
    await user.type(screen.getByRole("textbox", { name: "Attribute 1 name" }), "Size");
    await user.type(screen.getByRole("textbox", { name: "Attribute 1 value" }), "50 ml");
    await user.click(screen.getByRole("button", { name: "Create product" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${created.id}`));
    expect(await screen.findByText("Rose Balm created")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Rose Balm",
      sku: "",
      description: "",
      price_minor_units: "4250",
      stock_quantity: 0,
      active: true,
      published: true,
      featured: false,
      attributes: {
        attributes: [
          { name: "category", value: "Verdant & Co" },
          { name: "Size", value: "50 ml" },
        ],
      },
    });
  });

  it("sends a new category with new_category", async () => {
    const { user, calls } = renderRoutes(app, {
      url: "/products/new",
      api: {
        ...catalogue,
        "/api/v1/admin/products": { post: () => refuse(500, "internal", "Try again later.") },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "Rose Balm");
    await user.type(screen.getByRole("textbox", { name: /Price/ }), "10");
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "New category...");
    await user.type(screen.getByRole("textbox", { name: "New category's name" }), "Atelier Home");
    await user.click(screen.getByRole("button", { name: "Create product" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Try again later.");
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      new_category: true,
      attributes: { attributes: [{ name: "category", value: "Atelier Home" }] },
    });
  });

  it("shows the API's field errors on their fields", async () => {
    const { user } = renderRoutes(app, {
      url: "/products/new",
      api: {
        ...catalogue,
        "/api/v1/admin/products": {
          post: () =>
            refuse(400, "sku_taken", 'another product already has SKU "ML-1"', {
              fields: { sku: 'another product already has SKU "ML-1"' },
            }),
        },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "Rose Balm");
    await user.type(screen.getByRole("textbox", { name: /SKU/ }), "ML-1");
    await user.type(screen.getByRole("textbox", { name: /Price/ }), "10");
    await user.click(screen.getByRole("button", { name: "Create product" }));
    const sku = screen.getByRole("textbox", { name: /SKU/ });
    await waitFor(() => expect(sku).toHaveAccessibleDescription(expect.stringContaining("already has SKU")));
    expect(sku).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Name" })).not.toHaveAccessibleDescription();
  });
});

describe("editing a product", () => {
  it("sends the revision and the stock as loaded", async () => {
    const { user, calls } = renderRoutes(app, {
      url: `/products/${productIds.creme}`,
      api: {
        ...oneProduct,
        "/api/v1/admin/products/{product_id}": {
          get: () => ({ product: sampleProduct() }),
          patch: (req) => ({
            product: sampleProduct({ stock_quantity: req.body.stock_quantity, revision: "4" }),
          }),
        },
      },
    });
    const stock = await screen.findByRole("textbox", { name: "Stock" });
    expect(screen.getByRole("textbox", { name: /Price/ })).toHaveValue("84.00");
    await user.clear(stock);
    await user.type(stock, "20");
    await user.click(screen.getByRole("button", { name: "Save product" }));
    expect(await screen.findByText("Product saved")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.query.get("expected_revision")).toBe("3");
    expect(patch?.body).toMatchObject({
      stock_quantity: 20,
      stock_quantity_was: 12,
      price_minor_units: "8400",
      attributes: {
        attributes: [
          { name: "category", value: "Maison Lumière" },
          { name: "brand", value: "Maison Lumière" },
          { name: "feature", value: "Squalane" },
        ],
      },
    });
    expect(screen.getByRole("region", { name: "Images" })).toBeInTheDocument();
  });

  it("explains a stale save, changes nothing, and reloads on request", async () => {
    let loads = 0;
    const { user, calls } = renderRoutes(app, {
      url: `/products/${productIds.creme}`,
      api: {
        ...oneProduct,
        "/api/v1/admin/products/{product_id}": {
          get: () => {
            loads += 1;
            return {
              product:
                loads === 1 ? sampleProduct() : sampleProduct({ name: "Crème Lumière Riche", revision: "4" }),
            };
          },
          patch: () =>
            refuse(409, "stale_revision", "This product has changed since you opened it.", {
              metadata: { saved_by: "Grace Hopper", saved_at: "2026-11-27T17:40:00Z", current_revision: "4" },
            }),
        },
      },
    });
    const name = await screen.findByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Mine");
    await user.click(screen.getByRole("button", { name: "Save product" }));
    expect(
      await screen.findByText("Changed by Grace Hopper at 27 Nov 2026, 17:40 — reload"),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Crème Lumière" })).toBeInTheDocument();
    expect(screen.queryByText("Product saved")).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Reload" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Crème Lumière Riche" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Crème Lumière Riche");
    expect(screen.queryByText(/Changed by/)).not.toBeInTheDocument();
  });

  it("says when orders moved the stock since loading", async () => {
    const { user } = renderRoutes(app, {
      url: `/products/${productIds.creme}`,
      api: {
        ...oneProduct,
        "/api/v1/admin/products/{product_id}": {
          get: () => ({ product: sampleProduct() }),
          patch: () =>
            refuse(409, "stock_changed", "Orders changed the stock.", { metadata: { current_stock: "9" } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save product" }));
    expect(await screen.findByText("The stock has changed — reload")).toBeInTheDocument();
    expect(screen.getByText(/now 9/)).toBeInTheDocument();
  });

  it("archives a product after asking", async () => {
    const { user, router, calls } = renderRoutes(app, {
      url: `/products/${productIds.creme}`,
      api: {
        ...oneProduct,
        "/api/v1/admin/products/{product_id}": {
          get: () => ({ product: sampleProduct() }),
          delete: () => ({ product: sampleProduct({ archived_at: "2026-11-27T18:00:00Z", revision: "4" }) }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Archive" }));
    const dialog = screen.getByRole("dialog", { name: "Archive Crème Lumière?" });
    await user.click(within(dialog).getByRole("button", { name: "Archive product" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/products"));
    expect(calls.find((c) => c.method === "DELETE")?.query.get("expected_revision")).toBe("3");
    expect(await screen.findByText("Crème Lumière archived")).toBeInTheDocument();
  });
});

describe("a product's history", () => {
  const history: FakeRoutes = {
    ...oneProduct,
    "/api/v1/admin/products/{product_id}/revisions": { get: () => ({ revisions: sampleRevisions }) },
    "/api/v1/admin/products/{product_id}/revisions/{revision}/diff": {
      get: (req) => ({ base_revision: String(Number(req.params.revision) - 1), changes: sampleChanges }),
    },
  };

  it("lists the revisions with what each changed, in words", async () => {
    renderRoutes(app, { url: `/products/${productIds.creme}/history`, api: history });
    const second = await screen.findByRole("listitem", { name: "Revision 2" });
    expect(second).toHaveTextContent("Published by Grace Hopper, 25 Nov 2026, 09:15");
    const diff = await within(second).findByRole("table", { name: "What revision 2 changed" });
    expect(within(diff).getByRole("row", { name: /Price/ })).toHaveTextContent("£80.00£84.00");
    expect(within(diff).getByRole("row", { name: /Published/ })).toHaveTextContent("NoYes");
    expect(within(diff).getByRole("row", { name: /Attributes/ })).toHaveTextContent("feature: Squalane");
    expect(screen.getByRole("listitem", { name: "Revision 3 (current)" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Restore revision 3" })).not.toBeInTheDocument();
  });

  it("restores a revision, naming the current one, after asking", async () => {
    const { user, calls } = renderRoutes(app, {
      url: `/products/${productIds.creme}/history`,
      api: {
        ...history,
        "/api/v1/admin/products/{product_id}/revisions/{revision}:restore": {
          post: () => ({ product: sampleProduct({ revision: "4" }) }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Restore revision 2" }));
    const dialog = screen.getByRole("dialog", { name: "Restore revision 2?" });
    await user.click(within(dialog).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Revision 2 restored as revision 4")).toBeInTheDocument();
    const restore = calls.find((c) => c.method === "POST");
    expect(restore?.path).toBe(`/api/v1/admin/products/${productIds.creme}/revisions/2:restore`);
    expect(restore?.body).toMatchObject({ revision: "2", expected_revision: "3" });
  });
});

describe("the attributes editor", () => {
  it("adds a row with Enter and keeps the focus in the list when one is removed", async () => {
    const { user } = renderRoutes(app, { url: "/products/new", api: catalogue });
    await user.click(await screen.findByRole("button", { name: "Add attribute" }));
    expect(screen.getByRole("textbox", { name: "Attribute 1 name" })).toHaveFocus();
    await user.keyboard("feature");
    await user.tab();
    await user.keyboard("Squalane{Enter}");
    expect(screen.getByRole("textbox", { name: "Attribute 2 name" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Remove attribute 1 (feature)" }));
    expect(screen.getByRole("textbox", { name: "Attribute 1 name" })).toHaveFocus();
    expect(screen.queryByRole("textbox", { name: "Attribute 2 name" })).not.toBeInTheDocument();
  });
});
