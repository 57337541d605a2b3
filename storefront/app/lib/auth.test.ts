import { describe, expect, it } from "vitest";
import { authText, loginHref, safeRedirect, validateLogin, validateNewPassword, validateRegistration } from "./auth";

describe("safeRedirect", () => {
  it.each(["/", "/account", "/shop?category=Verdant+%26+Co", "/product/abc#reviews"])("keeps the shop path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    "//evil.test",
    "https://evil.test/account",
    "/\\evil.test",
    "\\\\evil.test",
    "javascript:alert(1)",
    "account",
    "",
    "/\u0000x",
    "/login",
    "/register?x=1",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
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

describe("validateLogin", () => {
  it("needs both fields", () => {
    expect(validateLogin({ email: "", password: "x" })).toBe(authText.loginMissing);
    expect(validateLogin({ email: "a@b.co", password: "" })).toBe("Please enter both email and password");
    expect(validateLogin({ email: "a@b.co", password: "x" })).toBeNull();
  });
});

describe("validateRegistration", () => {
  const valid = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "correct horse", confirmPassword: "correct horse" };

  it("accepts a complete registration", () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it("asks for every field, naming the missing ones", () => {
    expect(validateRegistration({ ...valid, lastName: "", confirmPassword: "" })).toEqual({ message: "All fields are required", fields: ["lastName", "confirmPassword"] });
  });

  it("refuses a short password and differing passwords", () => {
    expect(validateRegistration({ ...valid, password: "short", confirmPassword: "short" })?.message).toBe("Password must be at least 8 characters");
    expect(validateRegistration({ ...valid, confirmPassword: "correct horse!" })).toEqual({ message: "Passwords do not match", fields: ["confirmPassword"] });
  });

  it("refuses an address that is not one", () => {
    expect(validateRegistration({ ...valid, email: "ada.example.com" })?.fields).toEqual(["email"]);
  });
});

describe("validateNewPassword", () => {
  it("counts exactly 8 characters as enough", () => {
    expect(validateNewPassword("12345678", "12345678")).toBeNull();
    expect(validateNewPassword("1234567", "1234567")).toEqual({ message: authText.passwordTooShort, field: "password" });
  });
});
