import { Totals } from "~/components/ui/totals";
import type { OrderView } from "~/lib/models/orders";

/** The order's amounts as the API fixed them when it was placed. */
export function OrderTotals({
  order,
}: {
  order: Pick<OrderView, "itemCount" | "subtotal" | "delivery" | "vatIncluded" | "total">;
}) {
  const { delivery } = order;
  return (
    <Totals
      className="order-totals"
      itemCount={order.itemCount}
      subtotal={order.subtotal}
      deliveryName={delivery?.name ?? null}
      deliveryText={!delivery ? "—" : delivery.price.pence === 0 ? "Free" : delivery.price.formatted}
      vatIncluded={order.vatIncluded}
      total={order.total}
    />
  );
}
