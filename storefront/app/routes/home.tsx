// Home: hero slider, philosophy, the two brand collections, three featured products with Quick
// View, and the newsletter sign-up. Each part of the catalogue that fails to load is replaced by a
// calm note; the rest of the page still renders.

import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { CollectionCards } from "~/components/home/collection-cards";
import { FeaturedProducts } from "~/components/home/featured-products";
import { HeroSlider } from "~/components/home/hero-slider";
import { type Brand, collectionCards, heroSlides } from "~/components/home/home-data";
import { NewsletterSignup } from "~/components/home/newsletter-signup";
import { Philosophy } from "~/components/home/philosophy";
import { categoryHref, toSummary } from "~/lib/models/catalog";
import type { NewsletterResult } from "~/lib/models/newsletter";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { type Api, api } from "~/lib/server/api.server";
import { subscribeToNewsletter } from "~/lib/server/newsletter.server";
import "~/styles/pages/home.css";
import type { Route } from "./+types/home";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

/** The first two brands; their pictures are the editorial still lifes drawn for them. */
async function loadBrands(client: Api): Promise<Brand[]> {
  const { categories } = await client.catalog.listCategories({});
  return categories
    .slice(0, 2)
    .map((c) => ({ name: c.name, productCount: c.productCount, href: categoryHref(c.name) }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const client = api(context);
  const [brands, featured] = await Promise.allSettled([
    loadBrands(client),
    client.catalog.listFeaturedProducts({ mode: "random" }),
  ]);
  const knownBrands = brands.status === "fulfilled" ? brands.value : [];
  return {
    slides: heroSlides(knownBrands),
    collections: brands.status === "fulfilled" ? collectionCards(knownBrands) : null,
    featured: featured.status === "fulfilled" ? featured.value.products.map(toSummary) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "newsletter") {
    return data<NewsletterResult>({ ok: false, error: "Unknown action.", email: "" }, { status: 400 });
  }
  const result = await subscribeToNewsletter(api(context).newsletter, form.get("email"));
  return data(result, { status: result.ok ? 200 : 400 });
}

// The featured products are drawn at random: adding to the cart or signing up must not reshuffle
// them under the shopper.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    description:
      "Atelier London: luxury skincare chosen in London, from radiant serums to rich creams and gift sets. Delivered across the UK and Europe.",
    origin: originFrom(matches),
    path: "/",
    // The editorial pictures are the storefront's own files: link previews need the whole URL.
    image: absoluteUrl(loaderData?.slides[0]?.picture?.src, originFrom(matches)),
  });

function absoluteUrl(src: string | undefined, origin: string): string | undefined {
  if (!src) return undefined;
  return src.startsWith("/") ? `${origin}${src}` : src;
}

export default function HomeRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">Atelier London: Luxury Skincare</h1>
      <HeroSlider slides={loaderData.slides} />
      <Philosophy />
      <CollectionCards collections={loaderData.collections} />
      <FeaturedProducts products={loaderData.featured} />
      <NewsletterSignup submitted={actionData} />
    </>
  );
}
