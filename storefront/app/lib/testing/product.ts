// View models for tests of the shop and product page.
import type { ImageView, ProductDetail, ProductSummary } from "~/lib/models/catalog";

export function image(n: number, name = "Rose Serum"): ImageView {
  return {
    src: `https://img.test/${n}/1200.jpg`,
    srcSet: "",
    sources: [],
    alt: `${name}, view ${n}`,
    width: 1200,
    height: 1500,
  };
}

export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: "p1",
    slug: "rose-serum",
    name: "Rose Serum",
    description: "A calming rose serum.",
    category: "Maison Lumière",
    price: { pence: 4200, currency: "GBP", formatted: "£42.00" },
    stock: 25,
    stockLevel: "in_stock",
    features: ["Vitamin C"],
    images: [image(1), image(2), image(3)],
    // As the API counts them: a list's summary carries only the first image.
    imageCount: overrides.images?.length ?? 3,
    ...overrides,
  };
}

export function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...summary(),
    sku: "ML-001",
    brand: "Maison Lumière",
    allFeatures: ["Vitamin C", "Fragrance-free"],
    specifications: [
      { name: "Size", value: "30 ml" },
      { name: "Made in", value: "France" },
    ],
    ...overrides,
  };
}
