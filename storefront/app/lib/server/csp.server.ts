// The Content-Security-Policy of every response the storefront sends (ARCHITECTURE §3).
//
// Pages: scripts only from this origin and only with the document's nonce for inline ones — a fresh
// 128-bit nonce per request (cspNonce), which entry.server.tsx hands to React Router (its inline
// hydration scripts, module preloads and streamed data) and to React's renderToPipeableStream —
// so markup injected into a page cannot run script. Nothing may frame a page, no plugins, no
// <base>, forms post only here. Product images are served by the API, on an origin of its own
// (config.mediaOrigin), which every page allows.
//
// Checkout pages (/checkout, /payment-success) add Stripe: its script, frames, API and images. A
// page asks for that from its loader with `requireCheckoutCsp`. A policy belongs to the document,
// so arriving at checkout by a client-side navigation becomes a document load (checkout's
// clientLoader), and a shopper who moves on from checkout inside the shop keeps checkout's policy,
// which therefore allows what every other page loads.
//
// Everything else — resource routes (sitemap.xml, robots.txt, logout), data requests, plain-text
// errors, refused posts — is not a page and gets `resourcePolicy`, which allows nothing at all
// (cspMiddleware; the production server adds it to static files too, server/middleware.js).
import { randomBytes } from "node:crypto";
import {
  createContext,
  type MiddlewareFunction,
  type RouterContext,
  type RouterContextProvider,
} from "react-router";
import { config } from "./config.server";

/** What a document's policy allows beyond the shop's own: Stripe, and more image origins. */
export type PagePolicy = { checkout: boolean; imageOrigins: string[] };

const pagePolicyContext = createContext<PagePolicy | null>(null);
const nonceContext = createContext<string | null>(null);

/** 128 bits from the system's CSPRNG, base64: a nonce no attacker can guess for the next page. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The request's nonce (made on first use, then the same for the whole request). */
export function cspNonce(context: Readonly<RouterContextProvider>): string {
  let nonce = safeGet(context, nonceContext);
  if (!nonce) {
    nonce = newNonce();
    (context as RouterContextProvider).set(nonceContext, nonce);
  }
  return nonce;
}

/** A context value, or null where the context has none (or is not a RouterContextProvider). */
function safeGet<T>(
  context: Readonly<RouterContextProvider> | undefined,
  key: RouterContext<T | null>,
): T | null {
  try {
    return context?.get(key) ?? null;
  } catch {
    return null;
  }
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
 * Marks the document as a checkout page: its policy allows Stripe, and images from the origins of
 * `imageUrls` besides the shop's own and the API's media origin.
 */
export function requireCheckoutCsp(
  context: Readonly<RouterContextProvider>,
  imageUrls: Iterable<string | null | undefined>,
  mediaOrigin = config.mediaOrigin,
) {
  const origins = new Set(safeGet(context, pagePolicyContext)?.imageOrigins ?? [mediaOrigin]);
  for (const url of imageUrls) {
    const origin = url ? httpOrigin(url) : undefined;
    if (origin) origins.add(origin);
  }
  (context as RouterContextProvider).set(pagePolicyContext, {
    checkout: true,
    imageOrigins: [...origins].sort(),
  });
}

/** What this request's document may load: the checkout allowances if one of its loaders asked. */
export function pagePolicyFor(
  context: Readonly<RouterContextProvider> | undefined,
  mediaOrigin = config.mediaOrigin,
): PagePolicy {
  return safeGet(context, pagePolicyContext) ?? { checkout: false, imageOrigins: [mediaOrigin] };
}

const stripeScripts = "https://js.stripe.com https://*.js.stripe.com";

/**
 * A page's policy. Scripts: this origin, and inline ones only with the nonce ('unsafe-inline'
 * never). Styles: <style> elements need the nonce too (the production build puts each page's
 * stylesheets in the document under it: components/layout/route-styles.tsx); style
 * *attributes* stay allowed ('unsafe-inline' in style-src-attr, and in style-src for browsers
 * without the CSP3 -elem/-attr directives) because the server
 * renders a few (the price slider's track, the carousel's offset) that must apply before
 * hydration, and a style attribute cannot carry a nonce. They can restyle, not run script.
 *
 * Exceptions, each where it is needed only:
 * - checkout: Stripe's script, frames, API and images; <style> elements without a nonce, since
 *   Stripe.js may add its own to the page and cannot be given ours.
 * - development: Vite adds each imported stylesheet as a <style> element (no nonce: the
 *   server-rendered document cannot hand it one), and its HMR client talks over a WebSocket to
 *   the dev server (`devServer`, its ws:// origin).
 */
export function contentSecurityPolicy({
  nonce,
  checkout,
  imageOrigins,
  devServer,
}: { nonce: string; devServer?: string } & PagePolicy): string {
  const stripe = (s: string) => (checkout ? ` ${s}` : "");
  const inlineStyleElements = checkout || devServer !== undefined;
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    ["script-src", `'self' 'nonce-${nonce}'${stripe(stripeScripts)}`],
    ["style-src", "'self' 'unsafe-inline'"],
    ["style-src-elem", inlineStyleElements ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", ["'self'", "data:", ...imageOrigins].join(" ") + stripe("https://*.stripe.com")],
    ["font-src", "'self'"],
    ["connect-src", `'self'${devServer ? ` ${devServer}` : ""}${stripe("https://api.stripe.com")}`],
    ["frame-src", checkout ? `${stripeScripts} https://hooks.stripe.com` : "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/**
 * The policy of every response that is not a page (a resource route, a data request, a plain-text
 * error, a static file): it may load and run nothing, and nothing may frame it. Kept equal to
 * server/middleware.js's copy (a test checks).
 */
export const resourcePolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The document policy for this request, around its nonce. */
export function documentPolicy(context: Readonly<RouterContextProvider> | undefined, nonce: string): string {
  return contentSecurityPolicy({
    nonce,
    ...pagePolicyFor(context),
    devServer: import.meta.env.DEV ? devServerSocket() : undefined,
  });
}

/** The development server's WebSocket origin (Vite's HMR): the shop's origin with ws(s)://. */
function devServerSocket(publicUrl = config.publicUrl): string {
  return publicUrl.replace(/^http/, "ws");
}

/**
 * Root middleware: makes the request's nonce before anything renders, and gives every response
 * that has no policy of its own (everything but documents, which entry.server.tsx sends with
 * theirs) `resourcePolicy`.
 */
export const cspMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  cspNonce(context);
  const response = await next();
  if (response.headers.has("Content-Security-Policy")) return response;
  try {
    response.headers.set("Content-Security-Policy", resourcePolicy);
    return response;
  } catch {
    // A response with immutable headers (e.g. one fetched from elsewhere): copy it.
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", resourcePolicy);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
