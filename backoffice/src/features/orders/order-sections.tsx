import { Alert } from "~/components/ui/alert";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime, formatMoney, minorUnits } from "~/lib/format";
import { type AdminOrder, type OrderAddress, paymentState, refundStatus } from "./order-model";
import "./order-sections.css";

// The order detail's sections, each a panel with its heading, reading only the order it is given
// so the screen and the stories render them alike.

/** OrderLinesSection lists what was bought, as it was sold, with the order's totals. */
export function OrderLinesSection({ order }: { order: AdminOrder }) {
  const lines = order.lines ?? [];
  return (
    <section className="panel order-section" aria-labelledby="order-lines">
      <h2 id="order-lines">Items</h2>
      <table className="order-lines">
        <caption className="visually-hidden">Items of order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.product_id}>
              <td className="order-lines__name">{line.name}</td>
              <td>{line.sku || "—"}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatMoney(line.unit_price)}</td>
              <td className="num">{formatMoney(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(order.subtotal)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{minorUnits(order.delivery?.price) === 0 ? "Free" : formatMoney(order.delivery?.price)}</dd>
        </div>
        <div>
          <dt>VAT included</dt>
          <dd>{formatMoney(order.vat_included)}</dd>
        </div>
        <div className="order-totals__total">
          <dt>Total</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Address({ address }: { address: OrderAddress }) {
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(" "),
    address.address_line1,
    address.address_line2,
    address.city,
    address.region,
    address.postcode,
    address.country_code,
  ].filter(Boolean);
  return (
    <address className="order-address">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines never reorder
        <span key={i}>{l}</span>
      ))}
    </address>
  );
}

/** OrderAddressesSection shows where the order goes and who pays (billing only when it differs). */
export function OrderAddressesSection({ order }: { order: AdminOrder }) {
  return (
    <section className="panel order-section" aria-labelledby="order-addresses">
      <h2 id="order-addresses">Addresses</h2>
      <div className="order-section__columns">
        <div>
          <h3>Shipping</h3>
          {order.shipping_address ? <Address address={order.shipping_address} /> : <p>None given.</p>}
        </div>
        <div>
          <h3>Billing</h3>
          {order.billing_address ? <Address address={order.billing_address} /> : <p>Same as shipping.</p>}
        </div>
      </div>
      <p className="order-section__note">
        E-mail: <a href={`mailto:${order.email}`}>{order.email}</a>
        {order.account_id ? "" : " (guest)"}
      </p>
    </section>
  );
}

/** OrderDeliverySection shows the delivery option as it was placed, and the parcel once shipped. */
export function OrderDeliverySection({ order }: { order: AdminOrder }) {
  const d = order.delivery;
  const t = order.tracking;
  return (
    <section className="panel order-section" aria-labelledby="order-delivery">
      <h2 id="order-delivery">Delivery</h2>
      <dl className="order-facts">
        <div>
          <dt>Option</dt>
          <dd>{d?.name || "—"}</dd>
        </div>
        <div>
          <dt>Carrier</dt>
          <dd>{d?.carrier || "—"}</dd>
        </div>
        <div>
          <dt>Estimate</dt>
          <dd>{d?.estimated_delivery || "—"}</dd>
        </div>
        <div>
          <dt>Charged</dt>
          <dd>{formatMoney(d?.price)}</dd>
        </div>
        <div>
          <dt>Signature</dt>
          <dd>{order.requires_signature ? "Required" : "Not required"}</dd>
        </div>
      </dl>
      <h3>Shipment</h3>
      {t?.tracking_number ? (
        <dl className="order-facts">
          <div>
            <dt>Carrier</dt>
            <dd>{t.carrier || "—"}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd>
              {t.tracking_url ? (
                <a href={t.tracking_url} target="_blank" rel="noreferrer">
                  {t.tracking_number}
                  <span className="visually-hidden"> (tracking page, opens in a new tab)</span>
                </a>
              ) : (
                t.tracking_number
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="order-section__note">Not shipped yet.</p>
      )}
    </section>
  );
}

/** OrderPaymentSection shows the card payment as the provider and the shop see it. */
export function OrderPaymentSection({ order }: { order: AdminOrder }) {
  const p = order.payment;
  if (!p) {
    return (
      <section className="panel order-section" aria-labelledby="order-payment">
        <h2 id="order-payment">Payment</h2>
        <p className="order-section__note">No payment has been made yet.</p>
      </section>
    );
  }
  const state = paymentState(p.state);
  const pending = minorUnits(p.refund_pending);
  return (
    <section className="panel order-section" aria-labelledby="order-payment">
      <h2 id="order-payment">Payment</h2>
      {pending > 0 ? (
        <Alert tone="warning">
          Refund of {formatMoney(p.refund_pending)} pending with the payment provider.
        </Alert>
      ) : null}
      <dl className="order-facts">
        <div>
          <dt>State</dt>
          <dd>
            <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
          </dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>
            {p.provider || "—"}
            {p.status ? ` · ${p.status.replaceAll("_", " ")}` : ""}
          </dd>
        </div>
        <div>
          <dt>Captured</dt>
          <dd>{formatMoney(p.captured)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatMoney(p.refunded)}</dd>
        </div>
        <div>
          <dt>Refund pending</dt>
          <dd>{formatMoney(p.refund_pending)}</dd>
        </div>
        <div>
          <dt>Can still refund</dt>
          <dd>{formatMoney(order.refundable)}</dd>
        </div>
      </dl>
      {p.intent_id ? <p className="order-section__note order-section__mono">Payment {p.intent_id}</p> : null}
    </section>
  );
}

/** OrderRefundsSection lists every refund asked for, oldest first, pending ones included. */
export function OrderRefundsSection({ order }: { order: AdminOrder }) {
  const refunds = order.refunds ?? [];
  return (
    <section className="panel order-section" aria-labelledby="order-refunds">
      <h2 id="order-refunds">Refunds</h2>
      {refunds.length === 0 ? (
        <p className="order-section__note">No refunds.</p>
      ) : (
        <ul className="order-refunds">
          {refunds.map((r) => {
            const status = refundStatus(r.status);
            return (
              <li key={r.id}>
                <p className="order-refunds__head">
                  <strong>{formatMoney(r.amount)}</strong>
                  <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                  {r.for_cancellation ? <span>for the cancellation</span> : null}
                </p>
                {r.reason ? <p>Reason: {r.reason}</p> : null}
                {r.status === "REFUND_STATUS_FAILED" && r.failure_message ? (
                  <p className="order-refunds__failure">The provider refused it: {r.failure_message}</p>
                ) : null}
                <p className="order-section__note">
                  Asked by {r.requested_by?.display_name || "System"} on {formatDateTime(r.requested_at)}
                  {r.settled_at ? ` · settled ${formatDateTime(r.settled_at)}` : ""}
                  {r.restock?.length
                    ? ` · ${r.restock.reduce((n, l) => n + (l.quantity ?? 0), 0)} unit(s) back in stock`
                    : ""}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** OrderTimelineSection tells the order's story, oldest first: what happened, who did it, when. */
export function OrderTimelineSection({ order }: { order: AdminOrder }) {
  const entries = order.timeline ?? [];
  return (
    <section className="panel order-section" aria-labelledby="order-timeline">
      <h2 id="order-timeline">Timeline</h2>
      {entries.length === 0 ? (
        <p className="order-section__note">Nothing has happened yet.</p>
      ) : (
        <ol className="order-timeline">
          {entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
            <li key={i}>
              <p className="order-timeline__what">{e.description}</p>
              <p className="order-section__note">
                {e.actor?.account_id ? e.actor.display_name || e.actor.email : "System"} ·{" "}
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
