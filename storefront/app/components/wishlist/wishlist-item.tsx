// One saved product on the wishlist page: picture, name (to the product), price, stock, Move to
// Cart and Remove. Both forms share one fetcher, so the item knows when it is being changed and
// shows a refusal (sold out meanwhile) right beside the product it concerns.
import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { ProductSummary, StockLevel } from "~/lib/models/catalog";
import type { WishlistActionResult, WishlistIntent } from "~/lib/models/wishlist";

type Props = {
  product: ProductSummary;
  /** Loads the picture eagerly (the first row is above the fold). */
  priority?: boolean;
  /** Told which change the shopper asked for, so the page can say what happened once the item leaves. */
  onSubmit?: (productId: string, intent: WishlistIntent) => void;
};

const sizes = "(max-width: 640px) 104px, (max-width: 1024px) 33vw, 280px";

function stockText(level: StockLevel, stock: number): string {
  switch (level) {
    case "out_of_stock":
      return "Out of stock";
    case "low_stock":
      return `Low stock: only ${stock} left`;
    default:
      return "In stock";
  }
}

export function WishlistItem({ product, priority, onSubmit }: Props) {
  const fetcher = useFetcher<WishlistActionResult>();
  const hydrated = useHydrated();
  const nameId = useId();
  const reasonId = useId();
  const href = `/product/${product.id}`;
  const soldOut = product.stockLevel === "out_of_stock";
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  const hidden = (intent: WishlistIntent) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={product.id} />
      {hydrated && <input type="hidden" name="enhanced" value="1" />}
    </>
  );

  return (
    <article className="wishlist-item" aria-labelledby={nameId} aria-busy={busy || undefined}>
      <Link to={href} className="wishlist-item__image" tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.images[0]} name={product.name} sizes={sizes} priority={priority} />
      </Link>
      <div className="wishlist-item__body">
        {product.category && <p className="wishlist-item__category">{product.category}</p>}
        <h2 className="wishlist-item__name" id={nameId}>
          <Link to={href}>{product.name}</Link>
        </h2>
        <p className="wishlist-item__price">{product.price.formatted}</p>
        <p className={`wishlist-item__stock wishlist-item__stock--${product.stockLevel}`}>
          {stockText(product.stockLevel, product.stock)}
        </p>
        {result && !result.ok && (
          <p className="wishlist-item__error" role="alert">
            {result.error}
          </p>
        )}
        <div className="wishlist-item__actions">
          <fetcher.Form method="post" action="/wishlist" onSubmit={() => onSubmit?.(product.id, "move")}>
            {hidden("move")}
            <button
              type="submit"
              className="button button--primary wishlist-item__move"
              disabled={soldOut || busy}
              aria-label={`Move to Cart: ${product.name}`}
              aria-describedby={soldOut ? reasonId : undefined}
            >
              {pending === "move" ? "Moving…" : "Move to Cart"}
            </button>
          </fetcher.Form>
          {soldOut && (
            <p id={reasonId} className="wishlist-item__reason">
              Sold out for now, so it cannot go in your cart. We will keep it here for you.
            </p>
          )}
          <fetcher.Form method="post" action="/wishlist" onSubmit={() => onSubmit?.(product.id, "remove")}>
            {hidden("remove")}
            <button
              type="submit"
              className="link-button wishlist-item__remove"
              aria-label={`Remove ${product.name}`}
              disabled={busy}
            >
              {pending === "remove" ? "Removing…" : "Remove"}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </article>
  );
}
