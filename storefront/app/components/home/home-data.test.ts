import { describe, expect, it } from "vitest";
import { aProduct } from "~/lib/testing/catalog";
import {
  type Brand,
  collectionCards,
  heroSlides,
  type Picture,
  productCountText,
  toPictures,
} from "./home-data";

function pictures(prefix: string, n: number): Picture[] {
  return Array.from({ length: n }, (_, i) => ({
    image: {
      src: `https://img.test/${prefix}${i}.jpg`,
      srcSet: "",
      sources: [],
      alt: "",
      width: 1200,
      height: 1500,
    },
    productName: `${prefix}${i}`,
    href: `/product/${prefix}${i}`,
  }));
}

const maison: Brand = {
  name: "Maison Lumière",
  productCount: 21,
  href: "/shop?category=Maison+Lumi%C3%A8re",
  pictures: pictures("m", 4),
};
const verdant: Brand = {
  name: "Verdant & Co",
  productCount: 1,
  href: "/shop?category=Verdant+%26+Co",
  pictures: pictures("v", 4),
};

describe("heroSlides", () => {
  it("leads with Luxury Beauty, then one slide per brand linking to its collection", () => {
    const slides = heroSlides([maison, verdant]);
    expect(slides.map((s) => s.title)).toEqual(["Luxury Beauty", "Maison Lumière", "Verdant & Co"]);
    expect(slides.map((s) => s.cta)).toEqual([
      { label: "Shop Now", href: "/shop" },
      { label: "Explore Maison Lumière", href: maison.href },
      { label: "Explore Verdant & Co", href: verdant.href },
    ]);
    expect(slides[2]!.eyebrow).toBe("The Collection · 1 product");
  });

  it("pictures each brand's flagship on the first slide and never repeats a photograph", () => {
    const slides = heroSlides([maison, verdant]);
    expect(slides[0]!.main?.productName).toBe("m0");
    expect(slides[0]!.inset?.productName).toBe("v0");
    const shown = slides.flatMap((s) => [s.main?.productName, s.inset?.productName]);
    expect(new Set(shown).size).toBe(shown.length);
    const cards = collectionCards([maison, verdant]).map((c) => c.picture?.productName);
    expect(cards).toEqual(["m3", "v3"]);
    expect(shown).not.toContain(cards[0]);
  });

  it("still has the Luxury Beauty slide, without pictures, when no brand is known", () => {
    const slides = heroSlides([]);
    expect(slides).toHaveLength(1);
    expect(slides[0]).toMatchObject({ title: "Luxury Beauty", main: null, inset: null });
  });

  it("falls back to the brand's first photograph when it has only one", () => {
    const slides = heroSlides([{ ...maison, pictures: pictures("m", 1) }]);
    expect(slides[1]!.main?.productName).toBe("m0");
    expect(slides[1]!.inset).toBeNull();
  });
});

describe("toPictures", () => {
  it("takes each product's leading image and skips products without one", () => {
    const result = toPictures([aProduct(1), aProduct(2, { images: [] })]);
    expect(result).toEqual([
      { image: aProduct(1).images[0], productName: "Product 1", href: `/product/${aProduct(1).id}` },
    ]);
  });
});

describe("productCountText", () => {
  it("counts in words", () => {
    expect(productCountText(1)).toBe("1 product");
    expect(productCountText(21)).toBe("21 products");
  });
});
