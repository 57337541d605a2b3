import { describe, expect, it, vi } from "vitest";
import { crossSiteReason, csrfMiddleware } from "./csrf.server";

function post(headers: Record<string, string>, url = "http://shop.test/cart", method = "POST") {
  return new Request(url, { method, headers, body: method === "GET" ? undefined : "intent=add" });
}

describe("crossSiteReason", () => {
  // The shop's configured public origin (STOREFRONT_URL); requests arrive for http://shop.test.
  const shop = "http://shop.test";
  const reason = (request: Request) => crossSiteReason(request, shop);

  it("lets the shop's own form posts through", () => {
    expect(reason(post({ origin: "http://shop.test" }))).toBeNull();
    expect(reason(post({ "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(reason(post({ referer: "http://shop.test/product/1" }))).toBeNull();
  });

  it("lets requests that name no origin through (no browser, so no cookies to abuse)", () => {
    expect(reason(post({}))).toBeNull();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a %s from another origin", (method) => {
    expect(reason(post({ origin: "https://evil.test" }, "http://shop.test/logout", method))).toMatch(
      /evil\.test/,
    );
  });

  it("refuses another port or scheme of the same host", () => {
    expect(reason(post({ origin: "http://shop.test:8080" }))).not.toBeNull();
    expect(reason(post({ origin: "https://shop.test" }))).not.toBeNull();
  });

  it("falls back to Sec-Fetch-Site, then Referer, when there is no Origin", () => {
    expect(reason(post({ "sec-fetch-site": "cross-site" }))).not.toBeNull();
    expect(reason(post({ "sec-fetch-site": "same-site" }))).not.toBeNull();
    expect(reason(post({ referer: "https://evil.test/page" }))).not.toBeNull();
    expect(reason(post({ referer: "not a url" }))).not.toBeNull();
  });

  it("accepts Origin null only when the browser vouches it is same-origin (Referrer-Policy no-referrer)", () => {
    expect(reason(post({ origin: "null", "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(reason(post({ origin: "null" }))).not.toBeNull();
    expect(reason(post({ origin: "null", "sec-fetch-site": "cross-site" }))).not.toBeNull();
  });

  it("accepts the public origin however the request reached this server (behind a TLS-terminating proxy)", () => {
    expect(
      crossSiteReason(
        post({ origin: "https://atelier.london" }, "http://10.0.0.5:3000/cart"),
        "https://atelier.london",
      ),
    ).toBeNull();
  });

  it("takes the shop's origin from configuration, never from the request's Host or X-Forwarded-Proto", () => {
    // A request forged for evil.test (its Host) posting from evil.test is still another site.
    expect(reason(post({ origin: "http://evil.test" }, "http://evil.test/logout"))).toMatch(/evil\.test/);
    expect(reason(post({ origin: "https://shop.test", "x-forwarded-proto": "https" }))).not.toBeNull();
    expect(reason(post({ referer: "http://evil.test/" }, "http://evil.test/logout"))).not.toBeNull();
    // The default is the configured origin (http://localhost:3000 outside production).
    expect(crossSiteReason(post({ origin: "http://shop.test" }))).not.toBeNull();
    expect(crossSiteReason(post({ origin: "http://localhost:3000" }, "http://shop.test/cart"))).toBeNull();
  });

  it("never refuses reads", () => {
    expect(
      reason(new Request("http://shop.test/login", { headers: { origin: "https://evil.test" } })),
    ).toBeNull();
  });
});

describe("csrfMiddleware", () => {
  const run = (request: Request) => {
    const next = vi.fn(async () => new Response("ok"));
    const res = csrfMiddleware(
      { request, context: undefined as never, params: {}, url: new URL(request.url), pattern: "/" } as never,
      next,
    );
    return { next, res: res as Promise<Response> };
  };

  it("answers 403 without running the action for a cross-site post", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { next, res } = run(post({ origin: "https://evil.test" }, "http://shop.test/logout"));
    expect((await res).status).toBe(403);
    expect(next).not.toHaveBeenCalled();
  });

  it("passes a same-origin post on", async () => {
    const { next, res } = run(post({ origin: "http://localhost:3000" }));
    expect(await (await res).text()).toBe("ok");
    expect(next).toHaveBeenCalledOnce();
  });
});
