// The checkout form beside its order summary: contact, shipping address, delivery, billing and
// payment, as numbered steps. A real <form> posting to the checkout action, so it works before
// JavaScript loads; once hydrated it is checked first and sent as useCheckoutSubmit describes.
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { CardMarks } from "~/components/ui/card-marks";
import { TextField } from "~/components/ui/field";
import { LineIcon } from "~/components/ui/line-icon";
import {
  type CheckoutActionData,
  type CheckoutPageData,
  checkoutQuote,
  checkoutText,
  emptyAddress,
  isCardField,
} from "~/lib/models/checkout";
import { maxEmailLength } from "~/lib/models/email";
import { AddressFields } from "./address-fields";
import { CheckoutStep } from "./checkout-step";
import { CheckoutSummary } from "./checkout-summary";
import { DeliveryChoices } from "./delivery-choices";
import { checkoutErrorId, checkoutField, fieldStates } from "./field-state";
import { PaymentError } from "./payment-error";
import { StripeCardField, type StripeController } from "./stripe-card-field";
import { TestCardFields } from "./test-card-fields";
import { useCheckoutSubmit } from "./use-checkout-submit";

type Props = {
  page: CheckoutPageData;
  actionData: CheckoutActionData | undefined;
};

const cardFields = ["cardNumber", "cardExpiry", "cvc"];

export function CheckoutForm({ page, actionData }: Props) {
  const { payment, cart } = page;
  const guest = page.accountEmail === null;
  const stripe = useRef<StripeController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const { hydrated, pending, problem, idempotencyKey, onSubmit } = useCheckoutSubmit({
    payment,
    guest,
    actionData,
    stripe,
    loaderKey: page.idempotencyKey,
  });

  // A refused form comes back with what was typed (never the card).
  const values = actionData && !actionData.ok ? actionData.values : null;
  const [delivery, setDelivery] = useState(values?.deliveryOptionCode || page.defaultDelivery);
  const option = page.deliveryOptions?.find((o) => o.code === delivery);
  const quote = checkoutQuote(page.withoutDelivery, option);
  // Without JavaScript the first field in error takes the focus as the page loads.
  const states = fieldStates(problem, { autoFocusFirst: !hydrated });
  // What both address blocks (shipping, billing) take besides their own kind and values.
  const addressForm = { countries: page.countries, states };

  // Once hydrated, a problem moves the focus to the first field it names, else to the message.
  useEffect(() => {
    if (!problem || !hydrated) return;
    const first = problem.fields[0];
    const form = formRef.current;
    const field =
      first === "deliveryOptionCode"
        ? (form?.querySelector<HTMLInputElement>('input[name="deliveryOptionCode"]:checked') ??
          form?.querySelector<HTMLInputElement>('input[name="deliveryOptionCode"]'))
        : first
          ? form?.querySelector<HTMLElement>(`[name="${first}"]`)
          : null;
    (field ?? errorRef.current)?.focus();
  }, [problem, hydrated]);

  // The card is never kept once the server refused it (as after a post without JavaScript).
  useEffect(() => {
    if (!actionData || actionData.ok || !actionData.fields.some(isCardField)) return;
    for (const name of cardFields) {
      const input = formRef.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [actionData]);

  const shipping = values?.shippingAddress ?? emptyAddress(page.defaultCountry);
  const billing = values?.billingAddress ?? emptyAddress(page.defaultCountry);
  const payLabel = hydrated && option ? `Pay ${quote.total.formatted}` : "Place Order";
  // Stripe's card form needs JavaScript: until the page is hydrated there is nothing to pay with.
  const cannotPay = payment.mode === "unavailable" || (payment.mode === "stripe" && !hydrated);

  return (
    <div className="checkout-layout">
      <Form
        ref={formRef}
        method="post"
        action="/checkout"
        className="checkout-form"
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="intent" value={payment.mode === "stripe" ? "checkout" : "pay"} />

        <CheckoutStep number={1} title="Contact">
          {/* A guest types the address; a signed-in shopper's is their account's, shown read-only. */}
          <TextField
            {...checkoutField}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            {...(guest
              ? {
                  maxLength: maxEmailLength,
                  defaultValue: values?.email,
                  hint: "Your order confirmation is sent here.",
                  ...states("email", "Email"),
                }
              : {
                  defaultValue: page.accountEmail ?? "",
                  readOnly: true,
                  hint: "You are signed in: your order confirmation is sent to your account's address.",
                })}
          />
        </CheckoutStep>

        <CheckoutStep number={2} title="Shipping address">
          <AddressFields kind="shippingAddress" values={shipping} {...addressForm} />
        </CheckoutStep>

        <DeliveryChoices
          step={3}
          options={page.deliveryOptions}
          selected={delivery}
          onSelect={setDelivery}
          state={states("deliveryOptionCode", "Delivery option")}
        >
          <label className="checkout-check">
            <input
              type="checkbox"
              name="requiresSignature"
              defaultChecked={values ? values.requiresSignature : true}
              aria-describedby="signature-hint"
            />
            <span>Requires signature</span>
          </label>
          <p id="signature-hint" className="field-hint muted checkout-check__hint">
            Someone signs for your parcel on delivery. Untick it to let the carrier leave it in a safe place.
          </p>
        </DeliveryChoices>

        <CheckoutStep number={4} title="Billing address">
          <label className="checkout-check">
            <input type="checkbox" name="billingSame" defaultChecked={values ? values.billingSame : true} />
            <span>Billing address same as shipping</span>
          </label>
          {/* Shown while the box is unticked (CSS :has, so it needs no script); without :has support
              it always shows, and the action ignores it while the box is ticked. */}
          <div className="billing-fields">
            <AddressFields kind="billingAddress" values={billing} {...addressForm} />
          </div>
        </CheckoutStep>

        <CheckoutStep
          number={5}
          title="Payment"
          aside={payment.mode === "test" ? <span className="test-mode">Test mode</span> : undefined}
        >
          {payment.mode === "test" && <TestCardFields states={states} />}
          {payment.mode === "stripe" &&
            (hydrated ? (
              <StripeCardField
                publishableKey={payment.publishableKey}
                amount={quote.total.pence}
                controller={stripe}
              />
            ) : (
              <noscript>
                <p className="alert alert--error">
                  Card payment needs JavaScript. Please turn it on in your browser to pay.
                </p>
              </noscript>
            ))}
          {payment.mode === "unavailable" && (
            <p className="alert alert--error checkout-payment__status">{checkoutText.paymentNotReady}</p>
          )}
          <PaymentError
            ref={errorRef}
            id={checkoutErrorId}
            message={problem?.message}
            cartProblem={problem?.cartProblem}
          />
          <button
            type="submit"
            className="button button--primary checkout-form__submit"
            disabled={pending || cannotPay}
            aria-busy={pending || undefined}
          >
            {pending ? "Processing Payment..." : payLabel}
          </button>
          <CardMarks className="checkout-form__cards" />
          <p className="checkout-form__secure muted">
            <LockIcon /> Your payment is encrypted and processed securely. We never store your card details.
          </p>
          <p className="checkout-form__back">
            <Link to="/cart">Return to cart</Link>
          </p>
        </CheckoutStep>
      </Form>
      <CheckoutSummary cart={cart} deliveryName={option?.name ?? null} quote={quote} />
    </div>
  );
}

function LockIcon() {
  return (
    <LineIcon className="checkout-form__lock" size={14} box={16} strokeWidth={1.2}>
      <rect x="3" y="7" width="10" height="8" rx="1" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
    </LineIcon>
  );
}
