import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseShopQuery } from "~/components/shop/shop-query";
import {
  ListCategoriesResponseSchema,
  ListProductsResponseSchema,
} from "~/gen/atelier/store/v1/catalog_service_pb";
import { StockStatus } from "~/gen/atelier/store/v1/product_pb";
import type { ProductSummary } from "~/lib/models/catalog";
import type { Api } from "~/lib/server/api.server";
import { loaderArgs } from "~/lib/testing/api";
import { installDialogPolyfill } from "~/lib/testing/dialog";
import { expectLink } from "~/lib/testing/links";
import { summary } from "~/lib/testing/product";
import ShopRoute, { loader, meta, type ShopData } from "./shop";

beforeAll(installDialogPolyfill);

const categories = [
  { name: "Maison Lumière", count: 21 },
  { name: "Verdant & Co", count: 21 },
];

const products: ProductSummary[] = [
  summary(),
  summary({
    id: "p2",
    name: "Vetiver Cleanser",
    description: "A gel cleanser.",
    category: "Verdant & Co",
    images: [],
    features: ["Vegan", "Low waste"],
  }),
];

function listing(overrides: Partial<NonNullable<ShopData["listing"]>> = {}): ShopData["listing"] {
  return {
    products,
    totalCount: 42,
    totalCountCapped: false,
    page: 1,
    totalPages: 7,
    firstIndex: 1,
    priceCeiling: 400,
    ...overrides,
  };
}

/** Renders the shop with a stub loader that answers every URL it is asked for. */
function renderShop(
  url: string,
  answer: (request: Request) => Omit<ShopData, "query"> = () => ({
    categories,
    listing: listing(),
    error: null,
  }),
) {
  const requests: URL[] = [];
  const Stub = createRoutesStub([
    {
      path: "/shop",
      Component: ShopRoute as never,
      loader: ({ request }) => {
        const u = new URL(request.url);
        requests.push(u);
        return { query: parseShopQuery(u.searchParams), ...answer(request) };
      },
    },
    { path: "/product/:id", Component: () => <h1>Product page</h1> },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { requests, lastUrl: () => requests.at(-1)! };
}

describe("shop page", () => {
  it("shows the products with the default heading, count line and pagination", async () => {
    renderShop("/shop");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Luxury Beauty Products" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Showing 1–2 of 42 products")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Rose Serum" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Vetiver Cleanser" })).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pages).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expectLink("Next", "/shop?page=2", pages);
  });

  it("marks the results busy while the next page loads", async () => {
    const Stub = createRoutesStub([
      {
        path: "/shop",
        Component: ShopRoute as never,
        loader: ({ request }) => {
          const query = parseShopQuery(new URL(request.url).searchParams);
          return query.page === 1
            ? { query, categories, listing: listing(), error: null }
            : new Promise(() => {});
        },
      },
    ]);
    render(<Stub initialEntries={["/shop"]} />);
    const results = (await screen.findByText("Showing 1–2 of 42 products")).closest("[aria-busy]")!;
    expect(results).toHaveAttribute("aria-busy", "false");
    await userEvent.click(screen.getByRole("link", { name: "Next" }));
    expect(results).toHaveAttribute("aria-busy", "true");
  });

  it("titles a search", async () => {
    renderShop("/shop?search=rose");
    expect(
      await screen.findByRole("heading", { level: 1, name: 'Search Results for "rose"' }),
    ).toBeInTheDocument();
  });

  it("titles a single category as its collection and ticks it", async () => {
    renderShop("/shop?category=Verdant+%26+Co");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verdant & Co Collection" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Verdant & Co/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Maison Lumière/ })).not.toBeChecked();
  });

  it("shows the error box with the reason and a Refresh Page button", async () => {
    renderShop("/shop", () => ({
      categories,
      listing: null,
      error: "The products could not be loaded: the shop's API is unreachable.",
    }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error Loading Products" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("the shop's API is unreachable");
    expect(within(alert).getByRole("button", { name: "Refresh Page" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("tries the same URL again from Refresh Page", async () => {
    let calls = 0;
    const { lastUrl } = renderShop("/shop?sort=price_asc&page=2", () => {
      calls += 1;
      return {
        categories,
        listing: calls > 1 ? listing({ page: 2 }) : null,
        error: calls > 1 ? null : "Down.",
      };
    });
    await userEvent.click(await screen.findByRole("button", { name: "Refresh Page" }));
    expect(await screen.findByRole("heading", { name: "Rose Serum" })).toBeInTheDocument();
    expect(lastUrl().search).toBe("?sort=price_asc&page=2");
  });

  it("says when filters match nothing", async () => {
    renderShop("/shop?search=zzz", () => ({
      categories,
      listing: listing({ products: [], totalCount: 0, totalPages: 1 }),
      error: null,
    }));
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your filters or search criteria.")).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it("says when the shop has no products at all", async () => {
    renderShop("/shop", () => ({
      categories: [],
      listing: listing({ products: [], totalCount: 0, totalPages: 1 }),
      error: null,
    }));
    expect(await screen.findByRole("heading", { name: "No Products Available" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "No Products Found" })).not.toBeInTheDocument();
  });

  it("shows descriptions and feature tags in list view, with the layout buttons pressed accordingly", async () => {
    renderShop("/shop?view=list");
    await screen.findByRole("heading", { name: "Vetiver Cleanser" });
    expect(screen.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("A calming rose serum.")).toBeInTheDocument();
    const vetiver = screen.getByRole("article", { name: "Vetiver Cleanser" });
    expect(
      within(within(vetiver).getByRole("list", { name: "Features" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Vegan", "Low waste"]);
  });

  it("switches layout without losing the page", async () => {
    const { lastUrl } = renderShop("/shop?page=3", () => ({
      categories,
      listing: listing({ page: 3, firstIndex: 13 }),
      error: null,
    }));
    await userEvent.click(await screen.findByRole("button", { name: "List view" }));
    await waitFor(() => expect(lastUrl().search).toBe("?view=list&page=3"));
  });

  it("applies a ticked category at once and returns to page 1", async () => {
    const { lastUrl } = renderShop("/shop?page=2&sort=name_asc", () => ({
      categories,
      listing: listing({ page: 2, firstIndex: 7 }),
      error: null,
    }));
    await userEvent.click(await screen.findByRole("checkbox", { name: /Maison Lumière/ }));
    await waitFor(() => expect(lastUrl().searchParams.getAll("category")).toEqual(["Maison Lumière"]));
    expect(lastUrl().searchParams.get("sort")).toBe("name_asc");
    expect(lastUrl().searchParams.has("page")).toBe(false);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Maison Lumière Collection" }),
    ).toBeInTheDocument();
  });

  it("applies a typed price range after a pause, in whole pounds", async () => {
    const { lastUrl } = renderShop("/shop");
    const min = await screen.findByRole("spinbutton", { name: "Min price (£)" });
    await userEvent.clear(min);
    await userEvent.type(min, "25");
    // Nothing is asked for while the shopper is still typing.
    expect(lastUrl().searchParams.has("min_price")).toBe(false);
    await waitFor(() => expect(lastUrl().searchParams.get("min_price")).toBe("25"), { timeout: 2000 });
    expect(lastUrl().searchParams.has("max_price")).toBe(false);
    expect(screen.getByRole("slider", { name: "Minimum price" })).toHaveValue("25");
    expect(screen.getByRole("slider", { name: "Maximum price" })).toHaveAttribute("max", "400");
  });

  it("changes sort and page size, returning to page 1", async () => {
    const { lastUrl } = renderShop("/shop?page=4", () => ({
      categories,
      listing: listing({ page: 4, firstIndex: 19 }),
      error: null,
    }));
    await userEvent.selectOptions(
      await screen.findByRole("combobox", { name: "Sort by" }),
      "Price: Low to High",
    );
    await waitFor(() => expect(lastUrl().search).toBe("?sort=price_asc"));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Per page" }), "All");
    await waitFor(() => expect(lastUrl().search).toBe("?sort=price_asc&page_size=all"));
  });

  it("offers every sort order and page size by name", async () => {
    renderShop("/shop");
    const sort = await screen.findByRole("combobox", { name: "Sort by" });
    expect(
      within(sort)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Newest", "Price: Low to High", "Price: High to Low", "Name: A to Z", "Name: Z to A"]);
    expect(
      within(screen.getByRole("combobox", { name: "Per page" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["6", "12", "24", "48", "All"]);
  });

  it("folds the filters behind a toggle that reports its state", async () => {
    renderShop("/shop");
    const toggle = await screen.findByRole("button", { name: "Filters" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expectLink("Clear Filters", "/shop");
  });

  it("opens a product from its whole card: one link per card, the product's name", async () => {
    renderShop("/shop");
    const card = await screen.findByRole("article", { name: "Rose Serum" });
    expect(
      within(card)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/product/p1"]);
    expect(within(card).queryByRole("button", { name: /photos? of/ })).not.toBeInTheDocument();
  });

  it("offers Add to Cart on every card", async () => {
    renderShop("/shop");
    await screen.findByRole("heading", { name: "Rose Serum" });
    expect(screen.getAllByRole("button", { name: "Add to Cart" })).toHaveLength(2);
  });
});

describe("shop loader", () => {
  const listCategories = async () =>
    create(ListCategoriesResponseSchema, { categories: [{ name: "Maison Lumière", productCount: 21 }] });
  const run = (url: string, listProducts: Api["catalog"]["listProducts"]) =>
    loader(loaderArgs(url, { catalog: { listProducts, listCategories } }));

  const page = create(ListProductsResponseSchema, {
    products: [
      {
        id: "p1",
        name: "Rose Serum",
        price: { currencyCode: "GBP", minorUnits: 4200n },
        stockQuantity: 3,
        stockStatus: StockStatus.LOW_STOCK,
      },
    ],
    totalCount: 13,
    page: 3,
    pageSize: 6,
    totalPages: 3,
    priceCeiling: { currencyCode: "GBP", minorUnits: 40000n },
  });

  it("asks the API for the URL's query, with prices in pence", async () => {
    const listProducts = vi.fn(async () => page);
    const result = await run(
      "/shop?min_price=20&max_price=80&category=Maison+Lumi%C3%A8re&page=3&page_size=all&sort=bogus",
      listProducts,
    );
    expect(listProducts).toHaveBeenCalledWith(
      expect.objectContaining({
        minPrice: 2000n,
        maxPrice: 8000n,
        category: ["Maison Lumière"],
        pageSize: 0,
        page: 1,
        sort: "newest",
      }),
    );
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data.listing).toMatchObject({
      totalCount: 13,
      firstIndex: 13,
      totalPages: 3,
      priceCeiling: 400,
    });
    expect(result.data.listing?.products[0]).toMatchObject({
      name: "Rose Serum",
      price: { formatted: "£42.00" },
      stockLevel: "low_stock",
    });
    expect(result.data.categories).toEqual([{ name: "Maison Lumière", count: 21 }]);
  });

  it("answers 503 with the reason when the API cannot be reached", async () => {
    const result = await run("/shop", async () => {
      throw new ConnectError("connect ECONNREFUSED", Code.Unavailable);
    });
    expect(result.init?.status).toBe(503);
    expect(result.data.listing).toBeNull();
    expect(result.data.error).toBe("The products could not be loaded: the shop's API is unreachable.");
  });

  it("sends a page past the end to the last page", async () => {
    const thrown = await run("/shop?page=9&sort=name_asc", async () =>
      create(ListProductsResponseSchema, {
        products: [],
        totalCount: 13,
        page: 9,
        pageSize: 6,
        totalPages: 3,
      }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/shop?sort=name_asc&page=3");
  });
});

describe("shop meta", () => {
  const matches = [{ id: "root", loaderData: { origin: "https://atelier.test" } }];
  const metaFor = (search: string, listed: ShopData["listing"] = listing()) =>
    meta({
      loaderData: {
        query: parseShopQuery(new URLSearchParams(search)),
        categories,
        listing: listed,
        error: null,
      },
      matches,
    } as unknown as Parameters<typeof meta>[0]);

  it("titles the page after its heading, with a canonical URL free of sorting and layout", () => {
    const tags = metaFor("category=Verdant+%26+Co&sort=price_asc&view=list");
    expect(tags).toContainEqual({ title: "Verdant & Co Collection | Atelier London" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://atelier.test/shop?category=Verdant+%26+Co",
    });
  });

  it("keeps search results out of search engines", () => {
    expect(metaFor("search=rose")).toContainEqual({ name: "robots", content: "noindex" });
    expect(metaFor("")).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("names the page number beyond the first", () => {
    expect(metaFor("page=2", listing({ page: 2 }))).toContainEqual({
      title: "Luxury Beauty Products (Page 2) | Atelier London",
    });
  });
});
