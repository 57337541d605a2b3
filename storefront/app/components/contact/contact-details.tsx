// The shop's address, e-mail and phone (from the store settings), its opening hours and a drawn
// map panel linking to OpenStreetMap.
import type { ContactDetailsView } from "~/lib/models/contact-details";
import { telHref } from "~/lib/models/contact-details";
import { MapPanel } from "./map-panel";

/** Opening hours (PRODUCT §2, contact); the shop keeps UK time. */
const businessHours = [
  { days: "Monday – Friday", hours: "9:00 – 18:00" },
  { days: "Saturday", hours: "10:00 – 16:00" },
  { days: "Sunday", hours: "Closed" },
];

export function ContactDetails({ details }: { details: ContactDetailsView | null }) {
  return (
    <div className="contact-details">
      <section aria-labelledby="contact-details-heading" className="contact-details__block">
        <h2 id="contact-details-heading">Contact Details</h2>
        {details ? (
          <dl className="contact-details__list">
            <div>
              <dt>Visit us</dt>
              <dd>
                <address>
                  {details.addressLines.map((line) => (
                    <span key={line} className="contact-details__line">
                      {line}
                    </span>
                  ))}
                </address>
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${details.email}`}>{details.email}</a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telHref(details.phone)}>{details.phone}</a>
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">
            Our address and telephone number are briefly unavailable. The form on this page always reaches us.
          </p>
        )}
      </section>
      <section aria-labelledby="contact-hours-heading" className="contact-details__block">
        <h2 id="contact-hours-heading">Business Hours</h2>
        <dl className="contact-hours">
          {businessHours.map((row) => (
            <div key={row.days}>
              <dt>{row.days}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="muted contact-hours__zone">All times are GMT.</p>
      </section>
      {details && (
        <MapPanel addressLines={details.addressLines} storeName={details.storeName} mapUrl={details.mapUrl} />
      )}
    </div>
  );
}
