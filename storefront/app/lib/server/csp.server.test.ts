import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  cspMiddleware,
  cspNonce,
  documentPolicy,
  newNonce,
  pagePolicyFor,
  requireCheckoutCsp,
  resourcePolicy,
} from "./csp.server";

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split("; ").map((d) => [d.slice(0, d.indexOf(" ")), d.slice(d.indexOf(" ") + 1)]),
  );
}

const media = "http://127.0.0.1:18080";

describe("every page's CSP", () => {
  const d = directives(contentSecurityPolicy({ nonce: "abc123", checkout: false, imageOrigins: [media] }));

  it("runs only this origin's scripts, inline ones only with the document's nonce", () => {
    expect(d["default-src"]).toBe("'self'");
    expect(d["script-src"]).toBe("'self' 'nonce-abc123'");
    expect(d["script-src"]).not.toContain("unsafe");
    expect(d["script-src"]).not.toContain("stripe");
  });

  it("needs the nonce for <style> elements too; only style attributes may be inline", () => {
    expect(d["style-src-elem"]).toBe("'self' 'nonce-abc123'");
    expect(d["style-src-attr"]).toBe("'unsafe-inline'");
    // For browsers without -elem/-attr (CSP 2): the policy the checkout pages always had.
    expect(d["style-src"]).toBe("'self' 'unsafe-inline'");
  });

  it("allows no framing, plugins, <base> or posting elsewhere, and no Stripe", () => {
    expect(d["frame-ancestors"]).toBe("'none'");
    expect(d["object-src"]).toBe("'none'");
    expect(d["base-uri"]).toBe("'none'");
    expect(d["form-action"]).toBe("'self'");
    expect(d["frame-src"]).toBe("'none'");
    expect(d["connect-src"]).toBe("'self'");
    expect(d["img-src"]).toBe(`'self' data: ${media}`);
    expect(d["font-src"]).toBe("'self'");
  });

  it("lets the development server's HMR socket and injected styles through in development only", () => {
    const dev = directives(
      contentSecurityPolicy({
        nonce: "n",
        checkout: false,
        imageOrigins: [],
        devServer: "ws://localhost:3000",
      }),
    );
    expect(dev["connect-src"]).toBe("'self' ws://localhost:3000");
    expect(dev["style-src-elem"]).toBe("'self' 'unsafe-inline'");
    expect(dev["script-src"]).toBe("'self' 'nonce-n'");
  });
});

describe("checkout's CSP", () => {
  const d = directives(contentSecurityPolicy({ nonce: "abc123", checkout: true, imageOrigins: [media] }));

  it("adds Stripe's scripts, frames, API and images, and nothing inline for scripts", () => {
    expect(d["script-src"]).toBe("'self' 'nonce-abc123' https://js.stripe.com https://*.js.stripe.com");
    expect(d["frame-src"]).toBe("https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(d["connect-src"]).toBe("'self' https://api.stripe.com");
    expect(d["img-src"]).toBe(`'self' data: ${media} https://*.stripe.com`);
    expect(d["style-src-elem"]).toBe("'self' 'unsafe-inline'");
    expect(d["frame-ancestors"]).toBe("'none'");
    expect(d["object-src"]).toBe("'none'");
  });

  it("is chosen only by a loader that asks, allowing the API's media origin and the page's images", () => {
    const context = new RouterContextProvider();
    expect(pagePolicyFor(context, "http://api.test:8080")).toEqual({
      checkout: false,
      imageOrigins: ["http://api.test:8080"],
    });
    requireCheckoutCsp(context, [], "http://api.test:8080");
    requireCheckoutCsp(context, [
      "https://cdn.test/media/a.webp",
      "/relative.png",
      null,
      "javascript:alert(1)",
      "http://api.test:8080/media/b.webp",
    ]);
    expect(pagePolicyFor(context)).toEqual({
      checkout: true,
      imageOrigins: ["http://api.test:8080", "https://cdn.test"],
    });
    const policy = directives(documentPolicy(context, "n"));
    expect(policy["img-src"]).toBe("'self' data: http://api.test:8080 https://cdn.test https://*.stripe.com");
    expect(policy["script-src"]).toContain("https://js.stripe.com");
  });
});

describe("nonces", () => {
  it("makes a fresh, unguessable nonce each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it("keeps one nonce per request, different between requests", () => {
    const one = new RouterContextProvider();
    const nonce = cspNonce(one);
    expect(cspNonce(one)).toBe(nonce);
    expect(cspNonce(new RouterContextProvider())).not.toBe(nonce);
    expect(directives(documentPolicy(one, nonce))["script-src"]).toBe(`'self' 'nonce-${nonce}'`);
  });
});

describe("cspMiddleware", () => {
  const run = async (response: Response, context = new RouterContextProvider()) => {
    const args = {
      request: new Request("http://shop.test/robots.txt"),
      context,
      params: {},
      url: new URL("http://shop.test/robots.txt"),
      pattern: "/robots.txt",
    };
    return (await cspMiddleware(args as never, async () => response)) as Response;
  };

  it("gives responses that are not pages (resource routes, data, errors) a policy that allows nothing", async () => {
    const res = await run(new Response("User-agent: *", { headers: { "Content-Type": "text/plain" } }));
    expect(res.headers.get("content-security-policy")).toBe(resourcePolicy);
    expect(directives(resourcePolicy)).toEqual({
      "default-src": "'none'",
      "base-uri": "'none'",
      "form-action": "'none'",
      "frame-ancestors": "'none'",
    });
    const refused = await run(new Response("Forbidden", { status: 403 }));
    expect(refused.headers.get("content-security-policy")).toBe(resourcePolicy);
  });

  it("leaves a document's own policy", async () => {
    const res = await run(
      new Response("<html></html>", { headers: { "Content-Security-Policy": "default-src 'self'" } }),
    );
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
  });

  it("copies a response whose headers cannot be changed", async () => {
    const res = await run(Response.redirect("http://localhost:3000/", 302));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/");
    expect(res.headers.get("content-security-policy")).toBe(resourcePolicy);
  });

  it("makes the request's nonce before the page renders", async () => {
    const context = new RouterContextProvider();
    let seen = "";
    await cspMiddleware(
      {
        request: new Request("http://shop.test/"),
        context,
        params: {},
        url: new URL("http://shop.test/"),
        pattern: "/",
      } as never,
      async () => {
        seen = cspNonce(context);
        return new Response("");
      },
    );
    expect(seen).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(cspNonce(context)).toBe(seen);
  });
});
