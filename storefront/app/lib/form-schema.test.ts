import { Code } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { UpdateProfileRequestSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import { CheckoutRequestSchema } from "~/gen/atelier/store/v1/checkout_service_pb";
import { ConfirmTestPaymentRequestSchema } from "~/gen/atelier/store/v1/payment_service_pb";
import { z } from "~/lib/zod";
import { apiFormProblem, checkbox, formFieldOf, formInput, parseForm, required, text } from "./form-schema";
import { apiError, fieldError } from "./testing/api";

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("formInput", () => {
  it("nests dotted names and keeps each name's first value", () => {
    const form = posted({
      email: "a@b.co",
      "shippingAddress.city": "London",
      "shippingAddress.postcode": "W1",
    });
    form.append("email", "second@b.co");
    expect(formInput(form)).toEqual({ email: "a@b.co", shippingAddress: { city: "London", postcode: "W1" } });
  });
});

describe("parseForm", () => {
  const schema = z.object({
    name: text(required("Name, please.").max(5, "Too long.")),
    secret: text(required("Secret, please."), { trim: false }),
    agree: checkbox(),
  });

  it("answers the values: trimmed text (not secrets), ticked boxes", () => {
    expect(parseForm(schema, posted({ name: " Ada ", secret: " s ", agree: "on" }))).toEqual({
      ok: true,
      values: { name: "Ada", secret: " s ", agree: true },
    });
    expect(parseForm(schema, posted({ name: "Ada", secret: "s" }))).toMatchObject({
      ok: true,
      values: { agree: false },
    });
  });

  it("answers every missing field at once, each field's error and the input to show again", () => {
    expect(parseForm(schema, posted({ name: " ", agree: "on" }))).toEqual({
      ok: false,
      problem: { message: "Name, please.", fields: ["name"] },
      errors: { name: "Name, please.", secret: "Secret, please." },
      input: { name: "", agree: "on" },
    });
  });

  it("answers the first other problem when nothing is missing", () => {
    expect(parseForm(schema, posted({ name: "Adalind", secret: "s" }))).toMatchObject({
      ok: false,
      problem: { message: "Too long.", fields: ["name"] },
    });
  });
});

describe("formFieldOf", () => {
  it.each([
    ["email", "email"],
    ["shipping_address.postcode", "shippingAddress.postcode"],
    ["shipping_address.address_line1", "shippingAddress.addressLine1"],
    ["billing_address.country_code", "billingAddress.countryCode"],
    ["delivery_option_code", "deliveryOptionCode"],
    ["shipping_address.nonsense", null],
    ["nonsense", null],
  ])("finds CheckoutRequest's %s as %s", (api, form) => {
    expect(formFieldOf(CheckoutRequestSchema, api)).toBe(form);
  });

  it("follows the generated names of any request", () => {
    expect(formFieldOf(ConfirmTestPaymentRequestSchema, "card_number")).toBe("cardNumber");
    expect(formFieldOf(ConfirmTestPaymentRequestSchema, "exp_month")).toBe("expMonth");
    expect(formFieldOf(UpdateProfileRequestSchema, "first_name")).toBe("firstName");
  });
});

describe("apiFormProblem", () => {
  it("puts the API's refusal on the form field it names", () => {
    const err = fieldError("last_name", "Please keep your name short.");
    expect(
      apiFormProblem(err, UpdateProfileRequestSchema, ["firstName", "lastName", "email"], err.rawMessage),
    ).toEqual({
      message: "Please keep your name short.",
      fields: ["lastName"],
    });
  });

  it("names no field the form does not have", () => {
    const err = fieldError("current_password", "Needed.");
    expect(apiFormProblem(err, UpdateProfileRequestSchema, ["firstName"], "Needed.").fields).toEqual([]);
    expect(
      apiFormProblem(
        apiError(Code.InvalidArgument, "Bad."),
        UpdateProfileRequestSchema,
        ["firstName"],
        "Bad.",
      ).fields,
    ).toEqual([]);
  });
});
