import { describe, expect, it } from "vitest";
import type { PublicPageHandle } from "~/lib/page-cache";
import { privateCacheControl, publicCacheControl, setDocumentCacheControl } from "./page-cache.server";

const publicPage: PublicPageHandle = { publicPage: true };

type Case = {
  method?: string;
  status?: number;
  cookie?: string;
  setCookie?: string;
  chosen?: string;
  handles?: unknown[];
};

function cacheControlOf({
  method = "GET",
  status = 200,
  cookie,
  setCookie,
  chosen,
  handles = [publicPage],
}: Case) {
  const request = new Request("http://shop.test/shop", { method, headers: cookie ? { Cookie: cookie } : {} });
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (chosen) headers.set("Cache-Control", chosen);
  setDocumentCacheControl(request, status, headers, handles);
  return { cacheControl: headers.get("Cache-Control"), vary: headers.get("Vary") };
}

describe("setDocumentCacheControl", () => {
  it("lets shared caches keep a public page asked for without the shop's cookies, varying on cookies", () => {
    expect(cacheControlOf({})).toEqual({ cacheControl: publicCacheControl, vary: "Cookie" });
    expect(cacheControlOf({ cookie: "theme=dark" }).cacheControl, "another site's cookie").toBe(
      publicCacheControl,
    );
  });

  it.each<[string, Case]>([
    ["a shopper with a cart", { cookie: "atelier_cart=c1" }],
    ["a signed-in shopper over HTTPS", { cookie: "a=b; __Host-atelier_session=s" }],
    ["a guest with a wishlist", { cookie: "atelier_wishlist=p1" }],
    ["a page that sets a cookie", { setCookie: "atelier_cart=c1; Path=/" }],
    ["a page that is not public", { handles: [undefined] }],
    ["a public page inside one that is not", { handles: [publicPage, { other: true }] }],
    ["no page at all", { handles: [] }],
    ["a page not found", { status: 404 }],
    ["a failed page", { status: 500 }],
    ["a HEAD request", { method: "HEAD" }],
  ])("keeps %s private", (_name, c) => {
    expect(cacheControlOf(c)).toEqual({ cacheControl: privateCacheControl, vary: null });
  });

  it("leaves a stricter choice of the page's own in place", () => {
    expect(cacheControlOf({ chosen: "private, no-store", handles: [undefined] }).cacheControl).toBe(
      "private, no-store",
    );
  });
});
