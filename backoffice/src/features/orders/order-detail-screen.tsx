import { Link, useLocation, useParams } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/lib/format";
import { OrderActions } from "./order-actions";
import { statusLabel, statusTone } from "./order-model";
import {
  OrderAddressesSection,
  OrderDeliverySection,
  OrderLinesSection,
  OrderPaymentSection,
  OrderRefundsSection,
  OrderTimelineSection,
} from "./order-sections";
import { useOrder } from "./orders-api";
import "./orders.css";

/**
 * OrderDetailScreen is one order: what was bought, where it goes, its payment, refunds and
 * timeline, and the moves the API allows it now.
 */
export default function OrderDetailScreen() {
  const { orderId = "" } = useParams();
  const back = `/orders${listSearchOf(useLocation().state)}`;
  const query = useOrder(orderId);
  const order = query.data;
  if (query.isPending) return <LoadingState label="Loading the order" />;
  if (!order) {
    return (
      <>
        <p>
          <Link to={back}>All orders</Link>
        </p>
        <ErrorState
          error={query.error ?? new Error("The order could not be loaded.")}
          onRetry={() => query.refetch()}
        />
      </>
    );
  }
  const reload = () => {
    void query.refetch();
  };
  return (
    <div className="order-detail">
      <p className="order-detail__back">
        <Link to={back}>All orders</Link>
      </p>
      <PageHeader
        title={`Order ${order.number}`}
        description={
          <>
            <StatusBadge tone={statusTone(order.status)}>{statusLabel(order.status)}</StatusBadge> Placed{" "}
            {formatDateTime(order.created_at)} · {order.item_count ?? 0} item
            {order.item_count === 1 ? "" : "s"}
          </>
        }
        actions={<OrderActions order={order} onReload={reload} />}
      />
      {query.isRefetchError ? <ErrorState error={query.error} onRetry={reload} /> : null}
      <div className="order-detail__grid">
        <div className="order-detail__main">
          <OrderLinesSection order={order} />
          <OrderRefundsSection order={order} />
          <OrderTimelineSection order={order} />
        </div>
        <div className="order-detail__side">
          <OrderPaymentSection order={order} />
          <OrderDeliverySection order={order} />
          <OrderAddressesSection order={order} />
        </div>
      </div>
    </div>
  );
}

/** listSearchOf is the list's query the order was opened from (see the list's number links), if any. */
function listSearchOf(state: unknown): string {
  if (typeof state !== "object" || state === null || !("listSearch" in state)) return "";
  const search = state.listSearch;
  return typeof search === "string" && search.startsWith("?") ? search : "";
}
