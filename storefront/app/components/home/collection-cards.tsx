// One card per brand collection, each with a still life of the house and leading to the shop
// filtered by that brand.
import { Link } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { type CollectionCard, productCountText } from "./home-data";
import { SectionUnavailable } from "./section-unavailable";

/** Two cards side by side from 1024 px, one a row below. */
const cardSizes = "(max-width: 1023px) 100vw, 620px";

export function CollectionCards({ collections }: { collections: readonly CollectionCard[] | null }) {
  return (
    <section className="section home-band collections" aria-labelledby="collections-heading">
      <div className="section__header">
        <p className="eyebrow">Two Houses</p>
        <h2 id="collections-heading">Our Collections</h2>
      </div>
      {collections && collections.length > 0 ? (
        <ul className="collections__list">
          {collections.map((c) => (
            <li key={c.name} className="collection-card">
              <div className="collection-card__media">
                <ProductImage image={c.picture ?? undefined} name={c.name} sizes={cardSizes} />
              </div>
              <div className="collection-card__body">
                <p className="collection-card__count">{productCountText(c.productCount)}</p>
                <h3 className="collection-card__name">{c.name}</h3>
                <Link to={c.href} className="button button--primary">
                  Shop {c.name}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <SectionUnavailable subject="Our collections" />
      )}
    </section>
  );
}
