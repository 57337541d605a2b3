import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-schema";
import { type ContactField, contactSchema } from "./validation";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Order 1042",
  message: "Where is my parcel?",
};

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

function errorsOf(fields: Record<string, string>) {
  const result = parseForm<typeof contactSchema, ContactField>(contactSchema, posted(fields));
  return result.ok ? {} : result.errors;
}

describe("contactSchema", () => {
  it("accepts a complete message", () => {
    expect(parseForm(contactSchema, posted(valid))).toEqual({ ok: true, values: valid });
  });

  it("asks for every missing field", () => {
    expect(errorsOf({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      subject: "Please enter a subject.",
      message: "Please enter your message.",
    });
  });

  it.each([
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "ada @example.com",
    "ada..l@example.com",
    "ada@exa_mple.com",
  ])("refuses the email address %j", (email) => {
    expect(errorsOf({ ...valid, email }).email).toBe(
      "Please enter a valid email address, like name@example.com.",
    );
  });

  it("holds each field to the API's length limit", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(5001) }).message).toBe(
      "Please keep your message to 5000 characters or fewer.",
    );
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toBe(
      "Please keep your email address to 254 characters or fewer.",
    );
    expect(errorsOf({ ...valid, message: "x".repeat(5000) })).toEqual({});
  });

  it("trims the fields and treats absent ones as empty", () => {
    const result = parseForm(contactSchema, posted({ name: "  Ada ", email: " ada@example.com" }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.input).toEqual({ name: "Ada", email: "ada@example.com" });
    expect(parseForm(contactSchema, posted({ ...valid, name: "  Ada " }))).toMatchObject({
      ok: true,
      values: { name: "Ada" },
    });
  });
});
