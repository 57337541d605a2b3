// The order summary beside the cart: every amount as the API priced it, the standard delivery
// charge (or Free), the VAT included, the total, and the ways on.
import { ButtonLinks } from "~/components/ui/button-links";
import { Totals } from "~/components/ui/totals";
import { type CartView, cartBlocksCheckout, hasUnavailableLines } from "~/lib/models/cart";
import { deliveryPriceText, sentenceAmount } from "~/lib/models/content";
import type { Price } from "~/lib/models/money";

export function CartSummary({ cart }: { cart: CartView }) {
  const { delivery } = cart;
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className="cart-summary__heading">
        Order Summary
      </h2>
      <Totals
        className="cart-summary__rows"
        totalClassName="cart-summary__total"
        itemCount={cart.itemCount}
        subtotal={cart.subtotal}
        deliveryName={delivery?.name ?? null}
        deliveryText={delivery ? deliveryPriceText(delivery.price) : "Calculated at checkout"}
        deliveryNote={
          delivery?.freeOver && (
            <DeliveryNote name={delivery.name} price={delivery.price} freeOver={delivery.freeOver} />
          )
        }
        vatIncluded={cart.vatIncluded}
        total={cart.total}
      />
      {/* Some product left the shop: checkout refuses the cart until its line is removed. */}
      {hasUnavailableLines(cart) && (
        <p className="cart-summary__blocked" role="note">
          Some items are no longer available. Please remove them from your bag to check out.
        </p>
      )}
      {/* Some line asks for more than the stock: checkout will refuse the cart as it stands. */}
      {cartBlocksCheckout(cart) && (
        <p className="cart-summary__blocked" role="note">
          Some items are no longer available in the quantity you chose. Please adjust them before checking
          out.
        </p>
      )}
      <ButtonLinks
        as="div"
        className="cart-summary__actions"
        primary={{ to: "/checkout", label: "Proceed to Checkout" }}
        secondary={{ to: "/shop", label: "Continue Shopping" }}
      />
    </section>
  );
}

function DeliveryNote({ name, price, freeOver }: { name: string; price: Price; freeOver: Price }) {
  const option = name.toLowerCase();
  return (
    <dd className="cart-summary__note">
      {price.pence === 0
        ? `Your order qualifies for free ${option} delivery.`
        : `Free ${option} delivery on orders over ${sentenceAmount(freeOver)}`}
    </dd>
  );
}
