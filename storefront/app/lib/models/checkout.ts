// The checkout form: its fields and its schema, which the page checks once hydrated and the route
// action checks on every post (the API enforces them again), the texts those checks answer with
// (PRODUCT §2, checkout), and the delivery quote the order summary shows for the option chosen.
// Runs in both the browser and the server.

import type { OrderAddress } from "~/gen/atelier/store/v1/order_pb";
import { checkbox, type FormProblem, formInput, parseForm, required, text } from "~/lib/form-schema";
import { z } from "~/lib/zod";
import type { CartView } from "./cart";
import { isEmailAddress, maxEmailLength } from "./email";
import type { Price } from "./money";

export const checkoutText = {
  requiredFields: "Please fill in all required fields.",
  deliveryRequired: "Please select a delivery option.",
  paymentNotReady: "Payment system not ready. Please refresh the page.",
  paymentFailed: "Payment failed. Please try again.",
  paymentStatus: (status: string) => `Payment failed with status: ${status}`,
  invalidEmail: "Please enter a valid email address, like name@example.com.",
  // Card messages in the payment provider's words (Stripe's), as the API words them too.
  cardNumberIncomplete: "Your card number is incomplete.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  cvcIncomplete: "Your card's security code is incomplete.",
  keyReused: "Your details changed while your last attempt was on its way. Please check them and try again.",
  totalChanged: (total: string) =>
    `Your cart or its prices changed: your order now comes to ${total}. Please check the summary and pay again.`,
} as const;

/**
 * The address parts of the form, named as the API's OrderAddress names them (its generated field
 * names), so that a refusal naming `shipping_address.address_line1` lands on
 * `shippingAddress.addressLine1` without a map.
 */
export const addressParts = [
  "firstName",
  "lastName",
  "addressLine1",
  "addressLine2",
  "city",
  "region",
  "postcode",
  "countryCode",
] as const satisfies readonly (keyof OrderAddressFields)[];
type OrderAddressFields = Omit<OrderAddress, "$typeName" | "$unknown">;
export type AddressPart = (typeof addressParts)[number];
export type AddressValues = Record<AddressPart, string>;

/** The address parts a shopper must give (address line 2 and the county are optional). */
export const requiredAddressParts: readonly AddressPart[] = [
  "firstName",
  "lastName",
  "addressLine1",
  "city",
  "postcode",
  "countryCode",
];

export type AddressKind = "shippingAddress" | "billingAddress";
/** The card fields of test payment mode: ConfirmTestPaymentRequest's names, the expiry one field. */
export type CardField = "cardNumber" | "cardExpiry" | "cvc";
export type CheckoutField = "email" | `${AddressKind}.${AddressPart}` | "deliveryOptionCode" | CardField;

export type CheckoutValues = {
  email: string;
  shippingAddress: AddressValues;
  billingSame: boolean;
  billingAddress: AddressValues;
  deliveryOptionCode: string;
  requiresSignature: boolean;
};

/** The values a refused form is shown again with: everything but the card. */
export type CheckoutFormValues = CheckoutValues;

export type CardValues = { cardNumber: string; cardExpiry: string; cvc: string };

const cut = (max: number) => (value: string) => value.slice(0, max);

/** An object of the form ("shippingAddress"), empty when none of its fields was posted. */
const group = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess((v) => (typeof v === "object" && v !== null ? v : {}), z.object(shape));

function addressSchema(check: boolean) {
  const part = (name: AddressPart) =>
    text(
      check && requiredAddressParts.includes(name) ? required(checkoutText.requiredFields) : z.string(),
    ).transform(cut(200));
  return group({
    firstName: part("firstName"),
    lastName: part("lastName"),
    addressLine1: part("addressLine1"),
    addressLine2: part("addressLine2"),
    city: part("city"),
    region: part("region"),
    postcode: part("postcode"),
    countryCode: part("countryCode").transform((c) => c.toUpperCase()),
  });
}

/**
 * The checkout form's schema. Guests give an e-mail address; signed-in shoppers' orders use the
 * account's. The billing address is checked only when it differs from the shipping address. With
 * `check: false` it only reads the values (trimmed), to show a refused form again.
 */
export function checkoutSchema({ guest, check = true }: { guest: boolean; check?: boolean }) {
  const email =
    guest && check
      ? required(checkoutText.requiredFields).refine(isEmailAddress, checkoutText.invalidEmail)
      : z.string();
  return z
    .object({
      email: text(email).transform(cut(maxEmailLength + 1)),
      shippingAddress: addressSchema(check),
      deliveryOptionCode: text(
        check ? z.string().refine((code) => code !== "", checkoutText.deliveryRequired) : z.string(),
      ).transform(cut(64)),
      requiresSignature: checkbox(),
      billingSame: checkbox(),
      billingAddress: addressSchema(false),
    })
    .superRefine((v, ctx) => {
      if (!check || v.billingSame) return;
      for (const part of requiredAddressParts) {
        if (v.billingAddress[part]) continue;
        // A missing field, like the shipping address's (formProblem lists them together).
        ctx.addIssue({
          code: "too_small",
          origin: "string",
          minimum: 1,
          inclusive: true,
          input: "",
          path: ["billingAddress", part],
          message: checkoutText.requiredFields,
        });
      }
    });
}

export function emptyAddress(countryCode = "GB"): AddressValues {
  return {
    firstName: "",
    lastName: "",
    addressLine1: "",
    addressLine2: "",
    city: "",
    region: "",
    postcode: "",
    countryCode,
  };
}

/** The card's expiry as typed ("MM / YY", "MM/YY", "MMYY", "MM / YYYY"), or null when incomplete. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(raw) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(raw);
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/**
 * Test payment mode's card. Only what is plainly incomplete is caught here, before an order is
 * placed; whether a number is correct, a date in the past or the card declined is the payment
 * provider's to say.
 */
export const cardSchema = z.object({
  cardNumber: text(
    z.string().refine((n) => n.replace(/\D/g, "").length > 0, checkoutText.cardNumberIncomplete),
  ).transform(cut(40)),
  cardExpiry: text(
    z.string().refine((e) => parseExpiry(e.slice(0, 20)) !== null, checkoutText.expiryIncomplete),
  ).transform(cut(20)),
  cvc: text(z.string().regex(/^\d{3,4}$/, checkoutText.cvcIncomplete)),
});

export type CheckoutProblem = FormProblem<CheckoutField>;

/**
 * The first problem with the form (and the card, in test payment mode) and the fields it
 * concerns; null when it may be sent.
 */
export function checkoutProblem(
  form: FormData,
  opts: { guest: boolean; card: boolean },
): CheckoutProblem | null {
  const checked = parseForm<z.ZodType, CheckoutField>(checkoutSchema({ guest: opts.guest }), form);
  if (!checked.ok) return checked.problem;
  if (!opts.card) return null;
  const card = parseForm<typeof cardSchema, CheckoutField>(cardSchema, form);
  return card.ok ? null : card.problem;
}

/** The checkout form's values as posted (trimmed), whatever their problems. */
export function readCheckoutForm(form: FormData): CheckoutValues {
  return checkoutSchema({ guest: true, check: false }).parse(formInput(form));
}

export function isCardField(field: CheckoutField): field is CardField {
  return field === "cardNumber" || field === "cardExpiry" || field === "cvc";
}

// ---------- Delivery and the summary's totals ----------

export type DeliveryChoice = {
  code: string;
  name: string;
  carrier: string;
  estimatedDelivery: string;
  /** Orders whose subtotal is above this get the option free; null when never free (a hint). */
  freeOver: Price | null;
  /** What the option costs this cart (zero when it is free for it), as the API quoted it. */
  charge: Price;
  /** The order's total and the VAT it includes with this option, as the API quoted them. */
  total: Price;
  vatIncluded: Price;
};

export type CheckoutQuote = { delivery: Price; total: Price; vatIncluded: Price };

/**
 * What the summary shows for the option chosen: the API's quote for it (checkout charges by the
 * same rule), or before a choice the amounts without delivery. No amount is worked out here.
 */
export function checkoutQuote(
  withoutDelivery: CheckoutQuote,
  option: DeliveryChoice | undefined,
): CheckoutQuote {
  return option
    ? { delivery: option.charge, total: option.total, vatIncluded: option.vatIncluded }
    : withoutDelivery;
}

/** "Free" or "£17.35": what the option costs this order, for its radio card. */
export function deliveryChargeText(option: DeliveryChoice): string {
  return option.charge.pence === 0 ? "Free" : option.charge.formatted;
}

/** An idempotency key the API accepts: [A-Za-z0-9_-], 16 to 100 characters. */
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{16,100}$/;

// ---------- What the page and its action exchange ----------

export type PaymentSetup =
  | { mode: "test" }
  | { mode: "stripe"; publishableKey: string }
  /** The API could not say how cards are taken: the page cannot take payment now. */
  | { mode: "unavailable" };

export type Country = { code: string; name: string };

export type CheckoutPageData = {
  cart: CartView;
  /** The signed-in shopper's address (the order uses it); null for guests. */
  accountEmail: string | null;
  /** null when the API could not list them. */
  deliveryOptions: DeliveryChoice[] | null;
  /** The summary's amounts before a delivery option is chosen (the API's, like every amount). */
  withoutDelivery: CheckoutQuote;
  /** The option chosen at first: the one the cart priced its summary with. */
  defaultDelivery: string;
  countries: Country[];
  defaultCountry: string;
  payment: PaymentSetup;
  /** Names this checkout attempt (the API returns the same order for a retried submission). */
  idempotencyKey: string;
};

/**
 * A refused submission: the message shown under the card field, the fields it concerns, the
 * form's values to show again (never the card), and the key the next attempt must use.
 */
export type CheckoutFailure = {
  ok: false;
  error: string;
  fields: CheckoutField[];
  values: CheckoutFormValues;
  idempotencyKey: string;
  /** The problem is in the cart (stock): the message offers the way back to it. */
  cartProblem?: boolean;
};

/** Stripe mode: the order exists; the page confirms its payment with Stripe.js. */
export type CheckoutPlaced = {
  ok: true;
  orderId: string;
  clientSecret: string;
  returnUrl: string;
  idempotencyKey: string;
};

export type CheckoutActionData = CheckoutFailure | CheckoutPlaced;
