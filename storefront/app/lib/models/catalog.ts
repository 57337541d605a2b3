// View models the pages render. Loaders map API messages to these plain, serialisable shapes
// (no bigint, no protobuf classes), which keeps the hydration payload small and the components
// independent of the wire format.
import type { Product, ProductImage } from "~/gen/atelier/store/v1/product_pb";
import { StockStatus } from "~/gen/atelier/store/v1/product_pb";
import { type Price, toPrice } from "./money";

/** Formats browsers pick ahead of the JPEG fallback, best first, when they can decode them. */
export const modernImageTypes = ["image/avif", "image/webp"] as const;
export type ModernImageType = (typeof modernImageTypes)[number];

/** One `<source>`: the renditions of one modern format. */
export type ImageSource = { type: ModernImageType; srcSet: string };

export type ImageView = {
  /** Largest JPEG rendition: the `<img>` every browser can show. */
  src: string;
  /** "url 400w, url 800w, …" of the JPEG renditions, for responsive loading. */
  srcSet: string;
  /** AVIF, then WebP renditions; only the formats the image has (none for JPEG-only images). */
  sources: ImageSource[];
  alt: string;
  /** Pixel size of the largest JPEG rendition, so the box is reserved before it loads. */
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
  /** The primary image first. A list's product (the API's summary) carries only that one. */
  images: ImageView[];
  /** How many images the product has, also when `images` holds only the first. */
  imageCount: number;
};

export type ProductDetail = ProductSummary & {
  sku: string;
  brand: string;
  /** Every `feature` value. */
  allFeatures: string[];
  /** Attributes other than category, feature and brand: the Specifications tab. */
  specifications: { name: string; value: string }[];
};

type Variant = ProductImage["variants"][number];

function srcSet(variants: Variant[]): string {
  return variants.map((v) => `${v.url} ${v.width}w`).join(", ");
}

function isModern(type: string): type is ModernImageType {
  return (modernImageTypes as readonly string[]).includes(type);
}

/**
 * Groups an image's renditions by format: AVIF and WebP become `<source>`s, the rest (JPEG) the
 * `<img>` fallback. The image's own URL is its largest rendition, which may be an AVIF: the `<img>`
 * then shows the widest JPEG instead, with that JPEG's size.
 */
export function toImage(img: ProductImage, productName: string): ImageView {
  const variants = [...img.variants].sort((a, b) => a.width - b.width);
  const type = (v: Variant) => v.contentType.toLowerCase();
  const jpegs = variants.filter((v) => !isModern(type(v)));
  const modern = new Set(variants.filter((v) => isModern(type(v))).map((v) => v.url));
  const widest = jpegs.at(-1);
  const ownIsJpeg = !modern.has(img.url) && (widest === undefined || img.width >= widest.width);
  const largest = ownIsJpeg || widest === undefined ? img : widest;
  return {
    src: largest.url,
    srcSet: srcSet(jpegs),
    sources: modernImageTypes
      .map((t) => ({ type: t, srcSet: srcSet(variants.filter((v) => type(v) === t)) }))
      .filter((s) => s.srcSet !== ""),
    alt: img.alt || productName,
    width: largest.width || 1200,
    height: largest.height || 1200,
  };
}

/** Every URL an image may load, whichever format the browser picks (for a CSP's img-src). */
export function imageUrls(image: ImageView): string[] {
  return [image.src, ...[image.srcSet, ...image.sources.map((s) => s.srcSet)].flatMap(srcSetUrls)];
}

function srcSetUrls(set: string): string[] {
  return set
    .split(",")
    .map((c) => c.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
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
    // A cart line's or wishlist's product, read whole, counts the images it carries.
    imageCount: Math.max(p.imageCount, images.length),
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
