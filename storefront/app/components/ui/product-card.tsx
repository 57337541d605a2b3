// The product card of the home page, the shop (grid and list) and "You May Also Like".
import { Link } from "react-router";
import type { ProductSummary } from "~/lib/models/catalog";
import { AddToCartForm } from "./add-to-cart-form";
import { ProductImage } from "./product-image";
import { StockBadge } from "./stock-badge";

type Props = {
  product: ProductSummary;
  view?: "grid" | "list";
  /** Loads the image eagerly (first row of a page). */
  priority?: boolean;
  /** Opens the card's images in a lightbox; the image becomes a button when given. */
  onImageClick?: (product: ProductSummary) => void;
  /** Shows a Quick View button. */
  onQuickView?: (product: ProductSummary) => void;
  /** Heading level of the product name within the page. */
  headingLevel?: 2 | 3;
  /** Text of the link to the product page. */
  detailsLabel?: string;
};

const cardSizes = "(max-width: 600px) 100vw, (max-width: 1024px) 50vw, 400px";

export function ProductCard({
  product,
  view = "grid",
  priority,
  onImageClick,
  onQuickView,
  headingLevel = 3,
  detailsLabel = "View Details",
}: Props) {
  const href = `/product/${product.id}`;
  const Heading = `h${headingLevel}` as const;
  const photos = product.images.length;
  const image = (
    <ProductImage image={product.images[0]} name={product.name} sizes={cardSizes} priority={priority} />
  );

  return (
    <article className={`product-card product-card--${view}`} aria-labelledby={`product-${product.id}-name`}>
      <div className="product-card__media">
        {onImageClick && photos > 0 ? (
          <button
            type="button"
            className="product-card__image-button"
            onClick={() => onImageClick(product)}
            aria-label={
              photos > 1 ? `View ${photos} photos of ${product.name}` : `View photo of ${product.name}`
            }
          >
            {image}
          </button>
        ) : (
          <Link to={href} tabIndex={-1} aria-hidden="true">
            {image}
          </Link>
        )}
        <div className="product-card__badges">
          {photos > 1 && <span className="badge badge--photos">{photos} Photos</span>}
          <StockBadge level={product.stockLevel} />
        </div>
      </div>
      <div className="product-card__body">
        {product.category && <p className="product-card__category">{product.category}</p>}
        <Heading className="product-card__name" id={`product-${product.id}-name`}>
          <Link to={href}>{product.name}</Link>
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
          <Link to={href} className="button button--ghost" aria-label={`${detailsLabel}: ${product.name}`}>
            {detailsLabel}
          </Link>
          {onQuickView && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onQuickView(product)}
              aria-label={`Quick view of ${product.name}`}
            >
              Quick View
            </button>
          )}
          <AddToCartForm
            productId={product.id}
            productName={product.name}
            disabled={product.stockLevel === "out_of_stock"}
          />
        </div>
      </div>
    </article>
  );
}
