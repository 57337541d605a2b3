// The storefront's production server (`npm start`): what react-router-serve does — static assets
// with long-lived caching, compression, an access log, the React Router request handler — plus
// the two things a shop behind the internet needs and react-router-serve cannot do:
//
// - The shopper's address reaches the API. The API throttles sign-in attempts per client; every
//   call comes from this server, so it appends the address it sees (the socket peer) to
//   X-Forwarded-For. The API believes that header only from its TRUSTED_PROXIES (this server) and
//   takes the right-most address that is not itself a trusted proxy, so a value a shopper made up
//   is ignored.
// - Behind a TLS-terminating proxy, TRUST_PROXY (Express's "trust proxy": "loopback", a CIDR
//   list, or a hop count) lets X-Forwarded-Proto/Host say the shop is https://…; without it the
//   request URL would be http://… and every form post would fail React Router's origin check.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";

const here = path.dirname(url.fileURLToPath(import.meta.url));
const buildDir = path.join(here, "build");
const build = await import(url.pathToFileURL(path.join(buildDir, "server", "index.js")).href);

/** Express's trust-proxy value from TRUST_PROXY: unset → trust nobody; a number → that many hops. */
function trustProxy(value = "") {
  const v = value.trim();
  if (v === "") return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === "true") return true;
  return v.split(",").map((s) => s.trim()).filter(Boolean);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy(process.env.TRUST_PROXY));
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.use(morgan("tiny"));
app.use((req, _res, next) => {
  const peer = req.socket.remoteAddress;
  if (peer) {
    const prior = req.headers["x-forwarded-for"];
    req.headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
  }
  next();
});
app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[storefront] http://${host || "localhost"}:${port}`);
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
