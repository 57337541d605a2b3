// The storefront's own cookies (cart, session, one-time messages): only this server reads them,
// so they are HttpOnly, SameSite=Lax, and Secure whenever the shop is served over HTTPS.

import { config } from "./config.server";

/** The raw value of the request's cookie `name`, if it sent one. */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * Whether cookies go out Secure: when the shop's public origin (STOREFRONT_URL) is HTTPS, or the
 * request arrived over HTTPS as the server judged it (a TLS-terminating proxy counts only when
 * TRUST_PROXY names it). A client's own X-Forwarded-Proto header proves nothing and is not read.
 */
export function isSecure(request: Request, publicUrl: string = config.publicUrl): boolean {
  return publicUrl.startsWith("https:") || new URL(request.url).protocol === "https:";
}

/**
 * A Set-Cookie value for a cookie only this server reads. An empty value deletes the cookie;
 * without `maxAge` it lasts as long as the browser session.
 */
export function serverCookie(
  request: Request,
  name: string,
  value: string,
  path: string,
  maxAge?: number,
): string {
  const attrs = [`${name}=${value}`, `Path=${path}`, "HttpOnly", "SameSite=Lax"];
  if (!value) attrs.push("Max-Age=0");
  else if (maxAge !== undefined) attrs.push(`Max-Age=${Math.max(0, Math.floor(maxAge))}`);
  if (isSecure(request)) attrs.push("Secure");
  return attrs.join("; ");
}

/** Whether a response already sets (or deletes) the cookie `name`. */
export function setsCookie(headers: Headers, name: string): boolean {
  return headers.getSetCookie().some((c) => c.startsWith(`${name}=`));
}

/**
 * One-time page messages. A plain (no-JS) form post that fails is redirected to its page with the
 * message in a short-lived cookie — never in the URL, where anyone could craft a link that makes
 * the shop say what they like. Only this server sets the cookie; the page reads and clears it.
 */
const maxMessageLength = 300;

/** The Set-Cookie value that leaves `message` for the page at `path` (null clears it). */
export function pageMessageCookie(
  request: Request,
  name: string,
  path: string,
  message: string | null,
): string {
  const value = message ? encodeURIComponent(message.slice(0, maxMessageLength)) : "";
  return serverCookie(request, name, value, path, 60);
}

/** The message a failed plain form post left for this page, and the header that clears it, so it shows exactly once. */
export function takePageMessage(
  request: Request,
  name: string,
  path: string,
): { message: string | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request, name);
  if (raw === undefined) return { message: null, headers };
  headers.append("Set-Cookie", pageMessageCookie(request, name, path, null));
  let message: string;
  try {
    message = decodeURIComponent(raw).trim();
  } catch {
    return { message: null, headers };
  }
  return { message: message ? message.slice(0, maxMessageLength) : null, headers };
}
