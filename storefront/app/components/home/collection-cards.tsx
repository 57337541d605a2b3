// One card per brand collection, each leading to the shop filtered by that brand.
import { Link } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { type CollectionCard, productCountText } from "./home-data";
import { SectionUnavailable } from "./section-unavailable";

const cardSizes = "(max-width: 767px) 100vw, 600px";

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
            <li key={c.name} className="collection-card split">
              <div className="split__inner">
                <div className="split__media">
                  <ProductImage
                    image={c.picture?.image}
                    name={c.picture?.productName ?? c.name}
                    sizes={cardSizes}
                  />
                </div>
                <div className="split__body collection-card__body">
                  <p className="collection-card__count">{productCountText(c.productCount)}</p>
                  <h3 className="collection-card__name">{c.name}</h3>
                  <Link to={c.href} className="button button--primary">
                    Shop {c.name}
                  </Link>
                </div>
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
