// What the orders screens check before sending, mirroring the API's own rules so an admin hears
// about a mistake at once; the API still checks everything and its field errors are shown too.
import { z } from "zod";
import { formatMinor } from "~/lib/format";
import { penceFromPounds } from "~/lib/money-input";

/**
 * The API's tracking number rule (order.Ship): trimmed and upper-cased, 4–40 letters, digits,
 * spaces or hyphens, starting and ending with a letter or digit.
 */
export const trackingNumberSchema = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, "Enter the carrier's tracking number.")
      .regex(
        /^[A-Z0-9][A-Z0-9 -]{2,38}[A-Z0-9]$/,
        "A tracking number is 4 to 40 letters, digits, spaces or hyphens.",
      ),
  );

/**
 * refundAmountSchema checks a partial refund's amount, typed in pounds, against what can still be
 * refunded (in pence) and gives the pence to send: more than nothing, at most the refundable.
 */
export function refundAmountSchema(refundable: number) {
  return z.string().transform((value, ctx) => {
    const pence = penceFromPounds(value);
    if (pence === null) {
      ctx.addIssue({ code: "custom", message: "Enter an amount in pounds, e.g. 12.50." });
      return z.NEVER;
    }
    if (pence <= 0) {
      ctx.addIssue({ code: "custom", message: "A refund must be more than £0.00." });
      return z.NEVER;
    }
    if (pence > refundable) {
      ctx.addIssue({ code: "custom", message: `At most ${formatMinor(refundable)} can be refunded.` });
      return z.NEVER;
    }
    return pence;
  });
}

/** The reason given for a refund or a cancellation, for the timeline and the customer's e-mail. */
export const reasonSchema = z.string().trim().max(500, "Keep the reason under 500 characters.");

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * londonMidnight is the instant a calendar day ("2026-11-27") starts in London, as the ISO time
 * the API takes; "" for anything that is not a day. London is UTC or UTC+1, and at midnight UTC
 * a day's London clock reads 00:00 or 01:00, which gives the offset of that midnight.
 */
export function londonMidnight(day: string): string {
  const m = dayPattern.exec(day);
  if (!m) return "";
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(utc)) return "";
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(
      new Date(utc),
    ),
  );
  return new Date(utc - hour * 3_600_000).toISOString();
}
