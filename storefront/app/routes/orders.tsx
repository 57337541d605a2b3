// Your Orders: the signed-in customer's order history, newest first (number, date, status, items,
// total), a page at a time. Guests are sent to sign in and brought back here.
import { Code } from "@connectrpc/connect";
import { data, Link, redirect } from "react-router";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { LoadFailedAlert } from "~/components/ui/error-alert";
import { itemsText, toOrderSummaryView } from "~/lib/models/orders";
import { loginHref } from "~/lib/models/sign-in-return";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { clearSessionCookie, isCode, sessionState } from "~/lib/server/session.server";
import "~/styles/pages/orders.css";
import type { Route } from "./+types/orders";

export const ordersPageSize = 20;
const pageTokenPattern = /^[A-Za-z0-9._~+/=-]{1,200}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = sessionState(context);
  if (state.unknown) throw data("We could not reach our account service just now.", { status: 503 });
  if (!state.account) {
    throw redirect(
      loginHref("/orders"),
      state.ended ? { headers: { "Set-Cookie": clearSessionCookie(request) } } : undefined,
    );
  }
  const pageParam = new URL(request.url).searchParams.get("page") ?? "";
  const pageToken = pageTokenPattern.test(pageParam) ? pageParam : "";
  try {
    const res = await api(context).orders.listOrders({ pageSize: ordersPageSize, pageToken });
    return data(
      {
        orders: res.orders.map(toOrderSummaryView),
        nextPage: res.nextPageToken || null,
        laterPage: pageToken !== "",
        loadFailed: false,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (err) {
    if (isCode(err, Code.Unauthenticated))
      throw redirect(loginHref("/orders"), { headers: { "Set-Cookie": clearSessionCookie(request) } });
    // A page token the API no longer accepts: start again from the newest.
    if (pageToken && isCode(err, Code.InvalidArgument)) throw redirect("/orders");
    console.error("orders: listing the orders failed", err);
    return data({ orders: [], nextPage: null, laterPage: false, loadFailed: true }, { status: 503 });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your Orders",
    description: "Your Atelier London orders: status, delivery and details.",
    origin: originFrom(matches),
    path: "/orders",
    noindex: true,
  });
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { orders, nextPage, laterPage, loadFailed } = loaderData;
  return (
    <section className="page orders-page" aria-labelledby="orders-heading">
      <header className="orders-page__header">
        <p className="eyebrow">
          <Link to="/account">My Account</Link>
        </p>
        <h1 id="orders-heading">Your Orders</h1>
      </header>
      {loadFailed ? (
        <LoadFailedAlert title="We could not load your orders">
          Please refresh the page in a moment.
        </LoadFailedAlert>
      ) : orders.length === 0 ? (
        <div className="orders-empty">
          <h2 className="orders-empty__heading">
            {laterPage ? "No more orders" : "You haven't placed any orders yet"}
          </h2>
          <p className="muted">When you do, you will find them here, with their status and delivery.</p>
          <Link to="/shop" className="button button--primary">
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          <ol className="order-history" aria-label="Your orders, newest first">
            {orders.map((o) => (
              <li key={o.id} className="order-card">
                <div className="order-card__main">
                  <h2 className="order-card__number">
                    <Link to={`/orders/${o.id}`} className="order-card__link">
                      Order <span className="order-number">{o.number}</span>
                    </Link>
                  </h2>
                  <p className="order-card__meta">
                    <time dateTime={o.placedAtIso}>Placed {o.placedOn}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="order-card__items">{itemsText(o.itemCount)}</span>
                  </p>
                </div>
                <OrderStatusBadge status={o.status} label={o.statusLabel} />
                <p className="order-card__total">
                  <span className="visually-hidden">Total </span>
                  {o.total.formatted}
                </p>
                {/* The whole card follows the number's link (stretched over it in CSS). */}
                <span className="order-card__view" aria-hidden="true">
                  View order →
                </span>
              </li>
            ))}
          </ol>
          {(nextPage || laterPage) && (
            <nav className="orders-pages" aria-label="More orders">
              {laterPage && <Link to="/orders">Most recent orders</Link>}
              {nextPage && (
                <Link to={`/orders?${new URLSearchParams({ page: nextPage })}`}>Older orders</Link>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
