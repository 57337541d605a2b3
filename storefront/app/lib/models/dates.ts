// Dates as the shop writes them everywhere — content pages, orders, the status page's neighbours —
// in the British long form ("12 May 2025"), on London's calendar (the shop's own time zone, as in
// its e-mails), so every server writes the same day whatever its own zone.
const shopTimeZone = "Europe/London";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: shopTimeZone,
});

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: shopTimeZone,
});

function toDate(when: Date | string): Date | null {
  const date = typeof when === "string" ? new Date(when) : when;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 May 2025"; "" for an unreadable date. */
export function longDate(when: Date | string): string {
  const date = toDate(when);
  return date ? dateFormat.format(date) : "";
}

/** "12 May 2025 at 14:05" (London time); "" for an unreadable date. */
export function longDateTime(when: Date | string): string {
  const date = toDate(when);
  return date ? dateTimeFormat.format(date) : "";
}
