import type { StoreSettings } from "~/gen/atelier/store/v1/store_settings_pb";

/** The shop's contact details as the contact page shows them. */
export type ContactDetailsView = {
  storeName: string;
  addressLines: string[];
  email: string;
  phone: string;
  /** An OpenStreetMap search for the address (no map is embedded: no third-party requests). */
  mapUrl: string;
};

export function toContactDetails(s: StoreSettings): ContactDetailsView {
  const a = s.address;
  const addressLines = [
    a?.line1,
    a?.line2,
    [a?.city, a?.postcode].filter(Boolean).join(" "),
    a?.country,
  ].filter((l): l is string => Boolean(l));
  return {
    storeName: s.storeName,
    addressLines,
    email: s.contactEmail,
    phone: s.phone,
    mapUrl: `https://www.openstreetmap.org/search?${new URLSearchParams({ query: addressLines.join(", ") })}`,
  };
}

/** A phone number as a tel: link wants it (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
