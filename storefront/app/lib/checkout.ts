// The checkout form: its fields, the rules the page checks once hydrated and the route action
// checks on every post (the API enforces them again), the texts those checks answer with
// (PRODUCT §2, checkout), and the delivery quote the order summary shows for the option chosen.
// Runs in both the browser and the server.
import type { CartView } from "./cart";
import { isEmailAddress, maxEmailLength } from "./email";
import { formatPence, type Price } from "./money";

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
  totalChanged: (total: string) => `Your cart or its prices changed: your order now comes to ${total}. Please check the summary and pay again.`,
} as const;

export const addressParts = ["firstName", "lastName", "address1", "address2", "city", "region", "postcode", "country"] as const;
export type AddressPart = (typeof addressParts)[number];
export type AddressValues = Record<AddressPart, string>;

/** The address parts a shopper must give (address line 2 and the county are optional). */
export const requiredAddressParts: readonly AddressPart[] = ["firstName", "lastName", "address1", "city", "postcode", "country"];

export type CardField = "cardNumber" | "cardExpiry" | "cardCvc";
export type CheckoutField = "email" | `shipping.${AddressPart}` | `billing.${AddressPart}` | "deliveryOption" | CardField;

export type CheckoutValues = {
  email: string;
  shipping: AddressValues;
  billingSame: boolean;
  billing: AddressValues;
  deliveryOption: string;
  requiresSignature: boolean;
};

/** The values a refused form is shown again with: everything but the card. */
export type CheckoutFormValues = CheckoutValues;

export type CardValues = { number: string; expiry: string; cvc: string };

function text(form: FormData, name: string, max = 200): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

function readAddress(form: FormData, prefix: "shipping" | "billing"): AddressValues {
  const values = {} as AddressValues;
  for (const part of addressParts) values[part] = text(form, `${prefix}.${part}`);
  values.country = values.country.toUpperCase();
  return values;
}

export function emptyAddress(country = "GB"): AddressValues {
  return { firstName: "", lastName: "", address1: "", address2: "", city: "", region: "", postcode: "", country };
}

/** The checkout form's values (trimmed) as posted. Unticked checkboxes are simply absent. */
export function readCheckoutForm(form: FormData): CheckoutValues {
  return {
    email: text(form, "email", maxEmailLength + 1),
    shipping: readAddress(form, "shipping"),
    billingSame: form.get("billingSame") === "on",
    billing: readAddress(form, "billing"),
    deliveryOption: text(form, "deliveryOption", 64),
    requiresSignature: form.get("requiresSignature") === "on",
  };
}

export function readCard(form: FormData): CardValues {
  return { number: text(form, "cardNumber", 40), expiry: text(form, "cardExpiry", 20), cvc: text(form, "cardCvc", 8) };
}

export type CheckoutProblem = { message: string; fields: CheckoutField[] };

/**
 * The first problem with the form, and the fields it concerns; null when it may be sent. Guests
 * give an e-mail address; signed-in shoppers' orders use the account's.
 */
export function validateCheckout(v: CheckoutValues, opts: { guest: boolean }): CheckoutProblem | null {
  const missing: CheckoutField[] = [];
  if (opts.guest && !v.email) missing.push("email");
  for (const part of requiredAddressParts) if (!v.shipping[part]) missing.push(`shipping.${part}`);
  if (!v.billingSame) for (const part of requiredAddressParts) if (!v.billing[part]) missing.push(`billing.${part}`);
  if (missing.length > 0) return { message: checkoutText.requiredFields, fields: missing };
  if (opts.guest && !isEmailAddress(v.email)) return { message: checkoutText.invalidEmail, fields: ["email"] };
  if (!v.deliveryOption) return { message: checkoutText.deliveryRequired, fields: ["deliveryOption"] };
  return null;
}

/** The card's expiry as typed ("MM / YY", "MM/YY", "MMYY", "MM / YYYY"), or null when incomplete. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(raw) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(raw);
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/**
 * Only what is plainly incomplete is caught here, before an order is placed; whether a number is
 * correct, a date in the past or the card declined is the payment provider's to say.
 */
export function validateCard(card: CardValues): CheckoutProblem | null {
  if (card.number.replace(/\D/g, "").length === 0) return { message: checkoutText.cardNumberIncomplete, fields: ["cardNumber"] };
  if (!parseExpiry(card.expiry)) return { message: checkoutText.expiryIncomplete, fields: ["cardExpiry"] };
  if (!/^\d{3,4}$/.test(card.cvc)) return { message: checkoutText.cvcIncomplete, fields: ["cardCvc"] };
  return null;
}

const apiAddressParts: Record<string, AddressPart> = {
  first_name: "firstName",
  last_name: "lastName",
  address_line1: "address1",
  address_line2: "address2",
  city: "city",
  region: "region",
  postcode: "postcode",
  country_code: "country",
};

/** The form field an API refusal names in its ErrorInfo `field` ("shipping_address.postcode"…). */
export function formFieldOf(apiField: string | undefined): CheckoutField | null {
  if (!apiField) return null;
  if (apiField === "email") return "email";
  if (apiField === "delivery_option_code") return "deliveryOption";
  if (apiField === "card_number") return "cardNumber";
  if (apiField === "exp_month" || apiField === "exp_year") return "cardExpiry";
  if (apiField === "cvc") return "cardCvc";
  const [address, part] = apiField.split(".");
  const formPart = part ? apiAddressParts[part] : undefined;
  if (formPart && address === "shipping_address") return `shipping.${formPart}`;
  if (formPart && address === "billing_address") return `billing.${formPart}`;
  return null;
}

export function isCardField(field: CheckoutField): field is CardField {
  return field === "cardNumber" || field === "cardExpiry" || field === "cardCvc";
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
export function checkoutQuote(withoutDelivery: CheckoutQuote, option: DeliveryChoice | undefined): CheckoutQuote {
  return option ? { delivery: option.charge, total: option.total, vatIncluded: option.vatIncluded } : withoutDelivery;
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
export type CheckoutPlaced = { ok: true; orderId: string; clientSecret: string; returnUrl: string; idempotencyKey: string };

export type CheckoutActionData = CheckoutFailure | CheckoutPlaced;

