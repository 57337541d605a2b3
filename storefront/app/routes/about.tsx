// About Atelier London: the shop's story, its six values, the team, and the way on to the shop
// or to a conversation with us. The page is the shop's own writing, so it needs no loader.

import { TeamList } from "~/components/content/team-list";
import { ValuesList } from "~/components/content/values-list";
import { ButtonLinks } from "~/components/ui/button-links";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import "~/styles/pages/about.css";
import type { Route } from "./+types/about";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description:
      "Atelier London is a Marylebone boutique for considered luxury skincare: natural, science-backed, cruelty-free formulas chosen with care and explained with honesty.",
    origin: originFrom(matches),
    path: "/about",
  });

export default function AboutRoute() {
  return (
    <div className="about">
      <header className="about-hero">
        <div className="page about-hero__inner">
          <p className="eyebrow">Marylebone, London</p>
          <h1>About Atelier London</h1>
          <p className="lead">
            A small boutique for considered skincare: chosen slowly, explained honestly and wrapped with care.
          </p>
        </div>
      </header>

      <section className="page about-story" aria-labelledby="about-story">
        <div className="about-story__text">
          <h2 id="about-story">Our Story</h2>
          <p>
            Atelier London began with a simple idea: that choosing skincare should feel less like a gamble and
            more like a conversation. Our boutique on Marylebone High Street is small by design, a calm room
            of pale oak shelves where every product has earned its place and everyone who works here can tell
            you why.
          </p>
          <p>
            We carry two houses we admire for very different reasons: a French maison known for rich textures
            and precious, high-performance actives, and a British botanical apothecary making gentle,
            plant-based formulas in recyclable packaging. Between them they suit every skin type and every
            ritual, from the simplest morning routine to a slow Sunday evening.
          </p>
          <p>
            Whether you visit us in Marylebone or shop with us from across the UK and Europe, we hope you feel
            the same care: honest advice, beautiful things, and a parcel wrapped as if it were a gift, because
            it so often is.
          </p>
        </div>
        <figure className="about-story__quote">
          <blockquote>
            <p>Fewer, better things, chosen with care and explained with honesty.</p>
          </blockquote>
          <figcaption>Eleanor Hartley, Founder</figcaption>
        </figure>
      </section>

      <section className="about-values" aria-labelledby="about-values">
        <div className="page">
          <div className="section__header">
            <p className="eyebrow">What we stand by</p>
            <h2 id="about-values">Our Values</h2>
          </div>
          <ValuesList />
        </div>
      </section>

      <section className="page about-team" aria-labelledby="about-team">
        <div className="section__header">
          <p className="eyebrow">The people behind the counter</p>
          <h2 id="about-team">Meet the Team</h2>
        </div>
        <TeamList />
      </section>

      <section className="about-cta" aria-labelledby="about-cta">
        <div className="page page--narrow">
          <h2 id="about-cta">Discover the Atelier</h2>
          <p>
            Explore the collection, or write to us for a personal recommendation. We love helping you find
            what suits your skin.
          </p>
          <ButtonLinks
            className="about-cta__actions"
            primary={{ to: "/shop", label: "Shop the Collection" }}
            secondary={{ to: "/contact", label: "Contact Us" }}
          />
        </div>
      </section>
    </div>
  );
}
