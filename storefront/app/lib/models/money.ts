// Formatting of server-computed amounts. The storefront never does arithmetic on money: every
// price and total arrives from the API in integer minor units and is only formatted here.
import type { Money } from "~/gen/atelier/type/v1/money_pb";

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    formatters.set(currency, f);
  }
  return f;
}

/** £24.99 from 2499 pence. Minor units are divided only for display. */
export function formatPence(pence: number, currency = "GBP"): string {
  return formatter(currency).format(pence / 100);
}

export type Price = {
  /** Integer minor units, for sorting, sliders and structured data. */
  pence: number;
  currency: string;
  /** Ready to show, e.g. "£24.99". */
  formatted: string;
};

export function toPrice(m: Money | undefined): Price {
  const pence = m ? Number(m.minorUnits) : 0;
  const currency = m?.currencyCode || "GBP";
  return { pence, currency, formatted: formatPence(pence, currency) };
}
