import { describe, expect, it } from "vitest";
import { countLine, shopHeading } from "./shop-text";

describe("shopHeading", () => {
  it("names a search", () => {
    expect(shopHeading({ search: "rose oil", categories: [] })).toBe('Search Results for "rose oil"');
  });

  it("prefers the search over a category", () => {
    expect(shopHeading({ search: "serum", categories: ["Verdant & Co"] })).toBe('Search Results for "serum"');
  });

  it("names a single category's collection", () => {
    expect(shopHeading({ search: "", categories: ["Maison Lumière"] })).toBe("Maison Lumière Collection");
  });

  it("falls back to the general heading for none or several categories", () => {
    expect(shopHeading({ search: "", categories: [] })).toBe("Luxury Beauty Products");
    expect(shopHeading({ search: "", categories: ["A", "B"] })).toBe("Luxury Beauty Products");
  });
});

describe("countLine", () => {
  it("describes the page on screen", () => {
    expect(countLine(1, 6, 42)).toBe("Showing 1–6 of 42 products");
    expect(countLine(37, 6, 42)).toBe("Showing 37–42 of 42 products");
  });

  it("handles a short last page and a single product", () => {
    expect(countLine(43, 1, 43)).toBe("Showing 43 of 43 products");
    expect(countLine(1, 1, 1)).toBe("Showing 1 of 1 product");
  });

  it("says when the API stopped counting", () => {
    expect(countLine(1, 12, 10000, true)).toBe("Showing 1–12 of more than 10,000 products");
    expect(countLine(1, 12, 1200)).toBe("Showing 1–12 of 1,200 products");
  });

  it("says nothing when nothing is listed", () => {
    expect(countLine(1, 0, 0)).toBeNull();
    expect(countLine(49, 0, 42)).toBeNull();
  });
});
