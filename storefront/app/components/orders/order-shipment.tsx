import { LineIcon } from "~/components/ui/line-icon";
import type { ShipmentView } from "~/lib/models/orders";

/**
 * A shipped order's parcel: its carrier and tracking number, and the way to the carrier's tracking
 * page when the shop knows it. The link leaves the shop in the same tab; its accessible name says
 * whose site it opens, since "Track your parcel" alone reads as a page of ours.
 */
export function OrderShipment({ shipment }: { shipment: ShipmentView }) {
  const { carrier, trackingNumber, trackingUrl } = shipment;
  return (
    <div className="order-shipment">
      <h3>Your parcel</h3>
      <dl className="order-shipment__facts">
        {carrier && (
          <div>
            <dt>Carrier</dt>
            <dd>{carrier}</dd>
          </div>
        )}
        <div>
          <dt>Tracking number</dt>
          <dd className="order-shipment__number">{trackingNumber}</dd>
        </div>
      </dl>
      {trackingUrl && (
        <p className="order-shipment__track">
          <a href={trackingUrl} rel="noopener noreferrer">
            Track your parcel{" "}
            <span className="visually-hidden">on {carrier ? `the ${carrier}` : "the carrier's"} website</span>
            <LineIcon size={14} className="order-shipment__arrow">
              <path d="M7 17 17 7M9 7h8v8" />
            </LineIcon>
          </a>
        </p>
      )}
    </div>
  );
}
