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

  it("is served as plain text on the request's origin", async () => {
    const request = new Request("https://shop.test/robots.txt");
    const args: Route.LoaderArgs = { request, url: new URL(request.url), pattern: "/robots.txt", params: {}, context: new RouterContextProvider() };
    const res = loader(args);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toContain("Sitemap: https://shop.test/sitemap.xml");
  });
});
