// Test helpers for the home and classic pages: product view models, a matchMedia stand-in and the
// parts of <dialog> that jsdom lacks.
import { vi } from "vitest";
import type { ProductSummary, StockLevel } from "~/lib/models/catalog";
import { formatPence } from "~/lib/models/money";

export function aProduct(n: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  const pence = 1000 * n + 500;
  const stockLevel: StockLevel = overrides.stockLevel ?? "in_stock";
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    slug: `product-${n}`,
    name: `Product ${n}`,
    description: `Description of product ${n}.`,
    category: n % 2 ? "Maison Lumière" : "Verdant & Co",
    price: { pence, currency: "GBP", formatted: formatPence(pence) },
    stock: stockLevel === "out_of_stock" ? 0 : stockLevel === "low_stock" ? 4 : 40,
    stockLevel,
    features: [],
    images: [
      {
        src: `https://img.test/${n}/1200.jpg`,
        srcSet: "",
        sources: [],
        alt: `Product ${n}, front view`,
        width: 1200,
        height: 1500,
      },
    ],
    // As the API counts them: a list's summary carries only the first image.
    imageCount: overrides.images?.length ?? 1,
    ...overrides,
  };
}

/** Answers media queries: `matching` lists the queries that match. */
export function stubMatchMedia(...matching: string[]) {
  vi.stubGlobal(
    "matchMedia",
    (
      query: string,
    ): Pick<MediaQueryList, "matches" | "media" | "addEventListener" | "removeEventListener"> => ({
      matches: matching.includes(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  );
}

/**
 * jsdom has <dialog> without showModal/close. This stand-in behaves like a browser where the
 * component can tell: it opens, focuses the first control, closes on Escape and fires `close`.
 */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === "function") return;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") (e.currentTarget as HTMLDialogElement).close();
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
    this.addEventListener("keydown", onKey);
    this.querySelector<HTMLElement>("button, a[href], input")?.focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.removeEventListener("keydown", onKey);
    this.dispatchEvent(new Event("close"));
  };
}
