// A document's Cache-Control. A page may be kept by shared caches only when it cannot be personal:
// a GET answered 200, every matched route marked public (lib/page-cache.ts), a request carrying
// none of the shop's cookies (session, cart, guest wishlist, a guest's orders, page messages — all
// `atelier_…`), and a response that sets none. Such a page is what every anonymous shopper sees,
// so a CDN may serve it for `pageCacheSeconds` and keep serving it while it refetches for as long
// again; `Vary: Cookie` keeps a shopper who has a cart from being given it. Everything else is
// `private, no-cache`, unless its route chose stricter (orders, checkout: `no-store`).
import { isPublicPage } from "~/lib/page-cache";

/** How long a shared cache may serve a public page before asking again (and again while refetching). */
export const pageCacheSeconds = 60;

export const publicCacheControl = `public, max-age=0, s-maxage=${pageCacheSeconds}, stale-while-revalidate=${pageCacheSeconds}`;
export const privateCacheControl = "private, no-cache";

/** Any of the shop's cookies (server/page-cache.js keeps the same pattern; a test checks). */
export const shopCookie = /(?:^|;)\s*(?:__Host-)?atelier_[^=]*=/;

/** Whether the request carries any of the shop's cookies (and so may see a personal page). */
export function carriesShopCookies(request: Request): boolean {
  return shopCookie.test(request.headers.get("Cookie") ?? "");
}

/** Sets the document's Cache-Control (and Vary when shared caches may keep it). */
export function setDocumentCacheControl(
  request: Request,
  status: number,
  headers: Headers,
  handles: readonly unknown[],
): void {
  const isPublic =
    request.method === "GET" &&
    status === 200 &&
    handles.length > 0 &&
    handles.every(isPublicPage) &&
    !carriesShopCookies(request) &&
    headers.getSetCookie().length === 0;
  if (isPublic) {
    headers.set("Cache-Control", publicCacheControl);
    headers.append("Vary", "Cookie");
  } else if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", privateCacheControl);
  }
}
