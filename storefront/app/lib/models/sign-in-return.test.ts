import { describe, expect, it } from "vitest";
import { loginHref, safeRedirect } from "./sign-in-return";

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
