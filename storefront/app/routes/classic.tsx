// The classic home page: hero text, why choose us, a carousel of the five most expensive products
// and customer testimonials. If the catalogue cannot be reached the carousel gives way to a note.

import { ClassicHero } from "~/components/classic/classic-hero";
import { FeaturedCarousel } from "~/components/classic/featured-carousel";
import { Testimonials } from "~/components/classic/testimonials";
import { WhyChooseUs } from "~/components/classic/why-choose-us";
import { SectionUnavailable } from "~/components/home/section-unavailable";
import { toSummary } from "~/lib/models/catalog";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import "~/styles/pages/classic.css";
import type { Route } from "./+types/classic";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const { products } = await api(context).catalog.listFeaturedProducts({ mode: "top_price" });
    return { featured: products.map(toSummary) };
  } catch {
    return { featured: null };
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: "Timeless Luxury Skincare",
    description:
      "Timeless luxury skincare from Atelier London: natural ingredients, cruelty-free formulas and sustainable packaging, delivered across the UK and Europe.",
    origin: originFrom(matches),
    path: "/classic",
    image: loaderData?.featured?.[0]?.images[0]?.src,
  });

export default function ClassicRoute({ loaderData }: Route.ComponentProps) {
  const { featured } = loaderData;
  return (
    <>
      <ClassicHero />
      <WhyChooseUs />
      {/* The carousel inside is the landmark, named by this heading. */}
      <section className="section classic-band classic-featured">
        <div className="section__header">
          <p className="eyebrow">The Finest Pieces</p>
          <h2 id="classic-featured-heading">Featured Products</h2>
        </div>
        {featured && featured.length > 0 ? (
          <FeaturedCarousel products={featured} labelledBy="classic-featured-heading" />
        ) : (
          <SectionUnavailable subject="Our featured products" />
        )}
      </section>
      <Testimonials />
    </>
  );
}
