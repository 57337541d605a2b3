// The buying column: what the product is, what it costs, whether it is available, the form to
// add it to the cart, the wishlist toggle, then its features. Name, price and Add to Cart come
// first so that on a phone they follow the short gallery on the first screen; the description is
// told once, in the Description tab below.
import { useId } from "react";
import { Link } from "react-router";
import { AddToCartForm } from "~/components/ui/add-to-cart-form";
import { StockBadge } from "~/components/ui/stock-badge";
import { categoryHref, type ProductDetail } from "~/lib/models/catalog";
import { returnsWindow } from "~/lib/models/returns-policy";
import { QuantityField } from "./quantity-field";
import { WishlistToggle } from "./wishlist-toggle";

/**
 * `saved`: whether the product is in the shopper's wishlist. `freeDelivery`: the shop's
 * free-delivery promise (freeDeliveryPromise), or null to promise none.
 */
export function ProductInfo({
  product,
  saved,
  freeDelivery,
}: {
  product: ProductDetail;
  saved: boolean;
  freeDelivery: string | null;
}) {
  const soldOut = product.stockLevel === "out_of_stock";
  const nameId = useId();
  return (
    // A region named after the product, so its Add to Cart is told apart from the related products' ones.
    <section className="product-info" aria-labelledby={nameId}>
      {product.category && (
        <p className="eyebrow">
          <Link to={categoryHref(product.category)}>{product.category}</Link>
        </p>
      )}
      <h1 className="product-info__name" id={nameId}>
        {product.name}
      </h1>
      <div className="product-info__meta">
        <p className="product-info__price">{product.price.formatted}</p>
        <StockBadge level={product.stockLevel} />
      </div>
      {product.sku && <p className="product-info__sku">SKU: {product.sku}</p>}
      <AddToCartForm
        productId={product.id}
        productName={product.name}
        disabled={soldOut}
        className="product-info__buy"
      >
        {soldOut ? undefined : <QuantityField stock={product.stock} />}
      </AddToCartForm>
      {/* Out of stock is no reason not to want it: the toggle is always offered. */}
      <WishlistToggle productId={product.id} productName={product.name} saved={saved} />
      <p className="product-info__assurance">
        {freeDelivery && `${freeDelivery} · `}Returns within {returnsWindow} of receipt
      </p>
      {product.allFeatures.length > 0 && (
        <>
          <h2 className="product-info__subheading">Features</h2>
          <ul className="product-info__features">
            {product.allFeatures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
