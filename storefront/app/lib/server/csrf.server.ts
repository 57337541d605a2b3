// Cross-site request forgery: every request that can change something (POST, PUT, PATCH, DELETE)
// must come from the shop's own pages. Browsers say where a request comes from in Origin (sent
// with every cross-origin request and every same-origin POST); older ones only in Sec-Fetch-Site or
// Referer. The shop's own origin is the configured one (STOREFRONT_URL), never the request's Host or
// X-Forwarded-Proto, which the sender controls. A request that names another origin is refused
// before any action runs. Requests that
// name none (curl, server-to-server) carry no browser cookies to abuse and pass. The session and
// cart cookies are SameSite=Lax on top, so other sites' forms do not carry them either.
import type { MiddlewareFunction } from "react-router";
import { config } from "./config.server";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Why the request is refused as cross-site, or null when it may proceed. */
export function crossSiteReason(request: Request, publicUrl = config.publicUrl): string | null {
  if (!unsafeMethods.has(request.method.toUpperCase())) return null;
  const own = new URL(publicUrl).origin;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin === "null") {
    // Sent by pages with Referrer-Policy no-referrer and by sandboxed frames: only the browser's
    // own Sec-Fetch-Site can vouch for it. (React Router's own check refuses it first on routes
    // it handles; this covers anything it lets through.)
    return site === "same-origin" ? null : "Origin is null and the request is not same-origin";
  }
  if (origin !== null) return origin === own ? null : `Origin ${origin} is not this shop`;
  if (site !== null && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site is ${site}`;
  const referer = request.headers.get("referer");
  if (referer) {
    const from = originOf(referer);
    if (from !== own) return "Referer is another site";
  }
  return null;
}

/** Root middleware: refuses cross-site state-changing requests with 403. */
export const csrfMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  const reason = crossSiteReason(request);
  if (reason) {
    console.warn(`csrf: refused ${request.method} ${new URL(request.url).pathname}: ${reason}`);
    return new Response("Forbidden: this form must be sent from the shop's own pages.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return next();
};
