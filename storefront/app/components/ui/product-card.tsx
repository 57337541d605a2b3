// The product card of the home page, the shop (grid and list), the classic home page and "You May
// Also Like". One quiet action: the product's name is a link stretched over the whole card, so a
// tap anywhere on it opens the product; Add to Cart and Quick View sit above that link as
// secondary, smaller actions. Quick View needs JavaScript, so it is drawn only once the page is
// hydrated, over the picture (nothing moves when it arrives); on touch screens, where a tap
// already opens the product, it is not offered.
import { Link } from "react-router";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { ProductSummary } from "~/lib/models/catalog";
import { AddToCartForm } from "./add-to-cart-form";
import { ProductImage } from "./product-image";
import { StockBadge } from "./stock-badge";

type Props = {
  product: ProductSummary;
  view?: "grid" | "list";
  /** Loads the image eagerly (first row of a page). */
  priority?: boolean;
  /** Shows a Quick View button. */
  onQuickView?: (product: ProductSummary) => void;
  /** Heading level of the product name within the page. */
  headingLevel?: 2 | 3;
};

// Two across on phones (one in the list view), up to four on wide screens.
const cardSizes = "(max-width: 699px) 50vw, (max-width: 1024px) 33vw, 400px";
const listSizes = "(max-width: 600px) 100vw, 280px";

export function ProductCard({ product, view = "grid", priority, onQuickView, headingLevel = 3 }: Props) {
  const href = `/product/${product.id}`;
  const Heading = `h${headingLevel}` as const;
  // A list carries only the first image (the API's summary), and says how many there are.
  const photos = product.imageCount;
  const hydrated = useHydrated();

  return (
    <article className={`product-card product-card--${view}`} aria-labelledby={`product-${product.id}-name`}>
      <div className="product-card__media">
        <ProductImage
          image={product.images[0]}
          name={product.name}
          sizes={view === "list" ? listSizes : cardSizes}
          priority={priority}
        />
        <div className="product-card__badges">
          {photos > 1 && <span className="badge badge--photos">{photos} Photos</span>}
          <StockBadge level={product.stockLevel} />
        </div>
        {onQuickView && hydrated && (
          <button
            type="button"
            className="product-card__quick-view"
            onClick={() => onQuickView(product)}
            aria-label={`Quick view of ${product.name}`}
          >
            Quick View
          </button>
        )}
      </div>
      <div className="product-card__body">
        {product.category && <p className="product-card__category">{product.category}</p>}
        <Heading className="product-card__name" id={`product-${product.id}-name`}>
          <Link to={href} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__price">{product.price.formatted}</p>
        {view === "list" && (
          <>
            <p className="product-card__description">{product.description}</p>
            {product.features.length > 0 && (
              <ul className="tags" aria-label="Features">
                {product.features.map((f) => (
                  <li key={f} className="tag">
                    {f}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <div className="product-card__actions">
          <AddToCartForm
            productId={product.id}
            productName={product.name}
            disabled={product.stockLevel === "out_of_stock"}
            className="product-card__add"
          />
        </div>
      </div>
    </article>
  );
}
