// The server's own short page cache, for a shop without a CDN (PAGE_CACHE_SECONDS; off unless set).
//
// It keeps what a CDN could keep: documents answered 200 with `Cache-Control: public, …s-maxage`
// (app/lib/server/page-cache.server.ts gives that only to catalogue and information pages asked
// for without any of the shop's cookies), for at most PAGE_CACHE_SECONDS and never longer than
// their s-maxage. A request carrying a shop cookie is never answered from it: a shopper with a cart,
// a wishlist or a session always gets a page rendered for them.
//
// Each page carries the CSP nonce it was rendered with; a nonce must not be handed to more than one
// response, so every answer from the cache gets a fresh one, in the Content-Security-Policy header
// and in each `nonce="…"` of the page alike. The body is kept uncompressed (the compression
// middleware encodes each answer for its client) and the whole cache is bounded in bytes; the
// oldest pages go first.
import { randomBytes } from "node:crypto";

/** Any of the shop's cookies. Kept equal to app/lib/server/page-cache.server.ts's copy (a test checks). */
export const shopCookie = /(?:^|;)\s*(?:__Host-)?atelier_[^=]*=/;

/** Response headers that belong to one answer on one connection, not to the page. */
const perAnswer = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
]);

/** The number of seconds `Cache-Control` lets a shared cache keep the page, or 0. */
export function sharedMaxAge(cacheControl) {
  const value = String(cacheControl ?? "");
  if (!/(?:^|,)\s*public\s*(?:,|$)/i.test(value)) return 0;
  const m = /(?:^|,)\s*s-maxage=(\d+)/i.exec(value);
  return m ? Number(m[1]) : 0;
}

/**
 * The middleware: `seconds` caps how long a page is kept; `maxBytes` bounds the bodies kept;
 * `now` is the clock (tests move it).
 */
export function pageCache({ seconds, maxBytes = 32 * 1024 * 1024, now = Date.now }) {
  /** @type {Map<string, {status: number, headers: [string, unknown][], parts: Buffer[], nonce: string | undefined, size: number, stored: number, expires: number}>} */
  const pages = new Map();
  let bytes = 0;

  const drop = (key) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.size;
    pages.delete(key);
  };

  return function servePageCache(req, res, next) {
    if (seconds <= 0 || req.method !== "GET" || shopCookie.test(req.headers.cookie ?? "")) return next();
    const key = req.originalUrl;
    const page = pages.get(key);
    if (page && page.expires > now()) return answer(res, page, now());
    if (page) drop(key);

    const chunks = [];
    const write = res.write;
    const end = res.end;
    res.write = function writeAndKeep(chunk, ...rest) {
      if (chunk != null && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
      return write.call(this, chunk, ...rest);
    };
    res.end = function endAndKeep(chunk, ...rest) {
      if (chunk != null && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
      keep(key, res, chunks);
      return end.call(this, chunk, ...rest);
    };
    next();
  };

  function keep(key, res, chunks) {
    const ttl = Math.min(seconds, sharedMaxAge(res.getHeader("Cache-Control")));
    if (res.statusCode !== 200 || ttl <= 0 || res.getHeader("Set-Cookie") !== undefined) return;
    const body = Buffer.concat(chunks);
    if (body.length > maxBytes / 4) return;
    const headers = Object.entries(res.getHeaders()).filter(([name]) => !perAnswer.has(name));
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    drop(key);
    const stored = now();
    pages.set(key, {
      status: 200,
      headers,
      // The page cut where its nonce stands, so an answer only has to join the parts around a new one.
      parts: nonce ? splitBuffer(body, Buffer.from(nonce)) : [body],
      nonce,
      size: body.length,
      stored,
      expires: stored + ttl * 1000,
    });
    bytes += body.length;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }
}

function answer(res, page, at) {
  const fresh = page.nonce ? randomBytes(16).toString("base64") : "";
  for (const [name, value] of page.headers) {
    res.setHeader(
      name,
      name === "content-security-policy" ? String(value).split(page.nonce).join(fresh) : value,
    );
  }
  res.setHeader("Age", String(Math.floor((at - page.stored) / 1000)));
  res.statusCode = page.status;
  const nonce = Buffer.from(fresh);
  const body = [];
  for (const [i, part] of page.parts.entries()) {
    if (i > 0) body.push(nonce);
    body.push(part);
  }
  res.end(Buffer.concat(body));
}

/** `buf` cut at every occurrence of `sep` (which is dropped). */
function splitBuffer(buf, sep) {
  const parts = [];
  let from = 0;
  for (let at = buf.indexOf(sep); at !== -1; at = buf.indexOf(sep, from)) {
    parts.push(buf.subarray(from, at));
    from = at + sep.length;
  }
  parts.push(buf.subarray(from));
  return parts;
}
