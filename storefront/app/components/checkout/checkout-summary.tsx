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
 */
export function CheckoutSummary({ cart, deliveryName, quote }: Props) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading">
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
          Some items are no longer available. <Link to="/cart">Remove them from your bag</Link> to place your
          order.
        </p>
      )}
      <Totals
        className="checkout-summary__rows"
        totalClassName="checkout-summary__total"
        itemCount={cart.itemCount}
        subtotal={cart.subtotal}
        deliveryName={deliveryName}
        deliveryText={
          !deliveryName ? "Choose an option" : quote.delivery.pence === 0 ? "Free" : quote.delivery.formatted
        }
        vatIncluded={quote.vatIncluded}
        total={quote.total}
      />
    </aside>
  );
}
