// The strict Content-Security-Policy of the checkout pages (ARCHITECTURE §3): where a shopper
// types a card, only this shop's own scripts — and Stripe's — may run. Every document gets a fresh
// nonce (entry.server.tsx hands it to React Router, which puts it on its inline scripts and
// module preloads); a page that wants the policy asks for it from its loader with
// `requireStrictCsp`, and entry.server.tsx sends the header with the document. Product images are
// served by the API, on an origin of its own (config.mediaOrigin), which the policy allows, with
// the origins of any other pictures the page names.
import { randomBytes } from "node:crypto";
import { createContext, type RouterContextProvider } from "react-router";
import { config } from "./config.server";

export type StrictCsp = { imageOrigins: string[] };

export const strictCspContext = createContext<StrictCsp | null>(null);

/** 128 bits from the system's CSPRNG, base64: a nonce no attacker can guess for the next page. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The origin of an absolute http(s) URL, or undefined (relative URLs are the shop's own). */
function httpOrigin(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Marks the document as a checkout page: it is sent with the strict policy, which allows images
 * from the shop's own origin, the API's media origin and the origins of `imageUrls`. Once a
 * checkout page is open the policy stays with the document while the shopper moves on inside the
 * shop (client-side navigation), so it must allow what the other pages load too — their pictures
 * come from the same media origin.
 */
export function requireStrictCsp(context: Readonly<RouterContextProvider>, imageUrls: Iterable<string | null | undefined>, mediaOrigin = config.mediaOrigin) {
  const origins = new Set(context.get(strictCspContext)?.imageOrigins ?? [mediaOrigin]);
  for (const url of imageUrls) {
    const origin = url ? httpOrigin(url) : undefined;
    if (origin) origins.add(origin);
  }
  (context as RouterContextProvider).set(strictCspContext, { imageOrigins: [...origins].sort() });
}

const stripeScripts = "https://js.stripe.com https://*.js.stripe.com";

/**
 * The policy: scripts only from this origin, with this document's nonce (React Router's inline
 * hydration scripts) or from Stripe; Stripe's frames and API; no plugins, no <base> tricks, no
 * posting forms elsewhere, no framing. Inline style attributes are allowed: React renders a few
 * (the shop's price slider and carousel), and Stripe's Payment Element styles its own mount points.
 */
export function contentSecurityPolicy({ nonce, imageOrigins }: { nonce: string } & StrictCsp): string {
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    ["script-src", `'self' 'nonce-${nonce}' ${stripeScripts}`],
    ["style-src", "'self' 'unsafe-inline'"],
    ["img-src", ["'self'", "data:", ...imageOrigins, "https://*.stripe.com"].join(" ")],
    ["font-src", "'self'"],
    ["connect-src", "'self' https://api.stripe.com"],
    ["frame-src", `${stripeScripts} https://hooks.stripe.com`],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** The policy this request's document should carry, if one of its loaders asked for it. */
export function strictCspFor(context: Readonly<RouterContextProvider> | undefined, nonce: string): string | null {
  let csp: StrictCsp | null = null;
  try {
    csp = context?.get(strictCspContext) ?? null;
  } catch {
    return null;
  }
  return csp ? contentSecurityPolicy({ nonce, ...csp }) : null;
}
