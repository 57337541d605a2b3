import type { OrderView } from "~/lib/orders";
import { itemsText } from "~/lib/orders";

/** The order's amounts as the API fixed them when it was placed. */
export function OrderTotals({ order }: { order: Pick<OrderView, "itemCount" | "subtotal" | "delivery" | "vatIncluded" | "total"> }) {
  const { delivery } = order;
  return (
    <dl className="order-totals">
      <div>
        <dt>Subtotal ({itemsText(order.itemCount)})</dt>
        <dd>{order.subtotal.formatted}</dd>
      </div>
      <div>
        <dt>{delivery ? `Delivery (${delivery.name})` : "Delivery"}</dt>
        <dd>{!delivery ? "—" : delivery.price.pence === 0 ? "Free" : delivery.price.formatted}</dd>
      </div>
      <div>
        <dt>VAT included</dt>
        <dd>{order.vatIncluded.formatted}</dd>
      </div>
      <div className="order-totals__total">
        <dt>Total</dt>
        <dd>{order.total.formatted}</dd>
      </div>
    </dl>
  );
}
