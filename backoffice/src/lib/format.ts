// How the back office writes money, dates and counts: en-GB, the shop's time zone (London),
// the same as the storefront and the e-mails.
import type { components } from "./api/schema.gen";

type Money = components["schemas"]["atelier.type.v1.Money"];

const zone = "Europe/London";

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** pence returns a Money's amount in minor units as a number (the API sends int64 as a string). */
export function minorUnits(m: Money | undefined): number {
  return Number(m?.minor_units ?? 0);
}

/** formatMinor writes an amount in minor units, e.g. 4250 → "£42.50". */
export function formatMinor(minor: number, currency = "GBP"): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    moneyFormats.set(currency, f);
  }
  return f.format(minor / 100);
}

/** formatMoney writes an API Money, e.g. {minor_units: "4250", currency_code: "GBP"} → "£42.50". */
export function formatMoney(m: Money | undefined): string {
  return formatMinor(minorUnits(m), m?.currency_code || "GBP");
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: zone,
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: zone });
const dayShort = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: zone });

/** formatDateTime writes an instant in London time, e.g. "27 Nov 2026, 17:40". */
export function formatDateTime(iso: string | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : "";
}

/** formatDate writes an instant's day in London, e.g. "27 Nov 2026". */
export function formatDate(iso: string | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : "";
}

/** formatDay writes a calendar day ("2026-11-27") shortly, e.g. "27 Nov". */
export function formatDay(day: string): string {
  return dayShort.format(new Date(`${day}T12:00:00Z`));
}

const count = new Intl.NumberFormat("en-GB");

/** formatCount writes a whole number with thousands separators; int64 strings are accepted. */
export function formatCount(n: number | string | undefined): string {
  return count.format(Number(n ?? 0));
}
