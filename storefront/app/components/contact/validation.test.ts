import { describe, expect, it } from "vitest";
import { hasErrors, readContactValues, validateContact } from "./validation";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Order 1042", message: "Where is my parcel?" };

describe("validateContact", () => {
  it("accepts a complete message", () => {
    expect(validateContact(valid)).toEqual({});
    expect(hasErrors(validateContact(valid))).toBe(false);
  });

  it("asks for every missing field", () => {
    expect(validateContact({ name: "", email: "", subject: "", message: "" })).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      subject: "Please enter a subject.",
      message: "Please enter your message.",
    });
  });

  it.each(["ada", "ada@", "@example.com", "ada@example", "ada @example.com", "ada..l@example.com", "ada@exa_mple.com"])("refuses the email address %j", (email) => {
    expect(validateContact({ ...valid, email }).email).toBe("Please enter a valid email address, like name@example.com.");
  });

  it("holds each field to the API's length limit", () => {
    expect(validateContact({ ...valid, message: "x".repeat(5001) }).message).toBe("Please keep your message to 5000 characters or fewer.");
    expect(validateContact({ ...valid, message: "x".repeat(5000) })).toEqual({});
  });
});

describe("readContactValues", () => {
  it("trims the fields and treats absent ones as empty", () => {
    const form = new FormData();
    form.set("name", "  Ada ");
    form.set("email", " ada@example.com");
    expect(readContactValues(form)).toEqual({ name: "Ada", email: "ada@example.com", subject: "", message: "" });
  });
});
