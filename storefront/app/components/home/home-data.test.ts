import { describe, expect, it } from "vitest";
import { type Brand, collectionCards, heroSlides, productCountText } from "./home-data";

const maison: Brand = {
  name: "Maison Lumière",
  productCount: 21,
  href: "/shop?category=Maison+Lumi%C3%A8re",
};
const verdant: Brand = { name: "Verdant & Co", productCount: 1, href: "/shop?category=Verdant+%26+Co" };

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

  it("pictures both houses together first, then each house's own still life, never a photograph twice", () => {
    const slides = heroSlides([maison, verdant]);
    expect(slides.map((s) => s.picture?.src)).toEqual([
      expect.stringMatching(/^\/editorial\/hero-atelier-2400\.webp\?v=\w+$/),
      expect.stringMatching(/^\/editorial\/hero-maison-lumiere-2400\.webp\?v=\w+$/),
      expect.stringMatching(/^\/editorial\/hero-verdant-2400\.webp\?v=\w+$/),
    ]);
    expect(slides[0]!.picture).toMatchObject({
      width: 2400,
      height: 1600,
      alt: expect.stringMatching(/together/),
    });
    const cards = collectionCards([maison, verdant]).map((c) => c.picture?.src);
    expect(cards).toEqual([
      expect.stringMatching(/^\/editorial\/card-maison-lumiere-linen-1200\.webp/),
      expect.stringMatching(/^\/editorial\/card-verdant-stone-1200\.webp/),
    ]);
    const shown = [...slides.map((s) => s.picture?.src), ...cards];
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("offers AVIF first and WebP at every width", () => {
    const picture = heroSlides([])[0]!.picture!;
    expect(picture.sources).toEqual([{ type: "image/avif", srcSet: expect.stringContaining(".avif?v=") }]);
    expect(picture.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual([
      "640w",
      "1024w",
      "1600w",
      "2400w",
    ]);
    expect(picture.sources[0]!.srcSet.split(", ")).toHaveLength(4);
  });

  it("still has the Luxury Beauty slide when no brand is known", () => {
    const slides = heroSlides([]);
    expect(slides).toHaveLength(1);
    expect(slides[0]).toMatchObject({
      title: "Luxury Beauty",
      picture: expect.objectContaining({ width: 2400 }),
    });
  });

  it("leaves a brand without a drawn still life unpictured rather than borrowing another's", () => {
    const other: Brand = { name: "Third House", productCount: 2, href: "/shop?category=Third+House" };
    expect(heroSlides([other])[1]!.picture).toBeNull();
    expect(collectionCards([other])[0]!.picture).toBeNull();
  });
});

describe("productCountText", () => {
  it("counts in words", () => {
    expect(productCountText(1)).toBe("1 product");
    expect(productCountText(21)).toBe("21 products");
  });
});
