// Prices are typed in pounds ("4.95") and sent in pence as the API's int64 string ("495"):
// string arithmetic, so 4.95 never becomes 494.99999 pence.

/** poundsPattern is a pounds amount an admin may type: whole pounds, or pounds and one or two pence digits. */
export const poundsPattern = /^\d{1,7}(\.\d{1,2})?$/;

/** toPence turns "4.95" into 495 (and "4.5" into 450); the text must match poundsPattern. */
export function toPence(pounds: string): number {
  const [whole = "0", frac = ""] = pounds.trim().split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** toPounds writes minor units ("495" or 495) as "4.95" for an input. */
export function toPounds(minor: string | number | undefined): string {
  const n = Number(minor ?? 0);
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
}
