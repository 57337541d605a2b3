import { describe, expect, it } from "vitest";
import { irisAddress } from "~/lib/testing/checkout";
import {
  type CheckoutValues,
  checkoutProblem,
  checkoutQuote,
  checkoutText,
  type DeliveryChoice,
  deliveryChargeText,
  idempotencyKeyPattern,
  parseExpiry,
  readCheckoutForm,
} from "./checkout";
import { formatPence, type Price } from "./money";

const gbp = (pence: number): Price => ({ pence, currency: "GBP", formatted: formatPence(pence) });

const address = irisAddress;

type Posted = Omit<CheckoutValues, "shippingAddress" | "billingAddress"> & {
  shippingAddress: Partial<typeof address>;
  billingAddress: Partial<typeof address>;
};

/** The checkout form as a browser posts it: dotted names, ticked boxes as "on", unticked left out. */
function posted(over: Partial<Posted> = {}, card: Record<string, string> = {}): FormData {
  const v: Posted = {
    email: "iris@example.com",
    shippingAddress: { ...address },
    billingSame: true,
    billingAddress: {},
    deliveryOptionCode: "standard",
    requiresSignature: true,
    ...over,
  };
  const form = new FormData();
  form.set("email", v.email);
  for (const [part, value] of Object.entries(v.shippingAddress)) form.set(`shippingAddress.${part}`, value);
  for (const [part, value] of Object.entries(v.billingAddress)) form.set(`billingAddress.${part}`, value);
  if (v.billingSame) form.set("billingSame", "on");
  if (v.requiresSignature) form.set("requiresSignature", "on");
  form.set("deliveryOptionCode", v.deliveryOptionCode);
  for (const [name, value] of Object.entries(card)) form.set(name, value);
  return form;
}

const guest = { guest: true, card: false };

// As the API quotes them for a £34.00 cart (Standard charged) and a £102.00 one (Standard free).
const standard: DeliveryChoice = {
  code: "standard",
  name: "Standard",
  carrier: "Royal Mail",
  estimatedDelivery: "5–7 working days",
  freeOver: gbp(5000),
  charge: gbp(1735),
  total: gbp(5135),
  vatIncluded: gbp(856),
};
const freeStandard: DeliveryChoice = {
  ...standard,
  charge: gbp(0),
  total: gbp(10200),
  vatIncluded: gbp(1700),
};
const express: DeliveryChoice = {
  code: "express",
  name: "Express",
  carrier: "DPD",
  estimatedDelivery: "3–4 days",
  freeOver: null,
  charge: gbp(2499),
  total: gbp(12699),
  vatIncluded: gbp(2117),
};

describe("readCheckoutForm", () => {
  it("reads trimmed values, ticked boxes and an upper-case country", () => {
    const form = new FormData();
    form.set("email", "  iris@example.com ");
    form.set("shippingAddress.firstName", " Iris ");
    form.set("shippingAddress.countryCode", "fr");
    form.set("billingSame", "on");
    form.set("deliveryOptionCode", "express");
    const v = readCheckoutForm(form);
    expect(v.email).toBe("iris@example.com");
    expect(v.shippingAddress.firstName).toBe("Iris");
    expect(v.shippingAddress.countryCode).toBe("FR");
    expect(v.billingAddress.city).toBe("");
    expect(v.billingSame).toBe(true);
    expect(v.requiresSignature).toBe(false);
    expect(v.deliveryOptionCode).toBe("express");
  });
});

describe("checkoutProblem", () => {
  it("accepts a complete form", () => {
    expect(checkoutProblem(posted(), guest)).toBeNull();
  });

  it("names every missing required field", () => {
    const problem = checkoutProblem(
      posted({ email: "", shippingAddress: { ...address, firstName: "", postcode: "" } }),
      guest,
    );
    expect(problem).toEqual({
      message: checkoutText.requiredFields,
      fields: ["email", "shippingAddress.firstName", "shippingAddress.postcode"],
    });
  });

  it("asks for missing fields before an address that cannot be one", () => {
    const problem = checkoutProblem(
      posted({ email: "iris@", shippingAddress: { ...address, city: "" } }),
      guest,
    );
    expect(problem).toEqual({ message: checkoutText.requiredFields, fields: ["shippingAddress.city"] });
  });

  it("does not ask a signed-in shopper for an e-mail address", () => {
    expect(checkoutProblem(posted({ email: "" }), { guest: false, card: false })).toBeNull();
  });

  it("needs the billing address only when it differs", () => {
    expect(checkoutProblem(posted({ billingSame: true }), guest)).toBeNull();
    const problem = checkoutProblem(
      posted({ billingSame: false, billingAddress: { countryCode: "GB" } }),
      guest,
    );
    expect(problem?.message).toBe(checkoutText.requiredFields);
    expect(problem?.fields).toEqual([
      "billingAddress.firstName",
      "billingAddress.lastName",
      "billingAddress.addressLine1",
      "billingAddress.city",
      "billingAddress.postcode",
    ]);
  });

  it("leaves address line 2 and the county optional", () => {
    expect(
      checkoutProblem(posted({ shippingAddress: { ...address, addressLine2: "", region: "" } }), guest),
    ).toBeNull();
  });

  it("explains an e-mail address that cannot be one", () => {
    expect(checkoutProblem(posted({ email: "iris@" }), guest)).toEqual({
      message: checkoutText.invalidEmail,
      fields: ["email"],
    });
  });

  it("asks for a delivery option", () => {
    expect(checkoutProblem(posted({ deliveryOptionCode: "" }), guest)).toEqual({
      message: "Please select a delivery option.",
      fields: ["deliveryOptionCode"],
    });
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
    const withCard = { guest: true, card: true };
    expect(
      checkoutProblem(posted({}, { cardNumber: "", cardExpiry: "12 / 30", cvc: "123" }), withCard),
    ).toEqual({ message: "Your card number is incomplete.", fields: ["cardNumber"] });
    expect(
      checkoutProblem(posted({}, { cardNumber: "4242", cardExpiry: "12", cvc: "123" }), withCard),
    ).toEqual({ message: "Your card's expiration date is incomplete.", fields: ["cardExpiry"] });
    expect(
      checkoutProblem(posted({}, { cardNumber: "4242", cardExpiry: "12/30", cvc: "1" }), withCard),
    ).toEqual({ message: "Your card's security code is incomplete.", fields: ["cvc"] });
    // A short number is the API's to judge ("incorrect" or "incomplete").
    expect(
      checkoutProblem(posted({}, { cardNumber: "4242", cardExpiry: "12/30", cvc: "123" }), withCard),
    ).toBeNull();
  });

  it("checks the form before the card", () => {
    expect(
      checkoutProblem(posted({ deliveryOptionCode: "" }, { cardNumber: "" }), { guest: true, card: true })
        ?.fields,
    ).toEqual(["deliveryOptionCode"]);
  });
});

describe("checkoutQuote", () => {
  const withoutDelivery = { delivery: gbp(0), total: gbp(3400), vatIncluded: gbp(567) };

  it("shows the API's quote for the option chosen", () => {
    expect(checkoutQuote(withoutDelivery, standard)).toEqual({
      delivery: gbp(1735),
      total: gbp(5135),
      vatIncluded: gbp(856),
    });
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
