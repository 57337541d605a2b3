// The newsletter sign-up as the home page's action answers it, shared by server and browser.

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string; email: string };

export const newsletterInvalidEmail = "Please enter a valid email address.";
export const newsletterUnavailable = "We could not sign you up just now. Please try again in a moment.";

export function newsletterThanks(email: string): string {
  return `Thank you for subscribing! We'll send our news to ${email}.`;
}

// Deliberately loose: the API has the final word; this only catches what is plainly not an address.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email);
}
