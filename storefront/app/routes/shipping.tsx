// Shipping & Returns: the shop's delivery and returns policy. The policy text is the shop's own
// (PRODUCT §2); only the delivery options and their prices come from the API, so a failing API
// costs the table, never the page.

import { DeliveryOptionsTable } from "~/components/content/delivery-options-table";
import { DeliveryPartners } from "~/components/content/delivery-partners";
import { InfoHeader } from "~/components/content/info-header";
import { PageContents } from "~/components/content/page-contents";
import { PolicySection } from "~/components/content/policy-section";
import { ButtonLinks } from "~/components/ui/button-links";
import { returnsWindow } from "~/lib/models/returns-policy";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { loadDeliveryOptions } from "~/lib/server/content.server";
import "~/styles/pages/content.css";
import "~/styles/pages/shipping.css";
import type { Route } from "./+types/shipping";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

const shippingPolicyUpdatedAt = "2025-05-12T00:00:00Z";

const shippingSections = [
  { id: "processing", title: "Order Processing Times" },
  { id: "signing", title: "Signing For Your Purchase" },
  { id: "delivery-options", title: "Your Delivery Options" },
  { id: "delivery-partners", title: "Our Delivery Partners" },
  { id: "restrictions", title: "Shipping Restrictions" },
  { id: "returns", title: "Returns & Exchanges" },
] as const;

const [processing, signing, deliveryOptions, deliveryPartners, restrictions, returns] = shippingSections;

export async function loader({ context }: Route.LoaderArgs) {
  return { deliveryOptions: await loadDeliveryOptions(api(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Shipping & Returns",
    description: `Same-day dispatch before 3PM GMT on weekdays, our delivery options and carriers, shipping restrictions and returns within ${returnsWindow} at Atelier London.`,
    origin: originFrom(matches),
    path: "/shipping",
  });

export default function ShippingRoute({ loaderData }: Route.ComponentProps) {
  const options = loaderData.deliveryOptions;
  return (
    <div className="page info-page shipping">
      <InfoHeader eyebrow="Customer Care" title="Shipping & Returns" updatedAt={shippingPolicyUpdatedAt}>
        <p className="lead">
          Every order is packed by hand at our Marylebone atelier and sent with carriers we trust. Here is how
          and when your parcel reaches you, and what to do if something is not quite right.
        </p>
      </InfoHeader>

      <ul className="policy-glance" aria-label="At a glance">
        <li>
          <span className="policy-glance__label">Same-day dispatch</span>
          Order before 3PM GMT, Monday to Friday
        </li>
        <li>
          <span className="policy-glance__label">Delivery</span>
          Expected in 3–5 working days
        </li>
        <li>
          <span className="policy-glance__label">Returns</span>
          Within {returnsWindow} of receipt
        </li>
      </ul>

      <div className="info-layout">
        <aside className="info-layout__aside">
          <PageContents items={shippingSections} />
        </aside>

        <div className="info-layout__body">
          <PolicySection {...processing}>
            <p>
              Every order is processed within 24 hours. Orders placed before 3PM GMT on a weekday are
              dispatched the same day; orders placed after 3PM, at the weekend or on a UK bank holiday leave
              us on the next working day.
            </p>
            <p>
              Once dispatched, delivery is expected in 3–5 working days. Each service's own estimate is listed
              under <a href={`#${deliveryOptions.id}`}>{deliveryOptions.title}</a>, and we e-mail your
              tracking link the moment your parcel is on its way.
            </p>
          </PolicySection>

          <PolicySection {...signing}>
            <p>
              Our parcels carry precious things, so you can ask for a signature on delivery at checkout. If no
              one is home to sign, the courier will leave a card and make two further delivery attempts.
            </p>
            <p>
              Should those attempts not suit you, you can reschedule delivery within 5 working days using the
              link in your shipping e-mail, choosing a new day or a safe place nearby.
            </p>
          </PolicySection>

          <PolicySection {...deliveryOptions}>
            <p>Choose your service at checkout. All prices include VAT.</p>
            <DeliveryOptionsTable options={options} />
          </PolicySection>

          <PolicySection {...deliveryPartners}>
            <p>
              We work with a small number of established carriers across the UK and Europe, each chosen for
              careful handling and reliable tracking from our door to yours.
            </p>
            <DeliveryPartners options={options} />
          </PolicySection>

          <PolicySection {...restrictions}>
            <ul className="policy-list">
              <li>
                Fragrance, nail and aerosol items are restricted by our carriers and can only be sent by
                Standard or Premium shipping. If your order includes any of them, please choose one of these
                services.
              </li>
              <li>
                We are unable to deliver to PO Box addresses; please give a street address where your parcel
                can be received.
              </li>
            </ul>
          </PolicySection>

          <PolicySection {...returns}>
            <p>
              If something is not right for you, you may return it within {returnsWindow} from receipt. Items
              should be unused and in their original packaging, and we recommend a tracked service for your
              return parcel.
            </p>
            <p>
              Once your return reaches us, we process your refund within 10 working days, either as store
              credit or to your original payment method, whichever you prefer. The original shipping cost is
              not refunded unless the item was faulty.
            </p>
            <p>
              To exchange an item, return it for a refund or store credit and place a new order for the
              product you would like; this way your new choice is sent without delay.
            </p>
          </PolicySection>

          <aside className="info-contact" aria-labelledby="shipping-help">
            <h2 id="shipping-help">Need a hand with your order?</h2>
            <p>
              Our client care team will help with deliveries, returns and anything in between. Send us your
              order number and we will take it from there.
            </p>
            <ButtonLinks
              className="info-contact__actions"
              primary={{ to: "/contact", label: "Contact Us" }}
              secondary={{ to: "/faq", label: "Read the FAQ" }}
            />
          </aside>
        </div>
      </div>
    </div>
  );
}
