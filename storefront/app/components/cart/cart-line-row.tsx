// biome-ignore-all lint/a11y/noRedundantRoles: at phone widths the stylesheet restyles the table (display: block), which strips its implicit roles in some browsers; the explicit roles keep it a table.
// One product in the cart table: picture, name, remove, unit price, quantity and line total.
// Its quantity and remove forms share one fetcher, so the row knows when it is being changed
// and can show a refused change right beside the product it concerns. A line whose product has
// left the shop is muted and says so instead of a price; it has no quantity control and no link
// (its page is gone), only Remove, which posts a plain form before JavaScript too.
import { useEffect, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { toastDurationMs } from "~/components/ui/toast";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { type CartActionResult, type CartLineView, unavailableText } from "~/lib/models/cart";
import { QuantityForm } from "./quantity-form";

type Props = {
  line: CartLineView;
  /** Loads the picture eagerly (the first rows are above the fold). */
  priority?: boolean;
};

export function CartLineRow({ line, priority }: Props) {
  const { product } = line;
  const fetcher = useFetcher<CartActionResult>();
  const hydrated = useHydrated();
  const warningId = useId();
  const href = `/product/${product.id}`;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  // A change of quantity is confirmed in its own line, not by a toast: a toast would float over the
  // order summary just as its totals change. The note goes after a few seconds.
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    if (!(result?.ok && result.intent === "update")) return;
    setUpdated(true);
    const timer = setTimeout(() => setUpdated(false), toastDurationMs);
    return () => clearTimeout(timer);
    // Each result is announced once: fetcher.data changes identity per submission.
  }, [result]);

  const { unavailable } = line;
  const picture = (
    <ProductImage
      image={product.images[0]}
      name={product.name}
      sizes="96px"
      priority={priority}
      className={unavailable ? "product-image--gone" : ""}
    />
  );
  return (
    <tr
      className={unavailable ? "cart-line cart-line--unavailable" : "cart-line"}
      role="row"
      aria-busy={busy || undefined}
    >
      <td className="cart-line__image" role="cell">
        {unavailable ? (
          <span className="cart-line__picture">{picture}</span>
        ) : (
          <Link to={href} tabIndex={-1} aria-hidden="true" className="cart-line__picture">
            {picture}
          </Link>
        )}
      </td>
      <td className="cart-line__product" role="cell">
        {product.category && <p className="cart-line__category">{product.category}</p>}
        {unavailable ? (
          <span className="cart-line__name">{product.name}</span>
        ) : (
          <Link to={href} className="cart-line__name">
            {product.name}
          </Link>
        )}
        {unavailable && (
          <p className="cart-line__unavailable">
            <strong>{unavailableText}.</strong> Please remove it from your bag to check out.
          </p>
        )}
        {line.exceedsStock && <StockWarning id={warningId} name={product.name} stock={product.stock} />}
        {result && !result.ok && (
          <p className="cart-line__error" role="alert">
            {result.error}
          </p>
        )}
        <fetcher.Form method="post" action="/cart" className="cart-line__remove">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={product.id} />
          {hydrated && <input type="hidden" name="enhanced" value="1" />}
          <button type="submit" className="link-button" aria-label={`Remove ${product.name}`} disabled={busy}>
            Remove
          </button>
        </fetcher.Form>
      </td>
      <td className="cart-line__price" role="cell" data-label="Price">
        {unavailable ? <NoPrice /> : line.unitPrice.formatted}
      </td>
      <td className="cart-line__quantity" role="cell" data-label="Quantity">
        {unavailable ? (
          line.quantity
        ) : (
          <QuantityForm
            line={line}
            fetcher={fetcher}
            hydrated={hydrated}
            describedBy={line.exceedsStock ? warningId : undefined}
          />
        )}
        {!unavailable && (
          <p className="cart-line__note" aria-live="polite">
            {updated && (
              <>
                Updated<span className="visually-hidden">: quantity of {product.name}</span>
              </>
            )}
          </p>
        )}
      </td>
      <td className="cart-line__total" role="cell" data-label="Total">
        {unavailable ? <NoPrice /> : line.lineTotal.formatted}
      </td>
    </tr>
  );
}

/** An unavailable line's price and total: a dash, read out as what it means. */
function NoPrice() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{unavailableText}</span>
    </>
  );
}

/** Shown when the stock has fallen below the quantity since the product was added. */
function StockWarning({ id, name, stock }: { id: string; name: string; stock: number }) {
  return (
    <p id={id} className="cart-line__warning">
      <span aria-hidden="true" className="cart-line__warning-icon">
        !
      </span>{" "}
      {stock > 0
        ? `Only ${stock} of ${name} ${stock === 1 ? "is" : "are"} in stock. Please lower the quantity to check out.`
        : `${name} is now out of stock. Please remove it to check out.`}
    </p>
  );
}
