// Cross-site request forgery: every request that can change something (POST, PUT, PATCH, DELETE)
// must come from the shop's own pages. Browsers say where a request comes from in Origin (sent
// with every cross-origin request and every same-origin POST); older ones only in Sec-Fetch-Site or
// Referer. A request that names another origin is refused before any action runs. Requests that
// name none (curl, server-to-server) carry no browser cookies to abuse and pass. The session and
// cart cookies are SameSite=Lax on top, so other sites' forms do not carry them either.
import type { MiddlewareFunction } from "react-router";
import { config } from "./config.server";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origins the shop's own pages are served from, as the browser sees them. */
function ownOrigins(request: Request, publicUrl = config.publicUrl): Set<string> {
  const url = new URL(request.url);
  const origins = new Set([url.origin]);
  // Behind a TLS-terminating proxy the server sees http:// while the browser is on https://.
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwardedProto === "https" || forwardedProto === "http") origins.add(`${forwardedProto}://${url.host}`);
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}

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
  const own = ownOrigins(request, publicUrl);
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin === "null") {
    // Sent by pages with Referrer-Policy no-referrer and by sandboxed frames: only the browser's
    // own Sec-Fetch-Site can vouch for it. (React Router's own check refuses it first on routes
    // it handles; this covers anything it lets through.)
    return site === "same-origin" ? null : "Origin is null and the request is not same-origin";
  }
  if (origin !== null) return own.has(origin) ? null : `Origin ${origin} is not this shop`;
  if (site !== null && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site is ${site}`;
  const referer = request.headers.get("referer");
  if (referer) {
    const from = originOf(referer);
    if (!from || !own.has(from)) return "Referer is another site";
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
