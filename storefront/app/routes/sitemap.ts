// /sitemap.xml: the public pages and every visible product, with absolute URLs on the shop's
// public origin.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type Api, api } from "~/lib/server/api.server";
import { config } from "~/lib/server/config.server";
import type { Route } from "./+types/sitemap";

export type SitemapEntry = { path: string; lastmod?: Date };

/** Pages every visitor can reach; cart, checkout and account pages are left out on purpose. */
export const staticPaths = [
  "/",
  "/classic",
  "/shop",
  "/about",
  "/contact",
  "/shipping",
  "/privacy",
  "/terms",
  "/faq",
] as const;

/** Pages whose content the API dates (the rest have no known modification time). */
const datedPages: Record<string, string> = { "/privacy": "privacy", "/terms": "terms", "/faq": "faq" };

const cacheControl = "public, max-age=300";

export async function loader({ context }: Route.LoaderArgs) {
  const client = api(context);
  try {
    const [{ products }, pageDates] = await Promise.all([
      client.catalog.listProducts({ pageSize: 0 }),
      contentDates(client),
    ]);
    const entries: SitemapEntry[] = [
      ...staticPaths.map((path) => ({ path, lastmod: pageDates.get(path) })),
      // The product API has no modification time, and a creation date would understate
      // changes, so products carry no lastmod.
      ...products.map((p) => ({ path: `/product/${p.id}` })),
    ];
    return new Response(sitemapXml(config.publicUrl, entries), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl },
    });
  } catch (err) {
    // A partial sitemap would tell crawlers the products are gone; ask them to come back instead.
    console.error("sitemap: the catalogue is unavailable", err);
    return new Response("The sitemap is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
}

async function contentDates(client: Api): Promise<Map<string, Date>> {
  // Each page on its own: one the API cannot give is left undated, not the whole sitemap.
  const results = await Promise.allSettled(
    Object.entries(datedPages).map(async ([path, slug]) => {
      const { page } = await client.content.getPage({ slug });
      return { path, updated: page?.updatedAt };
    }),
  );
  const dates = new Map<string, Date>();
  for (const r of results) {
    if (r.status === "fulfilled" && r.value.updated) dates.set(r.value.path, timestampDate(r.value.updated));
  }
  return dates;
}

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  // biome-ignore lint/style/noNonNullAssertion: the pattern matches only the characters the table has.
  return text.replace(/[&<>"']/g, (c) => xmlEntities[c]!);
}

/** The sitemap document (sitemaps.org protocol 0.9). */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(origin + e.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
