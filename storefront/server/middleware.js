// The request-rewriting pieces of the production server (server.js), kept apart so they can be
// tested: the shopper's address for the API, the hardening headers of every response (HSTS over
// HTTPS), and an access log that never holds a password reset token.

/** Express's trust-proxy value from TRUST_PROXY: unset → trust nobody; a number → that many hops. */
export function trustProxy(value = "") {
  const v = value.trim();
  if (v === "") return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === "true") return true;
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Express middleware: X-Forwarded-For as the API should read it. The API believes the header only
 * from its TRUSTED_PROXIES (this server, often on loopback or a Docker gateway) and takes the
 * right-most address that is not itself trusted. So whatever a client wrote there is kept only
 * when Express trusts the peer that sent it ("trust proxy", from TRUST_PROXY): otherwise a shopper
 * talking to this server directly, from an address the API also trusts, could choose the address
 * sign-in throttling counts. The peer itself is always appended.
 */
export function forwardClientAddress(req, _res, next) {
  const peer = req.socket.remoteAddress;
  if (peer) {
    const prior = req.headers["x-forwarded-for"];
    const trusted = req.app.get("trust proxy fn");
    req.headers["x-forwarded-for"] = prior && trusted(peer, 0) ? `${prior}, ${peer}` : peer;
  } else {
    delete req.headers["x-forwarded-for"];
  }
  next();
}

/**
 * Headers every response gets unless it set its own: no framing by other sites (clickjacking),
 * no content-type sniffing, and no full URLs sent to other sites as a Referer. A page may choose a
 * stricter referrer policy with its own header or a <meta name="referrer"> (which browsers apply
 * over this header); the reset page does. Pages come with their own Content-Security-Policy
 * (entry.server.tsx, around the page's nonce); everything else — static files, anything that
 * fails before React Router answers — gets one that allows nothing (the same as
 * app/lib/server/csp.server.ts's resourcePolicy, which React Router's responses get; a test checks).
 */
export const hardeningHeaders = Object.freeze({
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Content-Security-Policy":
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
});

/**
 * HSTS: once a browser has reached the shop over HTTPS it never tries plain HTTP again (for a
 * year, subdomains included). Sent only on requests that arrived over HTTPS — directly, or through
 * a TLS-terminating proxy that TRUST_PROXY lets set X-Forwarded-Proto (Express's req.secure) — as
 * browsers ignore it over HTTP and a development server on http://localhost must never send it.
 */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/** Express middleware: adds hardeningHeaders (and HSTS over HTTPS) just before the response's headers are sent. */
export function hardenResponses(req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadHardened(...args) {
    if (!res.headersSent) {
      for (const [name, value] of Object.entries(hardeningHeaders)) {
        if (!res.hasHeader(name) && !headerInArgs(args, name)) res.setHeader(name, value);
      }
      if (req.secure) res.setHeader("Strict-Transport-Security", strictTransportSecurity);
    }
    return writeHead.apply(this, args);
  };
  next();
}

/** Whether writeHead(status, [message], headers) was itself given header `name`. */
function headerInArgs(args, name) {
  const headers = typeof args[1] === "string" ? args[2] : args[1];
  if (!headers || typeof headers !== "object") return false;
  const lower = name.toLowerCase();
  if (Array.isArray(headers)) {
    // A flat [name, value, name, value…] list.
    return headers.some((h, i) => i % 2 === 0 && String(h).toLowerCase() === lower);
  }
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

/** Query parameters whose values never reach the access log. */
// Stripe returns from a redirect-based payment with the PaymentIntent's client secret in the URL.
const secretParams = new Set(["token", "payment_intent_client_secret"]);

/**
 * The request URL with the value of every `token` query parameter replaced by "REDACTED" (also
 * when its name is percent-encoded or differently cased); the rest is left exactly as sent.
 */
export function redactUrl(url) {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const hash = url.indexOf("#", q);
  const query = hash === -1 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const redacted = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName.replace(/\+/g, " ");
      try {
        name = decodeURIComponent(name);
      } catch {
        // A garbled name is compared as it is.
      }
      return secretParams.has(name.trim().toLowerCase()) ? `${rawName}=REDACTED` : pair;
    })
    .join("&");
  return url.slice(0, q + 1) + redacted + (hash === -1 ? "" : url.slice(hash));
}

/**
 * The access log's line: morgan's "tiny" format (method, URL, status, length, time) with the URL
 * redacted. Pass it to morgan(accessLogFormat).
 */
export function accessLogFormat(tokens, req, res) {
  return [
    tokens.method(req, res),
    redactUrl(tokens.url(req, res) ?? ""),
    tokens.status(req, res) ?? "-",
    tokens.res(req, res, "content-length") ?? "-",
    "-",
    tokens["response-time"](req, res) ?? "-",
    "ms",
  ].join(" ");
}
