import { Link } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { Totals } from "~/components/ui/totals";
import { type CartView, hasUnavailableLines, unavailableText } from "~/lib/models/cart";
import type { CheckoutQuote } from "~/lib/models/checkout";

type Props = {
  cart: CartView;
  /** The delivery option chosen, or null when none is. */
  deliveryName: string | null;
  quote: CheckoutQuote;
};

/**
 * The order summary beside the checkout form: the cart's lines as the API priced them, and the
 * delivery, VAT and total for the option chosen (the order itself is priced by the API). A line
 * whose product has left the shop is muted, unpriced, and sends the shopper back to the bag.
 * On phones and tablets it is a <details> that starts folded, its summary line showing the total,
 * so the form's first field is on the first screen; on wide screens the stylesheet always shows
 * its content (and hides the summary line) beside the form, where it stays in view (sticky).
 */
export function CheckoutSummary({ cart, deliveryName, quote }: Props) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading">
      <details className="checkout-summary__fold">
        <summary className="checkout-summary__toggle">
          <span className="checkout-summary__toggle-label">
            Order summary{" "}
            <span className="checkout-summary__toggle-count">
              ({cart.itemCount} {cart.itemCount === 1 ? "item" : "items"})
            </span>
          </span>
          <span className="checkout-summary__toggle-total">
            <span className="visually-hidden">, total </span>
            {quote.total.formatted}
          </span>
        </summary>
        <h2 id="checkout-summary-heading" className="checkout-summary__heading">
          Order Summary
        </h2>
        <ul className="checkout-summary__lines" aria-label="Items in your order">
          {cart.lines.map((line) => (
            <li
              key={line.product.id}
              className={line.unavailable ? "summary-line summary-line--unavailable" : "summary-line"}
            >
              <span className="summary-line__image">
                <ProductImage
                  image={line.product.images[0]}
                  name={line.product.name}
                  sizes="64px"
                  className={line.unavailable ? "product-image--gone" : ""}
                />
                <span className="summary-line__quantity" aria-hidden="true">
                  {line.quantity}
                </span>
              </span>
              <span className="summary-line__text">
                <span className="summary-line__name">{line.product.name}</span>
                <span className="summary-line__meta">
                  {line.unavailable
                    ? `${unavailableText} · Quantity ${line.quantity}`
                    : `Quantity ${line.quantity} · ${line.unitPrice.formatted} each`}
                </span>
              </span>
              <span className="summary-line__total">
                {line.unavailable ? <span aria-hidden="true">—</span> : line.lineTotal.formatted}
              </span>
            </li>
          ))}
        </ul>
        {hasUnavailableLines(cart) && (
          <p className="checkout-summary__blocked" role="note">
            Some items are no longer available. <Link to="/cart">Remove them from your bag</Link> to place
            your order.
          </p>
        )}
        <Totals
          className="checkout-summary__rows"
          totalClassName="checkout-summary__total"
          itemCount={cart.itemCount}
          subtotal={cart.subtotal}
          deliveryName={deliveryName}
          deliveryText={
            !deliveryName
              ? "Choose an option"
              : quote.delivery.pence === 0
                ? "Free"
                : quote.delivery.formatted
          }
          vatIncluded={quote.vatIncluded}
          total={quote.total}
        />
      </details>
    </aside>
  );
}
