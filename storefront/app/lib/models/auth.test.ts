import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-schema";
import { customerRegistration } from "~/lib/testing/api";
import {
  authText,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "./auth";

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const problemOf = (schema: Parameters<typeof parseForm>[0], fields: Record<string, string>) => {
  const result = parseForm(schema, posted(fields));
  return result.ok ? null : result.problem;
};

describe("loginSchema", () => {
  it("needs both fields", () => {
    expect(problemOf(loginSchema, { email: "", password: "x" })?.message).toBe(authText.loginMissing);
    expect(problemOf(loginSchema, { email: "a@b.co" })?.message).toBe("Please enter both email and password");
    expect(problemOf(loginSchema, { email: "a@b.co", password: "x" })).toBeNull();
  });

  it("keeps the spaces of a password and trims the address", () => {
    expect(parseForm(loginSchema, posted({ email: " a@b.co ", password: " x " }))).toEqual({
      ok: true,
      values: { email: "a@b.co", password: " x " },
    });
  });
});

describe("registerSchema", () => {
  const valid = customerRegistration;

  it("accepts a complete registration", () => {
    expect(problemOf(registerSchema, valid)).toBeNull();
  });

  it("asks for every field, naming the missing ones", () => {
    expect(problemOf(registerSchema, { ...valid, lastName: "", confirmPassword: "" })).toEqual({
      message: "All fields are required",
      fields: ["lastName", "confirmPassword"],
    });
  });

  it("asks for missing fields before anything else is wrong", () => {
    expect(problemOf(registerSchema, { ...valid, firstName: "x".repeat(101), email: "" })).toEqual({
      message: "All fields are required",
      fields: ["email"],
    });
  });

  it("refuses a short password and differing passwords", () => {
    expect(
      problemOf(registerSchema, { ...valid, password: "short", confirmPassword: "short" })?.message,
    ).toBe("Password must be at least 8 characters");
    expect(problemOf(registerSchema, { ...valid, confirmPassword: "correct horse!" })).toEqual({
      message: "Passwords do not match",
      fields: ["confirmPassword"],
    });
  });

  it("refuses an address that is not one, and a name too long", () => {
    expect(problemOf(registerSchema, { ...valid, email: "ada.example.com" })?.fields).toEqual(["email"]);
    expect(problemOf(registerSchema, { ...valid, lastName: "x".repeat(101) })).toEqual({
      message: authText.nameTooLong,
      fields: ["lastName"],
    });
  });
});

describe("resetPasswordSchema", () => {
  it("counts exactly 8 characters as enough", () => {
    expect(problemOf(resetPasswordSchema, { password: "12345678", confirmPassword: "12345678" })).toBeNull();
    expect(problemOf(resetPasswordSchema, { password: "1234567", confirmPassword: "1234567" })).toEqual({
      message: authText.passwordTooShort,
      fields: ["password"],
    });
  });
});

describe("passwordChangeSchema", () => {
  it("asks for all three, then for a new password long enough and typed alike", () => {
    expect(problemOf(passwordChangeSchema, { currentPassword: "old password" })).toEqual({
      message: authText.allRequired,
      fields: ["newPassword", "confirmPassword"],
    });
    expect(
      problemOf(passwordChangeSchema, {
        currentPassword: "o",
        newPassword: "short",
        confirmPassword: "short",
      }),
    ).toEqual({ message: authText.passwordTooShort, fields: ["newPassword"] });
    expect(
      problemOf(passwordChangeSchema, {
        currentPassword: "o",
        newPassword: "long enough",
        confirmPassword: "long enougg",
      }),
    ).toEqual({ message: authText.passwordsDiffer, fields: ["confirmPassword"] });
  });
});

describe("profileSchema", () => {
  it("needs names and an address, not the current password", () => {
    expect(
      problemOf(profileSchema, { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" }),
    ).toBeNull();
    expect(problemOf(profileSchema, { firstName: "Ada", email: "ada@" })).toEqual({
      message: authText.allRequired,
      fields: ["lastName"],
    });
    expect(problemOf(profileSchema, { firstName: "Ada", lastName: "L", email: "ada@" })).toEqual({
      message: authText.invalidEmail,
      fields: ["email"],
    });
  });
});
