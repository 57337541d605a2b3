// The shop's state lives in its URL so a view can be shared, bookmarked and reached again with the
// back button. This module is the one place that reads and writes those parameters; anything it
// does not understand is dropped rather than reported, so a hand-edited URL never breaks the page.

export const sortOptions = [
  { value: "relevance", label: "Relevance" },
  { value: "newest", label: "Newest" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "name_asc", label: "Name: A to Z" },
  { value: "name_desc", label: "Name: Z to A" },
] as const;

export type SortKey = (typeof sortOptions)[number]["value"];

/** The orders a query can be listed in: relevance only when there is a search to be relevant to. */
export function sortOptionsFor(q: Pick<ShopQuery, "search">) {
  return q.search ? sortOptions : sortOptions.filter((o) => o.value !== "relevance");
}

/** The order a query is listed in when the shopper chose none: best matches first for a search. */
export function defaultSort(search: string): SortKey {
  return search ? "relevance" : "newest";
}

export const pageSizeOptions = [6, 12, 24, 48, "all"] as const;

export type PageSize = (typeof pageSizeOptions)[number];

export type ShopView = "grid" | "list";

export type ShopQuery = {
  search: string;
  categories: string[];
  sort: SortKey;
  page: number;
  pageSize: PageSize;
  /** Whole pounds, inclusive; null means no lower bound. */
  minPrice: number | null;
  /** Whole pounds, inclusive; null means no upper bound. */
  maxPrice: number | null;
  view: ShopView;
};

export const defaultShopQuery: ShopQuery = {
  search: "",
  categories: [],
  sort: "newest",
  page: 1,
  pageSize: 6,
  minPrice: null,
  maxPrice: null,
  view: "grid",
};

// The API's own limits (ListProductsRequest): beyond them it would reject the request.
const maxSearchLength = 200;
const maxCategories = 20;
const maxCategoryLength = 100;
const maxPage = 100_000;
const maxPounds = 1_000_000;

const wholeNumber = /^\d+$/;

function parseWhole(raw: string | null, max: number): number | null {
  const text = raw?.trim() ?? "";
  if (!wholeNumber.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

export function parseSort(raw: string | null, search = ""): SortKey {
  const chosen = sortOptionsFor({ search }).find((o) => o.value === raw)?.value;
  return chosen ?? defaultSort(search);
}

export function parsePageSize(raw: string | null): PageSize {
  if (raw === "all") return "all";
  return pageSizeOptions.find((s) => String(s) === raw) ?? defaultShopQuery.pageSize;
}

function parseCategories(raw: string[]): string[] {
  const names = raw.map((c) => c.trim()).filter((c) => c.length > 0 && c.length <= maxCategoryLength);
  return [...new Set(names)].slice(0, maxCategories);
}

export function parseShopQuery(params: URLSearchParams): ShopQuery {
  let minPrice = parseWhole(params.get("min_price"), maxPounds);
  let maxPrice = parseWhole(params.get("max_price"), maxPounds);
  // A reversed range is read as the shopper meant it rather than as an impossible one.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  // £0 is no lower bound at all; keeping it would only make the view look filtered.
  if (minPrice === 0) minPrice = null;
  const page = parseWhole(params.get("page"), maxPage);
  const search = (params.get("search") ?? "").trim().slice(0, maxSearchLength);
  return {
    search,
    categories: parseCategories(params.getAll("category")),
    sort: parseSort(params.get("sort"), search),
    page: page && page >= 1 ? page : 1,
    pageSize: parsePageSize(params.get("page_size")),
    minPrice,
    maxPrice,
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** URL parameters of the shop, in URL order. */
export type ShopParam =
  | "search"
  | "category"
  | "min_price"
  | "max_price"
  | "sort"
  | "page_size"
  | "view"
  | "page";

/** The query as URL parameters, leaving out every default so URLs stay short and canonical. */
export function serializeShopQuery(q: ShopQuery, omit: readonly ShopParam[] = []): URLSearchParams {
  const entries: [ShopParam, string][] = [];
  if (q.search) entries.push(["search", q.search]);
  for (const c of q.categories) entries.push(["category", c]);
  if (q.minPrice !== null) entries.push(["min_price", String(q.minPrice)]);
  if (q.maxPrice !== null) entries.push(["max_price", String(q.maxPrice)]);
  if (q.sort !== defaultSort(q.search)) entries.push(["sort", q.sort]);
  if (q.pageSize !== defaultShopQuery.pageSize) entries.push(["page_size", String(q.pageSize)]);
  if (q.view !== defaultShopQuery.view) entries.push(["view", q.view]);
  if (q.page > 1 && q.pageSize !== "all") entries.push(["page", String(q.page)]);
  return new URLSearchParams(entries.filter(([name]) => !omit.includes(name)));
}

export function shopHref(q: ShopQuery): string {
  const search = serializeShopQuery(q).toString();
  return search ? `/shop?${search}` : "/shop";
}

/**
 * The query after a change. Changing what is listed (filters, search, sort, page size) returns to
 * the first page, since the old page number means nothing in the new list; switching between grid
 * and list view or moving between pages keeps the place.
 */
export function updateShopQuery(q: ShopQuery, change: Partial<ShopQuery>): ShopQuery {
  const keepsPage = Object.keys(change).every((k) => k === "page" || k === "view");
  const next = { ...q, ...change, page: change.page ?? (keepsPage ? q.page : 1) };
  // A new search keeps an order the shopper chose, but not the old default: starting a search
  // lists the best matches first, and ending one leaves relevance, which means nothing without it.
  if (change.sort === undefined && next.search !== q.search) {
    if (q.sort === defaultSort(q.search) || (q.sort === "relevance" && !next.search))
      next.sort = defaultSort(next.search);
  }
  return next;
}

/** Whether the shopper has narrowed the catalogue (search, categories or price). */
export function isFiltered(q: ShopQuery): boolean {
  return q.search !== "" || q.categories.length > 0 || q.minPrice !== null || q.maxPrice !== null;
}

/**
 * The query a submitted filter form describes. An upper price at or above the slider's ceiling
 * excludes nothing, so it is dropped instead of pinning the URL to today's most expensive product.
 */
export function shopQueryFromForm(form: FormData, priceCeiling: number): ShopQuery {
  const params = new URLSearchParams();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && value !== "") params.append(name, value);
  }
  const q = parseShopQuery(params);
  return q.maxPrice !== null && q.maxPrice >= priceCeiling ? { ...q, maxPrice: null } : q;
}

/** Price bound in pence, as ListProductsRequest takes it. */
function toPence(pounds: number | null): bigint | undefined {
  return pounds === null ? undefined : BigInt(pounds) * 100n;
}

/** The ListProductsRequest for a query (page size "all" is the API's 0). */
export function toListProductsRequest(q: ShopQuery) {
  return {
    search: q.search,
    category: q.categories,
    sort: q.sort,
    page: q.pageSize === "all" ? 1 : q.page,
    pageSize: q.pageSize === "all" ? 0 : q.pageSize,
    minPrice: toPence(q.minPrice),
    maxPrice: toPence(q.maxPrice),
  };
}
