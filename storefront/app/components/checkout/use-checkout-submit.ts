// How the checkout form is sent. Before hydration the browser posts it and the action answers with
// the page (or the success page). Once hydrated the same rules the action applies are checked
// first; then, in test payment mode, React Router posts the form (the action places the order,
// pays with the test card and redirects); in Stripe mode a fetcher asks the action for the order
// and its client secret, and Stripe.js confirms the payment in the page.
import { type FormEvent, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { usePendingSubmission } from "~/lib/hooks/use-pending-submission";
import {
  type CheckoutActionData,
  type CheckoutProblem,
  checkoutProblem,
  checkoutText,
  type PaymentSetup,
} from "~/lib/models/checkout";
import type { StripeController } from "./stripe-card-field";

type Options = {
  payment: PaymentSetup;
  guest: boolean;
  /** The last answer of a posted form (test mode, or without JavaScript). */
  actionData: CheckoutActionData | undefined;
  stripe: RefObject<StripeController | null>;
  /** The key the loader made for this page. */
  loaderKey: string;
};

export type ShownProblem = CheckoutProblem & { cartProblem?: boolean };

export function useCheckoutSubmit({ payment, guest, actionData, stripe, loaderKey }: Options) {
  const hydrated = useHydrated();
  const navigating = usePendingSubmission("/checkout");
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout" });
  const navigate = useNavigate();
  const [clientProblem, setClientProblem] = useState<ShownProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const handled = useRef<CheckoutActionData | undefined>(undefined);

  const serverAnswer = payment.mode === "stripe" ? fetcher.data : actionData;
  const pending = navigating || fetcher.state !== "idle" || confirming;
  // One object per answer, so the same refusal twice is still announced (and focused) twice.
  const serverProblem = useMemo<ShownProblem | null>(
    () =>
      serverAnswer && !serverAnswer.ok
        ? { message: serverAnswer.error, fields: serverAnswer.fields, cartProblem: serverAnswer.cartProblem }
        : null,
    [serverAnswer],
  );
  const problem = clientProblem ?? (pending ? null : serverProblem);
  const idempotencyKey = serverAnswer?.idempotencyKey ?? loaderKey;

  // Stripe mode: the action placed the order; Stripe.js confirms its payment.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) return;
    const control = stripe.current;
    if (!control) {
      setClientProblem({ message: checkoutText.paymentNotReady, fields: [] });
      return;
    }
    setConfirming(true);
    void control.confirm(answer.clientSecret, answer.returnUrl).then((outcome) => {
      if (outcome.ok) {
        void navigate(`/payment-success?${new URLSearchParams({ order_id: answer.orderId })}`);
        return;
      }
      setConfirming(false);
      setClientProblem({ message: outcome.message, fields: ["cardNumber"] });
    });
  }, [fetcher.state, fetcher.data, navigate, stripe]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    if (pending || payment.mode === "unavailable") {
      e.preventDefault();
      if (payment.mode === "unavailable")
        setClientProblem({ message: checkoutText.paymentNotReady, fields: [] });
      return;
    }
    const form = new FormData(e.currentTarget);
    const found = checkoutProblem(form, { guest, card: payment.mode === "test" });
    if (found) {
      e.preventDefault();
      setClientProblem({ ...found });
      return;
    }
    setClientProblem(null);
    if (payment.mode !== "stripe") return; // React Router posts the form.

    e.preventDefault();
    const control = stripe.current;
    if (!control) {
      setClientProblem({ message: checkoutText.paymentNotReady, fields: [] });
      return;
    }
    setConfirming(true);
    void control.submit().then((checked) => {
      setConfirming(false);
      if (!checked.ok) {
        setClientProblem({ message: checked.message, fields: ["cardNumber"] });
        return;
      }
      form.set("intent", "checkout");
      void fetcher.submit(form, { method: "post", action: "/checkout" });
    });
  };

  return { hydrated, pending, problem, idempotencyKey, onSubmit };
}
