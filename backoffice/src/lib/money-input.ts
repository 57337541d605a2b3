// Amounts typed by an admin are pounds ("42.50", "£1,200", "4.5"); the API takes integer pence.
// Read with string arithmetic, so 4.95 never becomes 494.99999 pence. One reading for every
// form (product prices, delivery prices, the free-delivery threshold, refunds).

/** penceFromPounds reads "42.50" (or "£42.5", "1,200") as 4250; null when it is not an amount. */
export function penceFromPounds(text: string): number | null {
  const s = text.trim().replace(/^£/, "").replaceAll(",", "");
  // At most 12 digits of pounds: every such amount is an exact number of pence.
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** poundsFromPence writes minor units (4250 or the API's "4250") as "42.50", for an input. */
export function poundsFromPence(minor: number | string | undefined): string {
  const n = Number(minor ?? 0);
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
}
