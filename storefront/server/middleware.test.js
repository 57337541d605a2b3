// @vitest-environment node
// The production server's request rules, run in a real Express app on a random local port.
import express from "express";
import morgan from "morgan";
import { afterEach, describe, expect, it } from "vitest";
import { resourcePolicy } from "../app/lib/server/csp.server";
import {
  accessLogFormat,
  forwardClientAddress,
  hardeningHeaders,
  hardenResponses,
  redactUrl,
  strictTransportSecurity,
  trustProxy,
} from "./middleware.js";

const servers = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An app with `setup` applied, answering every request with `handler`; its base URL. */
async function serve(
  setup,
  handler = (req, res) => res.json({ xff: req.headers["x-forwarded-for"] ?? null }),
) {
  const app = express();
  setup(app);
  app.all("/{*splat}", handler);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

async function forwardedFor(trust, sent) {
  const base = await serve((app) => {
    app.set("trust proxy", trust);
    app.use(forwardClientAddress);
  });
  const res = await fetch(`${base}/`, { headers: sent === undefined ? {} : { "x-forwarded-for": sent } });
  return (await res.json()).xff;
}

describe("forwardClientAddress", () => {
  it("drops what a client wrote when Express does not trust the peer, even a loopback one the API trusts", async () => {
    expect(await forwardedFor(false, "203.0.113.9")).toBe("127.0.0.1");
  });

  it("appends the peer to what a trusted proxy sent", async () => {
    expect(await forwardedFor(trustProxy("loopback"), "203.0.113.9")).toBe("203.0.113.9, 127.0.0.1");
    expect(await forwardedFor(trustProxy("1"), "198.51.100.1, 203.0.113.9")).toBe(
      "198.51.100.1, 203.0.113.9, 127.0.0.1",
    );
  });

  it("drops it when the trusted list does not name the peer", async () => {
    expect(await forwardedFor(trustProxy("10.0.0.0/8"), "203.0.113.9")).toBe("127.0.0.1");
  });

  it("is the peer alone when nothing was sent", async () => {
    expect(await forwardedFor(trustProxy("loopback"), undefined)).toBe("127.0.0.1");
  });
});

describe("trustProxy", () => {
  it("reads TRUST_PROXY", () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy(" ")).toBe(false);
    expect(trustProxy("2")).toBe(2);
    expect(trustProxy("true")).toBe(true);
    expect(trustProxy("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
  });
});

describe("hardenResponses", () => {
  const hardened = (handler) =>
    serve((app) => {
      app.use(hardenResponses);
      app.use(express.static("/nonexistent"));
    }, handler);

  it("adds the hardening headers to every response", async () => {
    const base = await hardened((_req, res) => res.send("<p>page</p>"));
    const res = await fetch(`${base}/about`);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("leaves a referrer policy the page chose (as the React Router handler appends it)", async () => {
    const base = await hardened((_req, res) => {
      res.status(200);
      res.append("Referrer-Policy", "same-origin");
      res.end("reset page");
    });
    const res = await fetch(`${base}/reset-password`);
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("covers redirects and errors too", async () => {
    const base = await hardened((_req, res) => res.redirect(302, "/login"));
    const res = await fetch(`${base}/account`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("covers writeHead given the headers directly", async () => {
    const base = await hardened((_req, res) => {
      res.writeHead(200, { "Referrer-Policy": "no-referrer", "Content-Type": "text/plain" });
      res.end("ok");
    });
    const res = await fetch(`${base}/`);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives a response without a Content-Security-Policy (a static file, an early error) one that allows nothing", async () => {
    const base = await hardened((_req, res) =>
      res.type("image/svg+xml").send("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    );
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it("is the same policy React Router's non-page responses get", () => {
    expect(hardeningHeaders["Content-Security-Policy"]).toBe(resourcePolicy);
  });

  it("leaves a page's own Content-Security-Policy (as the React Router handler appends it)", async () => {
    const base = await hardened((_req, res) => {
      res.append("Content-Security-Policy", "default-src 'self'; script-src 'self' 'nonce-abc'");
      res.end("<p>page</p>");
    });
    const res = await fetch(`${base}/`);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc'",
    );
  });

  /** A hardened app trusting `trust` as Express's "trust proxy"; the headers of a GET sending `headers`. */
  async function hsts(trust, headers) {
    const base = await serve(
      (app) => {
        app.set("trust proxy", trust);
        app.use(hardenResponses);
      },
      (_req, res) => res.send("ok"),
    );
    return (await fetch(`${base}/`, { headers })).headers.get("strict-transport-security");
  }

  it("sends HSTS when the request arrived over HTTPS through a proxy TRUST_PROXY names", async () => {
    expect(strictTransportSecurity).toBe("max-age=31536000; includeSubDomains");
    expect(await hsts(trustProxy("loopback"), { "x-forwarded-proto": "https" })).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("sends no HSTS over plain HTTP, nor when an untrusted client claims HTTPS", async () => {
    expect(await hsts(trustProxy("loopback"), {})).toBeNull();
    expect(await hsts(trustProxy("loopback"), { "x-forwarded-proto": "http" })).toBeNull();
    expect(await hsts(trustProxy(undefined), { "x-forwarded-proto": "https" })).toBeNull();
    expect(await hsts(trustProxy("10.0.0.0/8"), { "x-forwarded-proto": "https" })).toBeNull();
  });
});

describe("redactUrl", () => {
  it.each([
    ["/reset-password?token=s3cr3t", "/reset-password?token=REDACTED"],
    [
      "/reset-password.data?token=s3cr3t&_routes=routes%2Freset-password",
      "/reset-password.data?token=REDACTED&_routes=routes%2Freset-password",
    ],
    ["/reset-password?a=1&Token=s3cr3t&token=again", "/reset-password?a=1&Token=REDACTED&token=REDACTED"],
    ["/reset-password?%74oken=s3cr3t", "/reset-password?%74oken=REDACTED"],
    ["/reset-password?token", "/reset-password?token=REDACTED"],
    [
      "/payment-success?order_id=3c9e&payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_XyZ&redirect_status=succeeded",
      "/payment-success?order_id=3c9e&payment_intent=pi_3Abc&payment_intent_client_secret=REDACTED&redirect_status=succeeded",
    ],
    [
      "/payment-success.data?Payment_Intent_Client_Secret=pi_3Abc_secret_XyZ",
      "/payment-success.data?Payment_Intent_Client_Secret=REDACTED",
    ],
  ])("redacts %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    "/",
    "/shop?category=Verdant+%26+Co&sort=newest",
    "/login?redirectTo=%2Faccount",
    "/x?tokens=1&mytoken=2",
    "/bad?%E0%A4%A=1",
  ])("keeps %s", (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe("accessLogFormat", () => {
  it("logs method, path, status, length and time, never a reset token", async () => {
    const lines = [];
    const base = await serve(
      (app) => app.use(morgan(accessLogFormat, { stream: { write: (line) => lines.push(line) } })),
      (_req, res) => res.send("ok"),
    );
    await (await fetch(`${base}/reset-password?token=s3cr3t-t0ken`)).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/reset-password\?token=REDACTED 200 2 - [\d.]+ ms\n$/);
    expect(lines.join("")).not.toContain("s3cr3t");
  });

  it("never logs the client secret Stripe returns a payment with", async () => {
    const lines = [];
    const base = await serve(
      (app) => app.use(morgan(accessLogFormat, { stream: { write: (line) => lines.push(line) } })),
      (_req, res) => res.send("ok"),
    );
    await (
      await fetch(
        `${base}/payment-success?order_id=3c9e&payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_XyZ`,
      )
    ).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^GET \/payment-success\?order_id=3c9e&payment_intent=pi_3Abc&payment_intent_client_secret=REDACTED 200 2 - [\d.]+ ms\n$/,
    );
    expect(lines.join("")).not.toContain("secret_XyZ");
  });
});
