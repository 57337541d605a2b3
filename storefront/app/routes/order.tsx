// One order: number, date, status with its timeline, the products, delivery (with the parcel's
// tracking once shipped) and signature, addresses and amounts. It opens for the customer who
// placed it and for a guest holding its access token — kept in the orders cookie at checkout, or
// brought by the confirmation e-mail's link (`?token=…`), which is checked, kept in the cookie, and
// taken out of the address bar at once (so it stays out of history, bookmarks and Referer
// headers). Anyone else gets the 404 page.
import { data, Link, redirect } from "react-router";
import { AddressBlock } from "~/components/orders/address-block";
import { OrderLines } from "~/components/orders/order-lines";
import { OrderShipment } from "~/components/orders/order-shipment";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { OrderTotals } from "~/components/orders/order-totals";
import { StatusTimeline } from "~/components/orders/status-timeline";
import { CarrierMark } from "~/components/ui/carrier-mark";
import { toOrderView } from "~/lib/models/orders";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { orderTokenPattern, rememberOrderToken } from "~/lib/server/order-access.server";
import { loadOrder, notFound } from "~/lib/server/orders.server";
import { sessionAccount } from "~/lib/server/session.server";
import "~/styles/pages/orders.css";
import type { Route } from "./+types/order";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const client = api(context);
  const token = url.searchParams.get("token");
  if (token !== null) {
    if (!orderTokenPattern.test(token)) notFound();
    await loadOrder(client, request, params.orderId, token);
    url.searchParams.delete("token");
    const headers = new Headers({ "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" });
    const cookie = rememberOrderToken(request, params.orderId, token);
    if (cookie) headers.append("Set-Cookie", cookie);
    throw redirect(url.pathname + url.search, { headers });
  }
  const order = await loadOrder(client, request, params.orderId);
  return data(
    { order: toOrderView(order), signedIn: sessionAccount(context) !== null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Order ${loaderData.order.number}` : "Your Order",
    description: "The details and status of your Atelier London order.",
    origin: originFrom(matches),
    path: loaderData ? `/orders/${loaderData.order.id}` : "/orders",
    noindex: true,
  });
}

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  const { order, signedIn } = loaderData;
  const { delivery } = order;
  return (
    <article className="page order-page" aria-labelledby="order-heading">
      <header className="order-page__header">
        <p className="eyebrow">{signedIn ? <Link to="/orders">Your Orders</Link> : "Your Order"}</p>
        <h1 id="order-heading">
          Order <span className="order-number">{order.number}</span>
        </h1>
        <p className="order-page__meta">
          {order.placedOn && (
            <span>
              Placed on <time dateTime={order.placedAtIso}>{order.placedOn}</time>
            </span>
          )}
          <OrderStatusBadge status={order.status} label={order.statusLabel} />
        </p>
        {order.status === "payment_failed" && order.paymentError && (
          <p className="alert alert--error order-page__payment-error">Payment failed: {order.paymentError}</p>
        )}
      </header>

      <div className="order-layout">
        {/* First in reading order (its status is what a shopper comes for); beside the items on wide screens. */}
        <aside className="order-layout__aside" aria-labelledby="order-status-heading">
          <section className="order-panel">
            <h2 id="order-status-heading">Status</h2>
            <StatusTimeline steps={order.history} />
            {order.email && (
              <p className="order-panel__email muted">Updates are e-mailed to {order.email}.</p>
            )}
          </section>
          <p className="order-page__help">
            A question about this order? <Link to="/contact">Contact us</Link> with its number.
          </p>
        </aside>

        <div className="order-layout__main">
          <section className="order-section" aria-labelledby="order-items-heading">
            <h2 id="order-items-heading">Items</h2>
            <OrderLines lines={order.lines} />
            <OrderTotals order={order} />
          </section>

          <section className="order-section" aria-labelledby="order-delivery-heading">
            <h2 id="order-delivery-heading">Delivery</h2>
            {delivery ? (
              <div className="order-delivery">
                <span className="order-delivery__mark">
                  <CarrierMark carrier={delivery.carrier} />
                </span>
                <div>
                  <p className="order-delivery__name">{delivery.name}</p>
                  <p className="muted">
                    {delivery.carrier} · {delivery.estimatedDelivery}
                  </p>
                </div>
                <p className="order-delivery__price">
                  {delivery.price.pence === 0 ? "Free" : delivery.price.formatted}
                </p>
              </div>
            ) : (
              <p className="muted">No delivery option recorded.</p>
            )}
            {order.shipment && <OrderShipment shipment={order.shipment} />}
            <p className="order-signature">
              {order.requiresSignature
                ? "Signature required on delivery"
                : "No signature required: the carrier may leave it in a safe place"}
            </p>
            <div className="order-addresses">
              <div>
                <h3>Shipping address</h3>
                {order.shippingAddress ? (
                  <AddressBlock address={order.shippingAddress} />
                ) : (
                  <p className="muted">—</p>
                )}
              </div>
              <div>
                <h3>Billing address</h3>
                {order.billingAddress ? (
                  <AddressBlock address={order.billingAddress} />
                ) : (
                  <p>Same as shipping address</p>
                )}
              </div>
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}
