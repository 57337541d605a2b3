// Server-only configuration, read once from the environment. There is exactly one API base URL
// (PRODUCT §6: no fallbacks to hard-coded hosts), and exactly one public origin of the shop: links
// the shop writes about itself (canonical, og:url, JSON-LD, the sitemap, robots.txt, Stripe's
// return URL) and the origin form posts must come from are never taken from the request's Host or
// X-Forwarded-Host, which anyone can forge — and which a shared cache would then serve to everyone.
export type StorefrontConfig = {
  /** Base URL of the Atelier API, e.g. http://localhost:8080. */
  apiUrl: string;
  /**
   * The storefront's public origin (scheme, host and port, no path), e.g. https://atelier.london:
   * canonical and Open Graph URLs, JSON-LD, the sitemap, robots.txt, Stripe's return URL, and the
   * only origin form posts may come from. From STOREFRONT_URL, which production
   * (NODE_ENV=production) requires; elsewhere it defaults to http://localhost:PORT (3000), the
   * development server — never to the request's Host.
   */
  publicUrl: string;
  /**
   * Where admins find the back office (the header's Admin link and the information pages' Edit
   * Content links): the address the back office's pages live under, without the trailing slash,
   * e.g. https://api.atelier.london/admin (served by the API under /admin/). Unset:
   * http://localhost:5173/admin (Vite's development server) in development; in production
   * (NODE_ENV=production) no default — no development host is ever linked from a live shop
   * (PRODUCT §6) — so admins get no Admin or Edit Content links.
   */
  backofficeUrl: string | undefined;
  /**
   * The origin the API's product images are served from (its public address), which the checkout
   * pages' Content-Security-Policy allows images from. From API_PUBLIC_URL; unset, API_URL's
   * origin (right when the browser reaches the API at the same address this server does, as in
   * development and the end-to-end stack).
   */
  mediaOrigin: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StorefrontConfig {
  const raw = env.API_URL?.trim() || "http://localhost:8080";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`API_URL is not a valid URL: ${raw}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`API_URL must be http or https: ${raw}`);
  }
  const publicUrl = storefrontOrigin(env);
  const developmentBackoffice = env.NODE_ENV === "production" ? undefined : "http://localhost:5173/admin";
  const backofficeUrl = env.BACKOFFICE_URL?.trim().replace(/\/$/, "") || developmentBackoffice;
  if (backofficeUrl !== undefined && !/^https?:\/\/[^/]/.test(backofficeUrl))
    throw new Error(`BACKOFFICE_URL must be an http(s) URL: ${backofficeUrl}`);
  const apiPublic = env.API_PUBLIC_URL?.trim();
  let mediaOrigin = url.origin;
  if (apiPublic) {
    try {
      const u = new URL(apiPublic);
      if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error("not http");
      mediaOrigin = u.origin;
    } catch {
      throw new Error(`API_PUBLIC_URL must be an http(s) URL: ${apiPublic}`);
    }
  }
  return { apiUrl: url.origin + url.pathname.replace(/\/$/, ""), publicUrl, backofficeUrl, mediaOrigin };
}

/** STOREFRONT_URL as an origin; required in production, http://localhost:PORT elsewhere. */
function storefrontOrigin(env: NodeJS.ProcessEnv): string {
  const raw = env.STOREFRONT_URL?.trim() ?? "";
  if (raw === "") {
    if (env.NODE_ENV === "production") {
      throw new Error(
        "STOREFRONT_URL is required in production: set it to the shop's public origin, e.g. https://shop.example.com " +
          "(canonical links, the sitemap and the form-origin check use it; the request's Host header is never trusted for them)",
      );
    }
    return `http://localhost:${env.PORT?.trim() || "3000"}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STOREFRONT_URL must be an http(s) URL: ${raw}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`STOREFRONT_URL must be an http(s) URL: ${raw}`);
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new Error(`STOREFRONT_URL must be an origin (scheme://host[:port], no path): ${raw}`);
  }
  return url.origin;
}

export const config = loadConfig();
