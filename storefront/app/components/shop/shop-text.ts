// Words the shop derives from its state: the page heading and the "Showing …" line.
import type { ShopQuery } from "./shop-query";

const defaultShopHeading = "Luxury Beauty Products";

/** `Search Results for "{term}"`, `{category} Collection` for a single category, else the default. */
export function shopHeading(q: Pick<ShopQuery, "search" | "categories">): string {
  if (q.search) return `Search Results for "${q.search}"`;
  if (q.categories.length === 1) return `${q.categories[0]} Collection`;
  return defaultShopHeading;
}

const count = new Intl.NumberFormat("en-GB");

/**
 * "Showing 1–6 of 42 products" for the page on screen, or null when nothing is listed.
 * `firstIndex` is the 1-based position of the first product shown. `capped`: the API counted
 * up to `total` and more match ("of more than 10,000 products").
 */
export function countLine(firstIndex: number, shown: number, total: number, capped = false): string | null {
  if (shown === 0 || total === 0) return null;
  const noun = total === 1 && !capped ? "product" : "products";
  const last = firstIndex + shown - 1;
  const range = last === firstIndex ? String(firstIndex) : `${firstIndex}–${last}`;
  return `Showing ${range} of ${capped ? "more than " : ""}${count.format(total)} ${noun}`;
}
