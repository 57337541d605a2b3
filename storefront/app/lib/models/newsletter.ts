// The newsletter sign-up as the home page's action answers it, shared by server and browser.

import { text } from "~/lib/form-schema";
import { isEmailAddress } from "~/lib/models/email";
import { z } from "~/lib/zod";

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string; email: string };

export const newsletterInvalidEmail = "Please enter a valid email address.";
export const newsletterUnavailable = "We could not sign you up just now. Please try again in a moment.";

/** Double opt-in: nothing is sent until the address confirms, so the answer says where to look. */
export function newsletterThanks(email: string): string {
  return `Almost there! We've sent a confirmation link to ${email}. Please open it to complete your subscription.`;
}

/** The sign-up box's one field. */
export const newsletterSchema = z.object({
  email: text(z.string().refine(isEmailAddress, newsletterInvalidEmail)),
});
