// Payment success (PRODUCT §2): thank-you with the order number and the order's real status, read
// from the API — never assumed from the browser's side of the payment. While the payment awaits
// confirmation the page checks again every 2 s (a meta refresh without JavaScript) and, after about
// a minute, stops with a calm word. An unknown or inaccessible order is the 404 page.
import { data, Link, redirect } from "react-router";
import { maxPolls, pollIntervalMs, useOrderPolling } from "~/components/orders/use-order-polling";
import { isPaidStatus, type OrderView, statusSentences, toOrderView } from "~/lib/models/orders";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { requireCheckoutCsp } from "~/lib/server/csp.server";
import { loadOrder } from "~/lib/server/orders.server";
import { sessionAccount } from "~/lib/server/session.server";
import "~/styles/pages/orders.css";
import { LineIcon } from "~/components/ui/line-icon";
import type { Route } from "./+types/payment-success";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireCheckoutCsp(context, []);
  const url = new URL(request.url);
  // Stripe comes back from a redirect-based payment (3-D Secure, wallets) with the PaymentIntent's
  // client secret in the query: move on at once to the plain URL, so it stays out of the address
  // bar, the history and any Referer.
  if (url.searchParams.has("payment_intent_client_secret") || url.searchParams.has("payment_intent")) {
    const clean = `/payment-success?${new URLSearchParams({ order_id: url.searchParams.get("order_id") ?? "" })}`;
    throw redirect(clean, {
      headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" },
    });
  }
  const order = await loadOrder(api(context), request, url.searchParams.get("order_id") ?? "");
  requireCheckoutCsp(
    context,
    order.lines.map((l) => l.imageUrl),
  );
  // Without JavaScript the page refreshes itself while pending; `check` counts those visits.
  const check = Math.min(Math.max(0, Math.trunc(Number(url.searchParams.get("check")) || 0)), maxPolls);
  return data(
    { order: toOrderView(order), signedIn: sessionAccount(context) !== null, check },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Thank You for Your Order",
    description: "Your Atelier London order has been placed.",
    origin: originFrom(matches),
    path: "/payment-success",
    noindex: true,
  });
}

export default function PaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  const { order, check } = loaderData;
  const pending = order.status === "pending_payment";
  const { gaveUp } = useOrderPolling(pending);
  // An order that was paid and later cancelled by the shop is not a failed payment: its own page
  // and the shop's e-mail say what happens to the money.
  const wasPaid = order.history.some((h) => h.status === "paid");
  const failed = !wasPaid && (order.status === "payment_failed" || order.status === "cancelled");
  const refresh = `${Math.round(pollIntervalMs / 1000)};url=/payment-success?${new URLSearchParams({ order_id: order.id, check: String(check + 1) })}`;

  return (
    <section className="page page--narrow success-page" aria-labelledby="success-heading">
      {pending && check < maxPolls && (
        <noscript>
          <meta httpEquiv="refresh" content={refresh} />
        </noscript>
      )}
      <div className="success-card">
        <p className="eyebrow">{failed ? "Order Not Paid" : pending ? "Order Placed" : "Order Confirmed"}</p>
        {!failed && <SuccessMark />}
        <h1 id="success-heading">
          {failed ? "Your payment did not go through" : "Thank you for your order"}
        </h1>
        <p className="success-card__number">
          Order number <strong>{order.number}</strong>
        </p>
        <StatusLine order={order} gaveUp={gaveUp || (pending && check >= maxPolls)} />
        <dl className="success-facts">
          {!failed && order.delivery?.estimatedDelivery && (
            <div>
              <dt>Estimated delivery</dt>
              {/* The chosen option's own estimate, in the words checkout and the e-mail use. */}
              <dd>
                {order.delivery.name} · {order.delivery.estimatedDelivery}
              </dd>
            </div>
          )}
          <div>
            <dt>Total</dt>
            <dd>{order.total.formatted}</dd>
          </div>
          {order.email && (
            <div>
              <dt>Confirmation to</dt>
              <dd>{order.email}</dd>
            </div>
          )}
        </dl>
        {failed ? (
          <p className="success-card__note">
            Nothing has been charged. Your cart still holds your items, so you can try again whenever you are
            ready.
          </p>
        ) : (
          <p className="success-card__note">
            {isPaidStatus(order.status)
              ? "We've e-mailed your confirmation, with a link to follow your order."
              : "Your confirmation is e-mailed as soon as the payment is confirmed."}
          </p>
        )}
        <div className="success-card__actions">
          {failed ? (
            <Link to="/checkout" className="button button--primary" reloadDocument>
              Return to Checkout
            </Link>
          ) : (
            <Link to="/shop" className="button button--primary">
              Continue Shopping
            </Link>
          )}
          <Link to="/account" className="button button--ghost">
            My Account
          </Link>
        </div>
        <p className="success-card__link">
          <Link to={`/orders/${order.id}`}>View order details</Link>
        </p>
      </div>
    </section>
  );
}

/** The order's real status in a sentence, announced when it changes (pending → paid). */
function StatusLine({ order, gaveUp }: { order: OrderView; gaveUp: boolean }) {
  const pending = order.status === "pending_payment";
  let text = statusSentences[order.status];
  if (order.status === "payment_failed" && order.paymentError)
    text = `Payment failed — ${order.paymentError}`;
  if (pending && gaveUp) {
    text =
      "Your payment is still being confirmed. There is nothing more to do: we'll e-mail you as soon as it is, and this page shows it when you return.";
  }
  return (
    <p className={`success-status success-status--${order.status.replaceAll("_", "-")}`} role="status">
      {pending && !gaveUp && <span className="success-status__spinner" aria-hidden="true" />}
      {text}
    </p>
  );
}

function SuccessMark() {
  return (
    <LineIcon className="success-mark" size={56} box={56} strokeWidth={1}>
      <circle cx="28" cy="28" r="27" />
      <path d="M18 28.5l6.5 6.5L38.5 21" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
