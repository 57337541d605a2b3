import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { MoneySchema } from "~/gen/atelier/type/v1/money_pb";
import { formatPence, toPrice } from "./money";

describe("formatPence", () => {
  it.each([
    [2499, "£24.99"],
    [0, "£0.00"],
    [5, "£0.05"],
    [1735, "£17.35"],
    [123456789, "£1,234,567.89"],
  ])("formats %i pence as %s", (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it("formats other currencies in en-GB style", () => {
    expect(formatPence(1000, "EUR")).toBe("€10.00");
  });
});

describe("toPrice", () => {
  it("keeps the minor units as an integer and formats them", () => {
    const price = toPrice(create(MoneySchema, { currencyCode: "GBP", minorUnits: 5976n }));
    expect(price).toEqual({ pence: 5976, currency: "GBP", formatted: "£59.76" });
  });

  it("treats a missing amount as zero pounds", () => {
    expect(toPrice(undefined)).toEqual({ pence: 0, currency: "GBP", formatted: "£0.00" });
  });
});
