import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/robots";
import { loader, robotsTxt } from "./robots";

describe("robots.txt", () => {
  it("allows everything but the shopper's own pages and names the sitemap", () => {
    expect(robotsTxt("https://atelier.example")).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /cart",
        "Disallow: /checkout",
        "Disallow: /account",
        "Disallow: /orders",
        "Disallow: /wishlist",
        "",
        "Sitemap: https://atelier.example/sitemap.xml",
        "",
      ].join("\n"),
    );
  });

  it("is served as plain text naming the configured origin, whatever Host the request arrived with", async () => {
    // As a request with a forged Host (or X-Forwarded-Host behind a trusting proxy) reaches a loader.
    const request = new Request("https://evil.test/robots.txt", {
      headers: { host: "evil.test", "x-forwarded-host": "evil.test" },
    });
    const args: Route.LoaderArgs = {
      request,
      url: new URL(request.url),
      pattern: "/robots.txt",
      params: {},
      context: new RouterContextProvider(),
    };
    const res = loader(args);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    // STOREFRONT_URL, which outside production defaults to the development server.
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).not.toContain("evil.test");
  });
});
