// The storefront's production server (`npm start`): what react-router-serve does — static assets
// with long-lived caching, compression, an access log, the React Router request handler — plus
// what a shop behind the internet needs and react-router-serve cannot do (the pieces live in
// server/middleware.js, with their tests):
//
// - The shopper's address reaches the API. The API throttles sign-in attempts per client; every
//   call comes from this server, so it appends the address it sees (the socket peer) to
//   X-Forwarded-For. The API believes that header only from its TRUSTED_PROXIES (this server) and
//   takes the right-most address that is not itself a trusted proxy. What the client sent in
//   X-Forwarded-For is kept only when the peer is a proxy TRUST_PROXY names; from anyone else it
//   is dropped, so a shopper cannot pick the address the API counts.
// - Every response says: no framing (X-Frame-Options), no sniffing (X-Content-Type-Options),
//   Referrer-Policy strict-origin-when-cross-origin unless the page chose its own, a
//   Content-Security-Policy that allows nothing unless it is a page (which carries its own), and
//   Strict-Transport-Security when the request arrived over HTTPS.
// - The access log never holds a password reset token (the `token` query parameter is redacted).
// - Behind a TLS-terminating proxy, TRUST_PROXY (Express's "trust proxy": "loopback", a CIDR
//   list, or a hop count) lets X-Forwarded-Proto/Host say the shop is https://…; without it the
//   request URL would be http://… and every form post would fail React Router's origin check, and
//   no response would carry HSTS.
// - In production (NODE_ENV=production) STOREFRONT_URL is required: it refuses to start without it.
// - PAGE_CACHE_SECONDS (off unless set): a short page cache in this process for a shop without a
//   CDN, holding only what a CDN could hold — anonymous catalogue and information pages
//   (server/page-cache.js).
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { accessLogFormat, forwardClientAddress, hardenResponses, trustProxy } from "./server/middleware.js";
import { pageCache } from "./server/page-cache.js";

const here = path.dirname(url.fileURLToPath(import.meta.url));
const buildDir = path.join(here, "build");
// Loading the build reads the configuration (app/lib/server/config.server.ts), which refuses a production
// start without STOREFRONT_URL, or with a malformed address: say so in one line and stop, rather
// than serve links built from whatever Host header a request carries.
let build;
try {
  build = await import(url.pathToFileURL(path.join(buildDir, "server", "index.js")).href);
} catch (err) {
  console.error(`[storefront] cannot start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

/** PAGE_CACHE_SECONDS as a whole number of seconds (0, off, when unset); anything else stops the start. */
function pageCacheSeconds(value) {
  if (value === undefined || value === "") return 0;
  if (!/^\d+$/.test(value) || Number(value) > 3600) {
    console.error(
      `[storefront] cannot start: PAGE_CACHE_SECONDS must be a whole number of seconds, 0 to 3600 (got "${value}")`,
    );
    process.exit(1);
  }
  return Number(value);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy(process.env.TRUST_PROXY));
app.use(hardenResponses);
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }),
);
app.use(morgan(accessLogFormat));
// Before the static files (a page is never one; it spares each answer a look on disk), after the
// access log (which records answers from the cache too).
app.use(pageCache({ seconds: pageCacheSeconds(process.env.PAGE_CACHE_SECONDS) }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.use(forwardClientAddress);
app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[storefront] http://${host || "localhost"}:${port}`);
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
