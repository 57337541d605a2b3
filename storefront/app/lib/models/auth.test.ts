import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-schema";
import { customerRegistration } from "~/lib/testing/api";
import {
  authText,
  loginHref,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  safeRedirect,
} from "./auth";

describe("safeRedirect", () => {
  it.each(["/", "/account", "/shop?category=Verdant+%26+Co", "/product/abc#reviews"])(
    "keeps the shop path %s",
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    "//evil.test",
    "//evil",
    "https://evil.test/account",
    "https://evil",
    "/\\evil.test",
    "/\\evil",
    "\\\\evil.test",
    "javascript:alert(1)",
    "account",
    "",
    "/\u0000x",
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
    "\t//evil.test",
    "/.//evil.test",
    "/login",
    "/LOGIN/",
    "/Login",
    "/login/",
    "/%6Cogin",
    "/register?x=1",
    "/Reset-Password/?token=x",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("answers the path percent-encoded, so it is always a valid Location header", () => {
    expect(safeRedirect("/%E2%80%A8")).toBe("/%E2%80%A8");
    expect(safeRedirect("/a\u2028b")).toBe("/a%E2%80%A8b");
    expect(safeRedirect("/shop?search=caf\u00e9 cr\u00e8me")).toBe("/shop?search=caf%C3%A9%20cr%C3%A8me");
    expect(safeRedirect("/product/x#r\u00e9views")).toBe("/product/x#r%C3%A9views");
    for (const value of ["/%E2%80%A8", "/a\u2028b", "/\u00ff\u0100", "/shop?search=\u{1F339}"]) {
      expect(() => new Headers({ location: safeRedirect(value) })).not.toThrow();
    }
  });

  it("trims surrounding whitespace and resolves dot segments", () => {
    expect(safeRedirect(" \t/account\n")).toBe("/account");
    expect(safeRedirect("/shop/../account")).toBe("/account");
  });

  it("refuses anything that is not text", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});

describe("loginHref", () => {
  it("returns to the page after signing in", () => {
    expect(loginHref("/cart")).toBe("/login?redirectTo=%2Fcart");
  });

  it("is plain /login from the home page and the sign-in pages", () => {
    expect(loginHref("/")).toBe("/login");
    expect(loginHref("/login?redirectTo=%2Fcart")).toBe("/login");
    expect(loginHref("/register")).toBe("/login");
  });
});

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
