// Which pages a shared cache (a CDN, or the server's own page cache) may keep: pages that are the
// same for every shopper who carries none of the shop's cookies — the catalogue and the shop's
// information pages. A route says so with `export const handle: PublicPageHandle = { publicPage: true }`
// (a literal, so the page's scripts import nothing for it); the document's Cache-Control is decided
// on the server (lib/server/page-cache.server.ts).

/** The route handle of a page that is the same for every shopper without the shop's cookies. */
export type PublicPageHandle = { readonly publicPage: true };

/** Whether a route's handle marks its page public. */
export function isPublicPage(handle: unknown): boolean {
  return (
    typeof handle === "object" && handle !== null && (handle as { publicPage?: unknown }).publicPage === true
  );
}
