import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./api/errors";
import { formErrors } from "./form-errors";

const { errorsOf, apiErrorsOf } = formErrors<"name" | "origins">(["name", "origins"], {
  invalid_origin: "origins",
});

function refusal(init: { reason: string; message?: string; fields?: Record<string, string> }) {
  return new ApiError({
    status: 400,
    message: init.message ?? "Refused.",
    reason: init.reason,
    fields: init.fields,
  });
}

describe("formErrors", () => {
  it("keeps zod's first message per field, and puts the rest on the form", () => {
    const schema = z.object({ name: z.string().min(2, "Too short.").max(1, "Too long."), other: z.number() });
    const parsed = schema.safeParse({ name: "a", other: "x" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(errorsOf(parsed.error)).toEqual({ name: "Too short.", form: expect.any(String) });
  });

  it("places field violations by the head of their path", () => {
    expect(
      apiErrorsOf(
        refusal({ reason: "invalid_argument", fields: { "origins.origins[1]": "Not an origin." } }),
      ),
    ).toEqual({
      origins: "Not an origin.",
    });
    expect(apiErrorsOf(refusal({ reason: "invalid_argument", fields: { kind: "Unknown." } }))).toEqual({
      form: "Unknown.",
    });
  });

  it("places a refusal without violations by its reason, or else on the form", () => {
    expect(apiErrorsOf(refusal({ reason: "invalid_origin", message: "Bad origin." }))).toEqual({
      origins: "Bad origin.",
    });
    expect(apiErrorsOf(refusal({ reason: "conflict", message: "Changed meanwhile." }))).toEqual({
      form: "Changed meanwhile.",
    });
  });

  it("does not let a reason overwrite a field's own violation", () => {
    const err = refusal({
      reason: "invalid_origin",
      message: "Bad origin.",
      fields: { origins: "Name one." },
    });
    expect(apiErrorsOf(err)).toEqual({ origins: "Name one." });
  });

  it("puts anything that is not an API refusal on the form", () => {
    expect(apiErrorsOf(new Error("Network down."))).toEqual({ form: "Network down." });
    expect(apiErrorsOf("odd")).toEqual({ form: "odd" });
  });
});
