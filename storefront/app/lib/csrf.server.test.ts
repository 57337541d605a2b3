import { describe, expect, it, vi } from "vitest";
import { crossSiteReason, csrfMiddleware } from "./csrf.server";

function post(headers: Record<string, string>, url = "http://shop.test/cart", method = "POST") {
  return new Request(url, { method, headers, body: method === "GET" ? undefined : "intent=add" });
}

describe("crossSiteReason", () => {
  it("lets the shop's own form posts through", () => {
    expect(crossSiteReason(post({ origin: "http://shop.test" }))).toBeNull();
    expect(crossSiteReason(post({ "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(crossSiteReason(post({ referer: "http://shop.test/product/1" }))).toBeNull();
  });

  it("lets requests that name no origin through (no browser, so no cookies to abuse)", () => {
    expect(crossSiteReason(post({}))).toBeNull();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a %s from another origin", (method) => {
    expect(crossSiteReason(post({ origin: "https://evil.test" }, "http://shop.test/logout", method))).toMatch(/evil\.test/);
  });

  it("refuses another port or scheme of the same host", () => {
    expect(crossSiteReason(post({ origin: "http://shop.test:8080" }))).not.toBeNull();
    expect(crossSiteReason(post({ origin: "https://shop.test" }))).not.toBeNull();
  });

  it("falls back to Sec-Fetch-Site, then Referer, when there is no Origin", () => {
    expect(crossSiteReason(post({ "sec-fetch-site": "cross-site" }))).not.toBeNull();
    expect(crossSiteReason(post({ "sec-fetch-site": "same-site" }))).not.toBeNull();
    expect(crossSiteReason(post({ referer: "https://evil.test/page" }))).not.toBeNull();
    expect(crossSiteReason(post({ referer: "not a url" }))).not.toBeNull();
  });

  it("accepts Origin null only when the browser vouches it is same-origin (Referrer-Policy no-referrer)", () => {
    expect(crossSiteReason(post({ origin: "null", "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(crossSiteReason(post({ origin: "null" }))).not.toBeNull();
    expect(crossSiteReason(post({ origin: "null", "sec-fetch-site": "cross-site" }))).not.toBeNull();
  });

  it("accepts the public origin and the https origin a TLS-terminating proxy forwards", () => {
    expect(crossSiteReason(post({ origin: "https://atelier.london" }, "http://10.0.0.5:3000/cart"), "https://atelier.london")).toBeNull();
    expect(crossSiteReason(post({ origin: "https://shop.test", "x-forwarded-proto": "https" }))).toBeNull();
  });

  it("never refuses reads", () => {
    expect(crossSiteReason(new Request("http://shop.test/login", { headers: { origin: "https://evil.test" } }))).toBeNull();
  });
});

describe("csrfMiddleware", () => {
  const run = (request: Request) => {
    const next = vi.fn(async () => new Response("ok"));
    const res = csrfMiddleware({ request, context: undefined as never, params: {}, url: new URL(request.url), pattern: "/" } as never, next);
    return { next, res: res as Promise<Response> };
  };

  it("answers 403 without running the action for a cross-site post", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { next, res } = run(post({ origin: "https://evil.test" }, "http://shop.test/logout"));
    expect((await res).status).toBe(403);
    expect(next).not.toHaveBeenCalled();
  });

  it("passes a same-origin post on", async () => {
    const { next, res } = run(post({ origin: "http://shop.test" }));
    expect(await (await res).text()).toBe("ok");
    expect(next).toHaveBeenCalledOnce();
  });
});
