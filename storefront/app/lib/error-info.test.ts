import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { ErrorInfoSchema } from "~/gen/google/rpc/error_details_pb";
import { errorInfo, fieldViolations } from "./error-info";
import { apiError, fieldError } from "./testing/api";

describe("errorInfo", () => {
  it("reads the reason and metadata of the API's ErrorInfo", () => {
    const err = apiError(
      Code.FailedPrecondition,
      "Only 2 of Rose Serum are in stock.",
      "insufficient_stock",
      undefined,
      { product_id: "p1", available: "2" },
    );
    expect(errorInfo(err)).toEqual({
      reason: "insufficient_stock",
      metadata: { product_id: "p1", available: "2" },
    });
  });

  it("reads the field a validation refusal names", () => {
    expect(
      errorInfo(fieldError("shipping_address.postcode", "Please enter a valid UK postcode.")).metadata.field,
    ).toBe("shipping_address.postcode");
  });

  it("is empty for errors without one, or with one it cannot decode", () => {
    expect(errorInfo(new ConnectError("down", Code.Unavailable))).toEqual({
      reason: undefined,
      metadata: {},
    });
    expect(errorInfo(new Error("x"))).toEqual({ reason: undefined, metadata: {} });
    const garbled = new ConnectError("bad", Code.Internal);
    garbled.details.push({ type: ErrorInfoSchema.typeName, value: new Uint8Array([0x0a, 0xff]) });
    expect(errorInfo(garbled)).toEqual({ reason: undefined, metadata: {} });
  });
});

describe("fieldViolations", () => {
  it("reads BadRequest's field violations", () => {
    expect(
      fieldViolations(fieldError("shipping_address.postcode", "Please enter a valid UK postcode.")),
    ).toEqual([{ field: "shipping_address.postcode", description: "Please enter a valid UK postcode." }]);
  });

  it("falls back on ErrorInfo's field, and is empty for other errors", () => {
    expect(
      fieldViolations(
        apiError(Code.InvalidArgument, "Bad card.", "invalid_card", undefined, { field: "card_number" }),
      ),
    ).toEqual([{ field: "card_number", description: "Bad card." }]);
    expect(fieldViolations(apiError(Code.FailedPrecondition, "Gone.", "cart_empty"))).toEqual([]);
    expect(fieldViolations(new Error("x"))).toEqual([]);
  });
});
