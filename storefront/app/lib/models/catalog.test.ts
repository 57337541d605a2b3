import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { type ProductImageSchema, ProductSchema, StockStatus } from "~/gen/atelier/store/v1/product_pb";
import { categoryHref, imageUrls, toDetail, toSummary } from "./catalog";

type Overrides = {
  stockStatus?: StockStatus;
  stockQuantity?: number;
  attributes?: { name: string; value: string }[];
  images?: MessageInitShape<typeof ProductImageSchema>[];
  imageCount?: number;
};

function product(overrides: Overrides = {}) {
  return create(ProductSchema, {
    id: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
    slug: "rose-serum",
    name: "Rose Serum",
    description: "A serum.",
    price: { currencyCode: "GBP", minorUnits: 4200n },
    sku: "ML-001",
    stockQuantity: 4,
    stockStatus: StockStatus.LOW_STOCK,
    category: "Maison Lumière",
    attributes: [
      { name: "category", value: "Maison Lumière" },
      { name: "brand", value: "Maison Lumière" },
      { name: "feature", value: "Vitamin C" },
      { name: "feature", value: "Fragrance-free" },
      { name: "Size", value: "30 ml" },
    ],
    images: [
      {
        id: "b",
        url: "https://x/b/1200.jpg",
        alt: "",
        primary: false,
        width: 1200,
        height: 1200,
        variants: [],
      },
      {
        id: "a",
        url: "https://x/a/1200.jpg",
        alt: "Front",
        primary: true,
        width: 1200,
        height: 1200,
        variants: [
          { url: "https://x/a/800.jpg", width: 800, height: 800, contentType: "image/jpeg" },
          { url: "https://x/a/400.jpg", width: 400, height: 400, contentType: "image/jpeg" },
        ],
      },
    ],
    imageCount: 2,
    ...overrides,
  });
}

describe("toSummary", () => {
  it("puts the primary image first and builds a srcset narrowest first", () => {
    const s = toSummary(product());
    expect(s.images.map((i) => i.src)).toEqual(["https://x/a/1200.jpg", "https://x/b/1200.jpg"]);
    expect(s.images[0]?.srcSet).toBe("https://x/a/400.jpg 400w, https://x/a/800.jpg 800w");
    expect(s.images[1]?.alt).toBe("Rose Serum");
  });

  it("counts every image, also when a list's summary carries only the first", () => {
    const first = product().images.filter((i) => i.primary);
    expect(toSummary(product({ images: first, imageCount: 5 })).imageCount).toBe(5);
    expect(toSummary(product()).imageCount).toBe(2);
    // A product read whole by an older API, which did not count: the images it carries.
    expect(toSummary(product({ imageCount: 0 })).imageCount).toBe(2);
  });

  it("has no sources for JPEG-only images", () => {
    expect(toSummary(product()).images[0]?.sources).toEqual([]);
  });

  it("groups renditions by format and shows the widest JPEG when the largest rendition is an AVIF", () => {
    const variant = (w: number, ext: string, contentType: string) => ({
      url: `https://x/c/${w}.${ext}`,
      width: w,
      height: w,
      contentType,
    });
    const s = toSummary(
      product({
        images: [
          {
            id: "c",
            url: "https://x/c/2000.avif",
            alt: "Side",
            primary: true,
            width: 2000,
            height: 2000,
            variants: [
              variant(2000, "avif", "image/avif"),
              variant(800, "webp", "image/webp"),
              variant(800, "jpg", "image/jpeg"),
              variant(400, "avif", "image/avif"),
              variant(1200, "jpg", "image/jpeg"),
              variant(400, "jpg", "image/jpeg"),
              variant(400, "webp", "image/webp"),
            ],
          },
        ],
      }),
    );
    const image = s.images[0];
    expect(image?.src).toBe("https://x/c/1200.jpg");
    expect([image?.width, image?.height]).toEqual([1200, 1200]);
    expect(image?.srcSet).toBe(
      "https://x/c/400.jpg 400w, https://x/c/800.jpg 800w, https://x/c/1200.jpg 1200w",
    );
    expect(image?.sources).toEqual([
      { type: "image/avif", srcSet: "https://x/c/400.avif 400w, https://x/c/2000.avif 2000w" },
      { type: "image/webp", srcSet: "https://x/c/400.webp 400w, https://x/c/800.webp 800w" },
    ]);
    expect(image && imageUrls(image)).toEqual([
      "https://x/c/1200.jpg",
      "https://x/c/400.jpg",
      "https://x/c/800.jpg",
      "https://x/c/1200.jpg",
      "https://x/c/400.avif",
      "https://x/c/2000.avif",
      "https://x/c/400.webp",
      "https://x/c/800.webp",
    ]);
  });

  it("maps price, stock level and features", () => {
    const s = toSummary(product());
    expect(s.price.formatted).toBe("£42.00");
    expect(s.stockLevel).toBe("low_stock");
    expect(s.features).toEqual(["Vitamin C", "Fragrance-free"]);
  });

  it("takes the stock level from the API's status, never from the quantity", () => {
    expect(toSummary(product({ stockStatus: StockStatus.OUT_OF_STOCK, stockQuantity: 0 })).stockLevel).toBe(
      "out_of_stock",
    );
    expect(toSummary(product({ stockStatus: StockStatus.IN_STOCK, stockQuantity: 4 })).stockLevel).toBe(
      "in_stock",
    );
    expect(toSummary(product({ stockStatus: StockStatus.LOW_STOCK, stockQuantity: 25 })).stockLevel).toBe(
      "low_stock",
    );
  });

  it("keeps at most five features on a card", () => {
    const attributes = Array.from({ length: 7 }, (_, i) => ({ name: "feature", value: `F${i}` }));
    expect(toSummary(product({ attributes })).features).toEqual(["F0", "F1", "F2", "F3", "F4"]);
  });
});

describe("toDetail", () => {
  it("lists specifications without category, feature and brand", () => {
    const d = toDetail(product());
    expect(d.specifications).toEqual([{ name: "Size", value: "30 ml" }]);
    expect(d.brand).toBe("Maison Lumière");
    expect(d.sku).toBe("ML-001");
  });
});

describe("categoryHref", () => {
  it("encodes the category for the shop URL", () => {
    expect(categoryHref("Verdant & Co")).toBe("/shop?category=Verdant+%26+Co");
  });
});
