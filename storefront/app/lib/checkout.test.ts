import { describe, expect, it } from "vitest";
import {
  type CheckoutValues,
  checkoutQuote,
  checkoutText,
  type DeliveryChoice,
  deliveryChargeText,
  emptyAddress,
  formFieldOf,
  idempotencyKeyPattern,
  parseExpiry,
  readCard,
  readCheckoutForm,
  validateCard,
  validateCheckout,
} from "./checkout";
import { formatPence, type Price } from "./money";

const gbp = (pence: number): Price => ({ pence, currency: "GBP", formatted: formatPence(pence) });

const address = { firstName: "Iris", lastName: "Fairweather", address1: "1 Bond Street", address2: "", city: "London", region: "", postcode: "W1S 1AA", country: "GB" };

function values(over: Partial<CheckoutValues> = {}): CheckoutValues {
  return { email: "iris@example.com", shipping: { ...address }, billingSame: true, billing: emptyAddress(), deliveryOption: "standard", requiresSignature: true, ...over };
}

// As the API quotes them for a £34.00 cart (Standard charged) and a £102.00 one (Standard free).
const standard: DeliveryChoice = { code: "standard", name: "Standard", carrier: "Royal Mail", estimatedDelivery: "5–7 working days", freeOver: gbp(5000), charge: gbp(1735), total: gbp(5135), vatIncluded: gbp(856) };
const freeStandard: DeliveryChoice = { ...standard, charge: gbp(0), total: gbp(10200), vatIncluded: gbp(1700) };
const express: DeliveryChoice = { code: "express", name: "Express", carrier: "DPD", estimatedDelivery: "3–4 days", freeOver: null, charge: gbp(2499), total: gbp(12699), vatIncluded: gbp(2117) };

describe("readCheckoutForm", () => {
  it("reads trimmed values, ticked boxes and an upper-case country", () => {
    const form = new FormData();
    form.set("email", "  iris@example.com ");
    form.set("shipping.firstName", " Iris ");
    form.set("shipping.country", "fr");
    form.set("billingSame", "on");
    form.set("deliveryOption", "express");
    const v = readCheckoutForm(form);
    expect(v.email).toBe("iris@example.com");
    expect(v.shipping.firstName).toBe("Iris");
    expect(v.shipping.country).toBe("FR");
    expect(v.billingSame).toBe(true);
    expect(v.requiresSignature).toBe(false);
    expect(v.deliveryOption).toBe("express");
  });

  it("reads the card separately", () => {
    const form = new FormData();
    form.set("cardNumber", "4242 4242 4242 4242");
    form.set("cardExpiry", "12 / 30");
    form.set("cardCvc", "123");
    expect(readCard(form)).toEqual({ number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123" });
  });
});

describe("validateCheckout", () => {
  it("accepts a complete form", () => {
    expect(validateCheckout(values(), { guest: true })).toBeNull();
  });

  it("names every missing required field", () => {
    const problem = validateCheckout(values({ email: "", shipping: { ...address, firstName: "", postcode: "" } }), { guest: true });
    expect(problem).toEqual({ message: checkoutText.requiredFields, fields: ["email", "shipping.firstName", "shipping.postcode"] });
  });

  it("does not ask a signed-in shopper for an e-mail address", () => {
    expect(validateCheckout(values({ email: "" }), { guest: false })).toBeNull();
  });

  it("needs the billing address only when it differs", () => {
    expect(validateCheckout(values({ billingSame: true }), { guest: true })).toBeNull();
    const problem = validateCheckout(values({ billingSame: false }), { guest: true });
    expect(problem?.message).toBe(checkoutText.requiredFields);
    expect(problem?.fields).toEqual(["billing.firstName", "billing.lastName", "billing.address1", "billing.city", "billing.postcode"]);
  });

  it("leaves address line 2 and the county optional", () => {
    expect(validateCheckout(values({ shipping: { ...address, address2: "", region: "" } }), { guest: true })).toBeNull();
  });

  it("explains an e-mail address that cannot be one", () => {
    expect(validateCheckout(values({ email: "iris@" }), { guest: true })).toEqual({ message: checkoutText.invalidEmail, fields: ["email"] });
  });

  it("asks for a delivery option", () => {
    expect(validateCheckout(values({ deliveryOption: "" }), { guest: true })).toEqual({ message: "Please select a delivery option.", fields: ["deliveryOption"] });
  });
});

describe("card", () => {
  it.each([
    ["12 / 30", { month: 12, year: 30 }],
    ["12/30", { month: 12, year: 30 }],
    ["1230", { month: 12, year: 30 }],
    ["3 / 2031", { month: 3, year: 2031 }],
    ["12", null],
    ["", null],
    ["ab / cd", null],
  ])("parses the expiry %j", (raw, expected) => {
    expect(parseExpiry(raw)).toEqual(expected);
  });

  it("catches only what is plainly incomplete, in the provider's words", () => {
    expect(validateCard({ number: "", expiry: "12 / 30", cvc: "123" })).toEqual({ message: "Your card number is incomplete.", fields: ["cardNumber"] });
    expect(validateCard({ number: "4242", expiry: "12", cvc: "123" })).toEqual({ message: "Your card's expiration date is incomplete.", fields: ["cardExpiry"] });
    expect(validateCard({ number: "4242", expiry: "12/30", cvc: "1" })).toEqual({ message: "Your card's security code is incomplete.", fields: ["cardCvc"] });
    // A short number is the API's to judge ("incorrect" or "incomplete").
    expect(validateCard({ number: "4242", expiry: "12/30", cvc: "123" })).toBeNull();
  });
});

describe("formFieldOf", () => {
  it.each([
    ["email", "email"],
    ["shipping_address.postcode", "shipping.postcode"],
    ["shipping_address.address_line1", "shipping.address1"],
    ["billing_address.city", "billing.city"],
    ["billing_address.country_code", "billing.country"],
    ["delivery_option_code", "deliveryOption"],
    ["card_number", "cardNumber"],
    ["exp_month", "cardExpiry"],
    ["exp_year", "cardExpiry"],
    ["cvc", "cardCvc"],
    ["cart_id", null],
    [undefined, null],
  ])("maps the API's %s to %s", (api, form) => {
    expect(formFieldOf(api)).toBe(form);
  });
});

describe("checkoutQuote", () => {
  const withoutDelivery = { delivery: gbp(0), total: gbp(3400), vatIncluded: gbp(567) };

  it("shows the API's quote for the option chosen", () => {
    expect(checkoutQuote(withoutDelivery, standard)).toEqual({ delivery: gbp(1735), total: gbp(5135), vatIncluded: gbp(856) });
  });

  it("shows the amounts without delivery before a choice", () => {
    expect(checkoutQuote(withoutDelivery, undefined)).toBe(withoutDelivery);
  });

  it("words an option's charge for its radio card", () => {
    expect(deliveryChargeText(standard)).toBe("£17.35");
    expect(deliveryChargeText(freeStandard)).toBe("Free");
    expect(deliveryChargeText(express)).toBe("£24.99");
  });
});

describe("idempotency keys", () => {
  it("accepts what the API accepts", () => {
    expect(idempotencyKeyPattern.test("0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11")).toBe(true);
    expect(idempotencyKeyPattern.test("short")).toBe(false);
    expect(idempotencyKeyPattern.test("has spaces in it, sixteen+")).toBe(false);
  });
});
