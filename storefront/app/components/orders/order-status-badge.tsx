import type { OrderStatusKey } from "~/lib/models/orders";

/** An order's status as a small label; its colour follows the status, its words say it. */
export function OrderStatusBadge({ status, label }: { status: OrderStatusKey; label: string }) {
  return <span className={`order-status order-status--${status.replaceAll("_", "-")}`}>{label}</span>;
}
