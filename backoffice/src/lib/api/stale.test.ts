import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { staleMessage } from "./stale";

describe("staleMessage", () => {
  it("names who saved last and when, in London time", () => {
    const err = new ApiError({
      status: 409,
      reason: "stale_revision",
      message: "changed",
      metadata: { saved_by: "Ben Okafor", saved_at: "2026-07-01T09:30:05Z", current_revision: "4" },
    });
    expect(staleMessage(err)).toBe("Changed by Ben Okafor at 1 Jul 2026, 10:30 — reload");
  });

  it("is null for any other refusal", () => {
    expect(staleMessage(new ApiError({ status: 409, reason: "stock_changed", message: "moved" }))).toBeNull();
    expect(staleMessage(new Error("boom"))).toBeNull();
  });
});
