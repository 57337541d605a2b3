// Stripe.js for the checkout page only (ARCHITECTURE §3): loaded on demand from js.stripe.com
// through @stripe/stripe-js's `pure` entry (which, unlike the main entry, adds nothing to a page
// merely by being imported), with a time limit — a shop whose card form never appears must say
// so, not spin forever. The confirmation step is a plain function so it can be tested with a
// stand-in Stripe object.
import type { PaymentIntentResult, Stripe, StripeElements } from "@stripe/stripe-js";
import { checkoutText } from "./models/checkout";

/** How long Stripe.js may take to load before the page says the payment system is not ready. */
export const stripeLoadTimeoutMs = 10_000;

export type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

const loadFromStripe: LoadStripe = async (publishableKey) => {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  return loadStripe(publishableKey, { locale: "en-GB" });
};

/**
 * Stripe.js, or a rejection when it could not be loaded within `timeoutMs` (blocked, offline,
 * or the script never answered).
 */
export function loadStripeWithTimeout(
  publishableKey: string,
  timeoutMs = stripeLoadTimeoutMs,
  load: LoadStripe = loadFromStripe,
): Promise<Stripe> {
  return new Promise<Stripe>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Stripe.js did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load(publishableKey).then(
      (stripe) => {
        clearTimeout(timer);
        if (stripe) resolve(stripe);
        else reject(new Error("Stripe.js is not available here"));
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export type PaymentOutcome = { ok: true } | { ok: false; message: string };

/** Only these kinds of Stripe error are worded for shoppers; anything else gets our own words. */
const shopperFacingErrors = new Set(["card_error", "validation_error"]);

function outcomeOf(result: PaymentIntentResult): PaymentOutcome {
  if (result.error) {
    const { type, message } = result.error;
    return {
      ok: false,
      message: shopperFacingErrors.has(type) && message ? message : checkoutText.paymentFailed,
    };
  }
  const status = result.paymentIntent?.status;
  // "processing": Stripe has it and will tell the shop by webhook; the success page waits for it.
  if (status === "succeeded" || status === "processing") return { ok: true };
  return { ok: false, message: checkoutText.paymentStatus(status ?? "unknown") };
}

/** Checks the Payment Element is complete (and collects wallet data) before an order is placed. */
export async function submitPaymentElement(elements: StripeElements): Promise<PaymentOutcome> {
  const { error } = await elements.submit();
  if (error) return { ok: false, message: error.message || checkoutText.paymentFailed };
  return { ok: true };
}

/**
 * Confirms the order's PaymentIntent with the card in the Payment Element. Cards that need no
 * further step are settled in the page (`redirect: "if_required"`); a bank's check (3-D Secure)
 * may take the shopper away and back to `returnUrl`, the payment success page.
 */
export async function confirmStripePayment(
  stripe: Stripe,
  elements: StripeElements,
  clientSecret: string,
  returnUrl: string,
): Promise<PaymentOutcome> {
  try {
    const result = await stripe.confirmPayment({
      elements,
      clientSecret,
      redirect: "if_required",
      confirmParams: { return_url: returnUrl },
    });
    return outcomeOf(result);
  } catch (err) {
    console.error("checkout: Stripe could not confirm the payment", err);
    return { ok: false, message: checkoutText.paymentFailed };
  }
}
