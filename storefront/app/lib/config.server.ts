// Server-only configuration, read once from the environment. There is exactly one API base URL
// (PRODUCT §6: no fallbacks to hard-coded hosts).
export type StorefrontConfig = {
  /** Base URL of the Atelier API, e.g. http://localhost:8080. */
  apiUrl: string;
  /**
   * The storefront's public origin for canonical and Open Graph URLs and the sitemap, e.g.
   * https://atelier.london. Unset: the origin the request arrived on.
   */
  publicUrl: string | undefined;
  /**
   * Where admins find the back office (the header's Admin link and the information pages' Edit
   * Content links), e.g. https://admin.atelier.london. Unset: http://localhost:5173 in
   * development; in production (NODE_ENV=production) no default — no development host is ever
   * linked from a live shop (PRODUCT §6) — so admins get no Admin or Edit Content links.
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
  const publicUrl = env.STOREFRONT_URL?.trim().replace(/\/$/, "") || undefined;
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) throw new Error(`STOREFRONT_URL must be an http(s) URL: ${publicUrl}`);
  const developmentBackoffice = env.NODE_ENV === "production" ? undefined : "http://localhost:5173";
  const backofficeUrl = env.BACKOFFICE_URL?.trim().replace(/\/$/, "") || developmentBackoffice;
  if (backofficeUrl !== undefined && !/^https?:\/\/[^/]/.test(backofficeUrl)) throw new Error(`BACKOFFICE_URL must be an http(s) URL: ${backofficeUrl}`);
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

export const config = loadConfig();

/** The origin links to this shop should use. */
export function publicOrigin(request: Request): string {
  return config.publicUrl ?? new URL(request.url).origin;
}
