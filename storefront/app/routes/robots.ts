// /robots.txt: everything may be crawled except the shopper's own pages, and the sitemap is named.
import { config } from "~/lib/server/config.server";
import type { Route } from "./+types/robots";

/** Pages that are personal to a shopper and worthless in search results. */
export const privatePaths = ["/cart", "/checkout", "/account", "/orders", "/wishlist"] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...privatePaths.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function loader(_args: Route.LoaderArgs) {
  return new Response(robotsTxt(config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
