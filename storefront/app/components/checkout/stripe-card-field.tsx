// Stripe mode: the Payment Element (cards and a wallet) in the checkout's payment step. Stripe.js
// is fetched only here, once the page has hydrated, with a time limit; the form's submit handler
// reaches the element through `controller` to check it, and later to confirm the order's payment.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { type RefObject, useEffect, useState } from "react";
import { checkoutText } from "~/lib/models/checkout";
import {
  confirmStripePayment,
  type LoadStripe,
  loadStripeWithTimeout,
  type PaymentOutcome,
  stripeLoadTimeoutMs,
  submitPaymentElement,
} from "~/lib/stripe";

/** What the form needs from the Payment Element once it is ready. */
export type StripeController = {
  submit: () => Promise<PaymentOutcome>;
  confirm: (clientSecret: string, returnUrl: string) => Promise<PaymentOutcome>;
};

type Props = {
  publishableKey: string;
  /** The amount to show in wallets (pence); the PaymentIntent's own amount is the API's. */
  amount: number;
  controller: RefObject<StripeController | null>;
  /** For tests: how Stripe.js is fetched, and how long it may take. */
  load?: LoadStripe;
  timeoutMs?: number;
};

type LoadState = { status: "loading" } | { status: "ready"; stripe: Stripe } | { status: "failed" };

export function StripeCardField({
  publishableKey,
  amount,
  controller,
  load,
  timeoutMs = stripeLoadTimeoutMs,
}: Props) {
  const [state, setState] = useState<LoadState>({ status: "loading" });

  // Loading a third-party script is an effect of showing this field, not data for the page.
  useEffect(() => {
    let live = true;
    loadStripeWithTimeout(publishableKey, timeoutMs, load).then(
      (stripe) => live && setState({ status: "ready", stripe }),
      (err: unknown) => {
        console.error("checkout: Stripe.js could not be loaded", err);
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, timeoutMs, load]);

  if (state.status === "failed") {
    return (
      <p className="alert alert--error checkout-payment__status" role="alert">
        {checkoutText.paymentNotReady}
      </p>
    );
  }
  if (state.status === "loading") {
    return (
      <p className="checkout-payment__status muted" role="status">
        Loading the secure card form…
      </p>
    );
  }
  return (
    <Elements
      stripe={state.stripe}
      options={{
        mode: "payment",
        amount,
        currency: "gbp",
        appearance: {
          theme: "flat",
          variables: {
            colorPrimary: "#1f1b17",
            colorText: "#1f1b17",
            colorDanger: "#9b2c2c",
            borderRadius: "2px",
          },
        },
      }}
    >
      <PaymentElement options={{ layout: "tabs" }} />
      <ControllerBridge controller={controller} />
    </Elements>
  );
}

/** Hands the form the ready Stripe object and elements, and takes them back when they go. */
function ControllerBridge({ controller }: { controller: RefObject<StripeController | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    controller.current = {
      submit: () => submitPaymentElement(elements),
      confirm: (clientSecret, returnUrl) => confirmStripePayment(stripe, elements, clientSecret, returnUrl),
    };
    return () => {
      controller.current = null;
    };
  }, [stripe, elements, controller]);
  return null;
}
