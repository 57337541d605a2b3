import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, requireStrictCsp, strictCspFor } from "./csp.server";

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(policy.split("; ").map((d) => [d.slice(0, d.indexOf(" ")), d.slice(d.indexOf(" ") + 1)]));
}

describe("strict CSP", () => {
  it("allows only this origin's and Stripe's scripts, with the document's nonce", () => {
    const d = directives(contentSecurityPolicy({ nonce: "abc123", imageOrigins: ["http://127.0.0.1:18080"] }));
    expect(d["default-src"]).toBe("'self'");
    expect(d["script-src"]).toBe("'self' 'nonce-abc123' https://js.stripe.com https://*.js.stripe.com");
    expect(d["frame-src"]).toContain("https://js.stripe.com");
    expect(d["frame-src"]).toContain("https://hooks.stripe.com");
    expect(d["connect-src"]).toBe("'self' https://api.stripe.com");
    expect(d["img-src"]).toBe("'self' data: http://127.0.0.1:18080 https://*.stripe.com");
    expect(d["base-uri"]).toBe("'self'");
    expect(d["form-action"]).toBe("'self'");
    expect(d["frame-ancestors"]).toBe("'none'");
    expect(d["object-src"]).toBe("'none'");
    expect(d["script-src"]).not.toContain("unsafe");
  });

  it("makes a fresh, unguessable nonce each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it("is sent only for documents whose loader asked for it, allowing the API's media origin and the page's images", () => {
    const context = new RouterContextProvider();
    expect(strictCspFor(context, "n")).toBeNull();
    requireStrictCsp(context, [], "http://api.test:8080");
    requireStrictCsp(context, ["https://cdn.test/media/a.webp", "/relative.png", null, "javascript:alert(1)", "http://api.test:8080/media/b.webp"]);
    expect(directives(strictCspFor(context, "n")!)["img-src"]).toBe("'self' data: http://api.test:8080 https://cdn.test https://*.stripe.com");
  });
});
