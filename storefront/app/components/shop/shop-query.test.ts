import { describe, expect, it } from "vitest";
import {
  defaultShopQuery,
  isFiltered,
  parseShopQuery,
  serializeShopQuery,
  shopHref,
  shopQueryFromForm,
  sortOptionsFor,
  toListProductsRequest,
  updateShopQuery,
} from "./shop-query";

const parse = (search: string) => parseShopQuery(new URLSearchParams(search));

describe("parseShopQuery", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parse("")).toEqual(defaultShopQuery);
    expect(defaultShopQuery).toMatchObject({ sort: "newest", page: 1, pageSize: 6, view: "grid" });
  });

  it("reads every parameter", () => {
    expect(
      parse(
        "search=rose&category=Maison+Lumi%C3%A8re&category=Verdant+%26+Co&sort=price_desc&page=3&page_size=24&min_price=20&max_price=150&view=list",
      ),
    ).toEqual({
      search: "rose",
      categories: ["Maison Lumière", "Verdant & Co"],
      sort: "price_desc",
      page: 3,
      pageSize: 24,
      minPrice: 20,
      maxPrice: 150,
      view: "list",
    });
  });

  it("trims the search and caps it at the API's 200 characters", () => {
    expect(parse("search=%20%20serum%20").search).toBe("serum");
    expect(parse(`search=${"a".repeat(250)}`).search).toHaveLength(200);
    expect(parse("search=%20%20").search).toBe("");
  });

  it("drops blank and repeated categories", () => {
    expect(parse("category=&category=A&category=%20A%20&category=B").categories).toEqual(["A", "B"]);
  });

  it("drops categories the API would refuse (over 100 characters, over 20 of them)", () => {
    expect(parse(`category=${"x".repeat(101)}`).categories).toEqual([]);
    const many = Array.from({ length: 25 }, (_, i) => `category=c${i}`).join("&");
    expect(parse(many).categories).toHaveLength(20);
  });

  it.each(["newest", "price_asc", "price_desc", "name_asc", "name_desc"])("accepts sort %s", (sort) => {
    expect(parse(`sort=${sort}`).sort).toBe(sort);
  });

  it("falls back to newest for an unknown sort", () => {
    expect(parse("sort=cheapest").sort).toBe("newest");
    expect(parse("sort=").sort).toBe("newest");
  });

  it.each([
    ["6", 6],
    ["12", 12],
    ["24", 24],
    ["48", 48],
    ["all", "all"],
  ])("accepts page_size %s", (raw, size) => {
    expect(parse(`page_size=${raw}`).pageSize).toBe(size);
  });

  it.each(["7", "0", "-6", "ALL", "12.0", "lots"])("ignores page_size %s", (raw) => {
    expect(parse(`page_size=${raw}`).pageSize).toBe(6);
  });

  it.each(["0", "-2", "2.5", "two", "", "100001", "1e3"])("reads page %s as 1", (raw) => {
    expect(parse(`page=${raw}`).page).toBe(1);
  });

  it("reads whole-pound prices and ignores anything else", () => {
    expect(parse("min_price=15&max_price=90")).toMatchObject({ minPrice: 15, maxPrice: 90 });
    for (const bad of ["-5", "12.50", "£20", "abc", "", "1000001"]) {
      expect(parse(`min_price=${bad}&max_price=${bad}`)).toMatchObject({ minPrice: null, maxPrice: null });
    }
  });

  it("treats a £0 minimum as no minimum", () => {
    expect(parse("min_price=0").minPrice).toBeNull();
    expect(parse("max_price=0").maxPrice).toBe(0);
  });

  it("puts a reversed price range the right way round", () => {
    expect(parse("min_price=200&max_price=50")).toMatchObject({ minPrice: 50, maxPrice: 200 });
    expect(parse("min_price=40&max_price=0")).toMatchObject({ minPrice: null, maxPrice: 40 });
  });

  it("shows the list view only for view=list", () => {
    expect(parse("view=list").view).toBe("list");
    expect(parse("view=grid").view).toBe("grid");
    expect(parse("view=table").view).toBe("grid");
  });

  it("ignores parameters it does not know", () => {
    expect(parse("utm_source=mail&colour=red")).toEqual(defaultShopQuery);
  });
});

describe("serializeShopQuery and shopHref", () => {
  it("leaves out every default", () => {
    expect(shopHref(defaultShopQuery)).toBe("/shop");
  });

  it("writes the parameters in a stable order", () => {
    const q = {
      ...defaultShopQuery,
      search: "oil",
      categories: ["A", "B"],
      minPrice: 10,
      maxPrice: 90,
      sort: "name_asc" as const,
      pageSize: 12 as const,
      view: "list" as const,
      page: 2,
    };
    expect(serializeShopQuery(q).toString()).toBe(
      "search=oil&category=A&category=B&min_price=10&max_price=90&sort=name_asc&page_size=12&view=list&page=2",
    );
  });

  it("round-trips through parse", () => {
    const q = {
      ...defaultShopQuery,
      search: "rose & oud",
      categories: ["Verdant & Co"],
      maxPrice: 300,
      pageSize: "all" as const,
    };
    expect(parseShopQuery(serializeShopQuery(q))).toEqual(q);
  });

  it("never writes a page number when every product is on one page", () => {
    expect(shopHref({ ...defaultShopQuery, pageSize: "all", page: 3 })).toBe("/shop?page_size=all");
  });

  it("can leave out parameters a form edits itself", () => {
    const q = { ...defaultShopQuery, categories: ["A"], sort: "price_asc" as const, page: 2 };
    expect(serializeShopQuery(q, ["category", "page"]).toString()).toBe("sort=price_asc");
  });
});

describe("relevance", () => {
  it("lists a search by relevance unless the shopper chose another order", () => {
    expect(parse("search=serum").sort).toBe("relevance");
    expect(parse("search=serum&sort=newest").sort).toBe("newest");
    expect(parse("search=serum&sort=price_asc").sort).toBe("price_asc");
  });

  it("means nothing without a search", () => {
    expect(parse("sort=relevance").sort).toBe("newest");
    expect(sortOptionsFor({ search: "" }).map((o) => o.value)).not.toContain("relevance");
    expect(sortOptionsFor({ search: "rose" }).map((o) => o.value)[0]).toBe("relevance");
  });

  it("keeps each query's default order out of its URL", () => {
    expect(shopHref(parse("search=serum"))).toBe("/shop?search=serum");
    expect(shopHref(parse("search=serum&sort=newest"))).toBe("/shop?search=serum&sort=newest");
    expect(shopHref(parse("sort=newest"))).toBe("/shop");
  });

  it("follows a search that starts or ends, but keeps an order the shopper chose", () => {
    expect(updateShopQuery(defaultShopQuery, { search: "rose" }).sort).toBe("relevance");
    expect(updateShopQuery(parse("search=rose"), { search: "" }).sort).toBe("newest");
    expect(updateShopQuery(parse("sort=price_desc"), { search: "rose" }).sort).toBe("price_desc");
    expect(updateShopQuery(parse("search=rose&sort=name_asc"), { search: "" }).sort).toBe("name_asc");
  });

  it("asks the API for relevance", () => {
    expect(toListProductsRequest(parse("search=serum")).sort).toBe("relevance");
  });
});

describe("updateShopQuery", () => {
  const onPage3 = { ...defaultShopQuery, page: 3, categories: ["A"] };

  it.each([
    ["search", { search: "rose" }],
    ["categories", { categories: ["A", "B"] }],
    ["sort", { sort: "price_asc" as const }],
    ["page size", { pageSize: 12 as const }],
    ["minimum price", { minPrice: 10 }],
    ["maximum price", { maxPrice: 80 }],
  ])("returns to page 1 when the %s changes", (_, change) => {
    expect(updateShopQuery(onPage3, change).page).toBe(1);
  });

  it("keeps the page when only the view changes", () => {
    expect(updateShopQuery(onPage3, { view: "list" })).toEqual({ ...onPage3, view: "list" });
  });

  it("moves to the page asked for", () => {
    expect(updateShopQuery(onPage3, { page: 5 }).page).toBe(5);
  });
});

describe("shopQueryFromForm", () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it("reads the filter form, starting again at page 1", () => {
    const q = shopQueryFromForm(
      form([
        ["search", "serum"],
        ["category", "A"],
        ["min_price", "25"],
        ["max_price", "120"],
        ["sort", "price_asc"],
      ]),
      400,
    );
    expect(q).toEqual({
      ...defaultShopQuery,
      search: "serum",
      categories: ["A"],
      minPrice: 25,
      maxPrice: 120,
      sort: "price_asc",
    });
  });

  it("drops a maximum at or above the slider's ceiling and empty fields", () => {
    expect(
      shopQueryFromForm(
        form([
          ["min_price", "0"],
          ["max_price", "400"],
        ]),
        400,
      ),
    ).toEqual(defaultShopQuery);
    expect(
      shopQueryFromForm(
        form([
          ["min_price", ""],
          ["max_price", ""],
        ]),
        400,
      ),
    ).toEqual(defaultShopQuery);
    expect(shopQueryFromForm(form([["max_price", "399"]]), 400).maxPrice).toBe(399);
  });
});

describe("toListProductsRequest", () => {
  it("converts whole pounds to pence", () => {
    const req = toListProductsRequest({ ...defaultShopQuery, minPrice: 25, maxPrice: 120 });
    expect(req.minPrice).toBe(2500n);
    expect(req.maxPrice).toBe(12000n);
  });

  it("leaves out absent price bounds", () => {
    const req = toListProductsRequest(defaultShopQuery);
    expect(req.minPrice).toBeUndefined();
    expect(req.maxPrice).toBeUndefined();
  });

  it("asks for page size 0 and the first page when showing all", () => {
    expect(toListProductsRequest({ ...defaultShopQuery, pageSize: "all", page: 4 })).toMatchObject({
      pageSize: 0,
      page: 1,
    });
  });

  it("passes search, categories, sort and paging through", () => {
    expect(
      toListProductsRequest({
        ...defaultShopQuery,
        search: "oil",
        categories: ["A", "B"],
        sort: "name_desc",
        page: 2,
        pageSize: 48,
      }),
    ).toMatchObject({
      search: "oil",
      category: ["A", "B"],
      sort: "name_desc",
      page: 2,
      pageSize: 48,
    });
  });
});

describe("isFiltered", () => {
  it("is false for sorting, paging and layout alone", () => {
    expect(isFiltered({ ...defaultShopQuery, sort: "price_asc", page: 2, pageSize: 24, view: "list" })).toBe(
      false,
    );
  });

  it.each([{ search: "x" }, { categories: ["A"] }, { minPrice: 5 }, { maxPrice: 50 }])(
    "is true for %o",
    (change) => {
      expect(isFiltered({ ...defaultShopQuery, ...change })).toBe(true);
    },
  );
});
