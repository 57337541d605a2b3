// The amounts block every order summary ends with — cart, checkout and placed order: subtotal,
// delivery, the VAT included and the total, each as the API priced it.
import type { ReactNode } from "react";
import type { Price } from "~/lib/models/money";
import { itemsText } from "~/lib/models/orders";

type Props = {
  itemCount: number;
  subtotal: Price;
  /** The delivery option's name, or null when there is none (yet). */
  deliveryName: string | null;
  /** What delivery costs ("Free", "£4.95") or why it has no price yet. */
  deliveryText: string;
  /** A note beneath the delivery row (a <dd>: "Free delivery on orders over …"). */
  deliveryNote?: ReactNode;
  vatIncluded: Price;
  total: Price;
  /** The block's class; its total row gets `${className}__total` (or `totalClassName`). */
  className: string;
  totalClassName?: string;
};

export function Totals({
  itemCount,
  subtotal,
  deliveryName,
  deliveryText,
  deliveryNote,
  vatIncluded,
  total,
  className,
  totalClassName,
}: Props) {
  return (
    <dl className={`totals ${className}`}>
      <div>
        <dt>Subtotal ({itemsText(itemCount)})</dt>
        <dd>{subtotal.formatted}</dd>
      </div>
      <div>
        <dt>{deliveryName ? `Delivery (${deliveryName})` : "Delivery"}</dt>
        <dd>{deliveryText}</dd>
        {deliveryNote}
      </div>
      <div>
        <dt>VAT included</dt>
        <dd>{vatIncluded.formatted}</dd>
      </div>
      <div className={`totals__total ${totalClassName ?? `${className}__total`}`}>
        <dt>Total</dt>
        <dd>{total.formatted}</dd>
      </div>
    </dl>
  );
}
