// View models of the home page's hero slides and collection cards, built from the brands (the
// shop's categories) and the editorial still lifes drawn for them (lib/editorial).
import { editorialImage } from "~/lib/editorial";
import type { ImageView } from "~/lib/models/catalog";

/** A brand (category): one of the shop's two houses. */
export type Brand = { name: string; productCount: number; href: string };

export type HeroSlide = {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; href: string };
  /** The slide's wide editorial picture; null when none was drawn for it. */
  picture: ImageView | null;
};

export type CollectionCard = { name: string; productCount: number; href: string; picture: ImageView | null };

export function productCountText(n: number): string {
  return `${n} ${n === 1 ? "product" : "products"}`;
}

/**
 * Luxury Beauty first (both houses together), then one slide per brand collection, each with
 * that house's still life.
 */
export function heroSlides(brands: readonly Brand[]): HeroSlide[] {
  const slides: HeroSlide[] = [
    {
      id: "luxury-beauty",
      eyebrow: "Atelier London",
      title: "Luxury Beauty",
      text: "Exceptional skincare from the houses we love, chosen in London and delivered to your door.",
      cta: { label: "Shop Now", href: "/shop" },
      picture: editorialImage("hero", ""),
    },
  ];
  for (const brand of brands.slice(0, 2)) {
    slides.push({
      id: `collection-${brand.name}`,
      eyebrow: `The Collection · ${productCountText(brand.productCount)}`,
      title: brand.name,
      text: `Discover ${brand.name}, from daily rituals to rare indulgences, each piece chosen by our London atelier.`,
      cta: { label: `Explore ${brand.name}`, href: brand.href },
      picture: editorialImage("hero", brand.name),
    });
  }
  return slides;
}

/** One card per brand, with a still life of the house other than its hero slide's. */
export function collectionCards(brands: readonly Brand[]): CollectionCard[] {
  return brands.slice(0, 2).map((b) => ({
    name: b.name,
    productCount: b.productCount,
    href: b.href,
    picture: editorialImage("card", b.name),
  }));
}
