// View models the pages render. Loaders map API messages to these plain, serialisable shapes
// (no bigint, no protobuf classes), which keeps the hydration payload small and the components
// independent of the wire format.
import type { Product, ProductImage } from "~/gen/atelier/store/v1/product_pb";
import { StockStatus } from "~/gen/atelier/store/v1/product_pb";
import { type Price, toPrice } from "./money";

export type ImageView = {
  /** Largest rendition. */
  src: string;
  /** "url 400w, url 800w, …" for responsive loading. */
  srcSet: string;
  alt: string;
  width: number;
  height: number;
};

export type StockLevel = "in_stock" | "low_stock" | "out_of_stock";

export type ProductSummary = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  price: Price;
  stock: number;
  stockLevel: StockLevel;
  /** Up to five `feature` attribute values. */
  features: string[];
  images: ImageView[];
};

export type ProductDetail = ProductSummary & {
  sku: string;
  brand: string;
  /** Every `feature` value. */
  allFeatures: string[];
  /** Attributes other than category, feature and brand: the Specifications tab. */
  specifications: { name: string; value: string }[];
};

export function toImage(img: ProductImage, productName: string): ImageView {
  const variants = [...img.variants].sort((a, b) => a.width - b.width);
  return {
    src: img.url,
    srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(", "),
    alt: img.alt || productName,
    width: img.width || 1200,
    height: img.height || 1200,
  };
}

/** The badge the API gave the product: the thresholds are the catalogue's rule, not the storefront's. */
function stockLevel(status: StockStatus): StockLevel {
  switch (status) {
    case StockStatus.OUT_OF_STOCK:
      return "out_of_stock";
    case StockStatus.LOW_STOCK:
      return "low_stock";
    default:
      return "in_stock";
  }
}

function values(p: Product, name: string): string[] {
  return p.attributes.filter((a) => a.name === name && a.value).map((a) => a.value);
}

export function toSummary(p: Product): ProductSummary {
  // The primary image leads; the API keeps the rest in the shop's order.
  const images = [...p.images].sort((a, b) => Number(b.primary) - Number(a.primary));
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: p.category,
    price: toPrice(p.price),
    stock: p.stockQuantity,
    stockLevel: stockLevel(p.stockStatus),
    features: values(p, "feature").slice(0, 5),
    images: images.map((i) => toImage(i, p.name)),
  };
}

const nonSpecifications = new Set(["category", "feature", "brand"]);

export function toDetail(p: Product): ProductDetail {
  return {
    ...toSummary(p),
    sku: p.sku,
    brand: values(p, "brand")[0] ?? p.category,
    allFeatures: values(p, "feature"),
    specifications: p.attributes
      .filter((a) => !nonSpecifications.has(a.name) && a.name && a.value)
      .map((a) => ({ name: a.name, value: a.value })),
  };
}

/** The shop URL for a category (brand collection). */
export function categoryHref(category: string): string {
  return `/shop?${new URLSearchParams({ category })}`;
}
