import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { apiError, fieldError } from "./api.testing";
import { errorInfo } from "./error-info";

describe("errorInfo", () => {
  it("reads the reason and metadata of the API's ErrorInfo", () => {
    const err = apiError(Code.FailedPrecondition, "Only 2 of Rose Serum are in stock.", "insufficient_stock", undefined, { product_id: "p1", available: "2" });
    expect(errorInfo(err)).toEqual({ reason: "insufficient_stock", metadata: { product_id: "p1", available: "2" } });
  });

  it("reads the field a validation refusal names", () => {
    expect(errorInfo(fieldError("shipping_address.postcode", "Please enter a valid UK postcode.")).metadata.field).toBe("shipping_address.postcode");
  });

  it("is empty for errors without one", () => {
    expect(errorInfo(new ConnectError("down", Code.Unavailable))).toEqual({ reason: undefined, metadata: {} });
    expect(errorInfo(new Error("x"))).toEqual({ reason: undefined, metadata: {} });
  });
});
