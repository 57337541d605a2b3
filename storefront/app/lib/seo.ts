// Title, description, canonical and Open Graph tags for every page, built the same way everywhere.
import type { MetaDescriptor } from "react-router";

export const siteName = "Atelier London";

export type PageMeta = {
  /** Page title without the site name; omit for the home page. */
  title?: string;
  description: string;
  /** Absolute origin of the shop (from the root loader). */
  origin: string;
  /** Path of the page, e.g. /shop. */
  path: string;
  /** Absolute image URL for link previews. */
  image?: string;
  type?: "website" | "product";
  /** Keep the page out of search results (e.g. the cart). */
  noindex?: boolean;
};

export function pageMeta(m: PageMeta): MetaDescriptor[] {
  const title = m.title ? `${m.title} | ${siteName}` : `${siteName} — Luxury Skincare`;
  const url = m.origin + m.path;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: m.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: m.title ?? title },
    { property: "og:description", content: m.description },
    { property: "og:type", content: m.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: m.image ? "summary_large_image" : "summary" },
  ];
  if (m.image) tags.push({ property: "og:image", content: m.image });
  if (m.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The origin recorded by the root loader, for meta functions of child routes. */
export function originFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}
