// biome-ignore-all lint/a11y/noRedundantRoles: at phone widths the stylesheet restyles the table (display: block), which strips its implicit roles in some browsers; the explicit roles keep it a table.
import { Link } from "react-router";
import { CarrierMark } from "~/components/ui/carrier-mark";
import type { DeliveryOptionView } from "~/lib/models/content";

type Props = {
  /** null: the API could not list them. */
  options: DeliveryOptionView[] | null;
};

/** The table's columns, in order; on phones each cell names its column itself (data-label). */
const columns = ["Service", "Carrier", "Estimated delivery", "Price"];

/**
 * The delivery services with their carrier, promise and price. Below 640px each row is laid out
 * as a card; the explicit table roles keep the table's semantics once CSS changes its display.
 */
export function DeliveryOptionsTable({ options }: Props) {
  if (!options) {
    return (
      <p className="delivery-options__notice" role="status">
        Our delivery options cannot be shown just now. Every available service and its price is listed at
        checkout, or please <Link to="/contact">contact us</Link> and we will gladly help.
      </p>
    );
  }
  if (options.length === 0) {
    return (
      <p className="delivery-options__notice">
        Delivery options will be listed here shortly; every available service is shown at checkout.
      </p>
    );
  }
  return (
    <table className="delivery-options" role="table">
      <caption className="visually-hidden">Delivery options, prices including VAT</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((name) => (
            <th key={name} role="columnheader" scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {options.map((o) => (
          <tr role="row" key={o.code}>
            <th role="rowheader" scope="row" className="delivery-options__name">
              {o.name}
            </th>
            <td role="cell" data-label="Carrier">
              <span className="delivery-options__carrier">
                <CarrierMark carrier={o.carrier} />
                {o.carrier}
              </span>
            </td>
            <td role="cell" data-label="Estimated delivery">
              {o.estimatedDelivery}
            </td>
            <td role="cell" data-label="Price" className="delivery-options__price">
              <div>
                <span className="delivery-options__amount">{o.price}</span>
                {o.freeOverText && <span className="delivery-options__free">{o.freeOverText}</span>}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
