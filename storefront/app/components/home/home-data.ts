// View models of the home page's hero slides and collection cards, built from the brands (the
// shop's categories) and their products' studio photographs.
import type { ImageView, ProductSummary } from "~/lib/models/catalog";

/** A product photograph shown for its looks, with a link to the product it pictures. */
export type Picture = { image: ImageView; productName: string; href: string };

/** A brand (category) with photographs of its products, most expensive first. */
export type Brand = { name: string; productCount: number; href: string; pictures: Picture[] };

export type HeroSlide = {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; href: string };
  /** The large photograph; null when the catalogue gave none. */
  main: Picture | null;
  /** A smaller photograph laid over the large one. */
  inset: Picture | null;
};

export type CollectionCard = { name: string; productCount: number; href: string; picture: Picture | null };

export function toPictures(products: readonly ProductSummary[]): Picture[] {
  return products.flatMap((p) =>
    p.images[0] ? [{ image: p.images[0], productName: p.name, href: `/product/${p.id}` }] : [],
  );
}

export function productCountText(n: number): string {
  return `${n} ${n === 1 ? "product" : "products"}`;
}

/**
 * Luxury Beauty first (the flagship photograph of each of the first two brands), then one slide
 * per brand collection with further photographs of that brand, so pictures do not repeat.
 */
export function heroSlides(brands: readonly Brand[]): HeroSlide[] {
  const [first, second] = brands;
  const slides: HeroSlide[] = [
    {
      id: "luxury-beauty",
      eyebrow: "Atelier London",
      title: "Luxury Beauty",
      text: "Exceptional skincare from the houses we love, chosen in London and delivered to your door.",
      cta: { label: "Shop Now", href: "/shop" },
      main: first?.pictures[0] ?? second?.pictures[0] ?? null,
      inset: first ? (second?.pictures[0] ?? null) : null,
    },
  ];
  for (const brand of brands.slice(0, 2)) {
    slides.push({
      id: `collection-${brand.name}`,
      eyebrow: `The Collection · ${productCountText(brand.productCount)}`,
      title: brand.name,
      text: `Discover ${brand.name}, from daily rituals to rare indulgences, each piece chosen by our London atelier.`,
      cta: { label: `Explore ${brand.name}`, href: brand.href },
      main: brand.pictures[1] ?? brand.pictures[0] ?? null,
      inset: brand.pictures[2] ?? null,
    });
  }
  return slides;
}

/** One card per brand, preferably with a photograph the hero does not already show. */
export function collectionCards(brands: readonly Brand[]): CollectionCard[] {
  return brands.slice(0, 2).map((b) => ({
    name: b.name,
    productCount: b.productCount,
    href: b.href,
    picture: b.pictures[3] ?? b.pictures[0] ?? null,
  }));
}
