// @vitest-environment node
// The server's page cache, in a real Express app (with compression, as server.js has it) on a
// random local port, in front of a handler that renders a page with a nonce, as the shop does.
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { shopCookie as documentsShopCookie } from "../app/lib/server/page-cache.server";
import { pageCache, sharedMaxAge, shopCookie } from "./page-cache.js";

const servers = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const publicPage = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

/** A shop whose page at each path is rendered by `render(req)`; counts renders per path. */
async function shop({ seconds = 30, maxBytes, clock, render }) {
  const renders = new Map();
  const app = express();
  app.use(compression());
  app.use(pageCache({ seconds, maxBytes, now: clock }));
  app.get("/{*splat}", (req, res) => {
    renders.set(req.path, (renders.get(req.path) ?? 0) + 1);
    const nonce = `n${Math.random().toString(36).slice(2)}`;
    const page = render(req, nonce);
    res.status(page.status ?? 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    if (page.cacheControl) res.setHeader("Cache-Control", page.cacheControl);
    if (page.cookie) res.setHeader("Set-Cookie", page.cookie);
    // Streamed in two parts, as React sends a document.
    res.write(`<html><head><script nonce="${nonce}">1</script></head>`);
    res.end(`<body>${page.text ?? req.path}<script nonce="${nonce}">2</script></body></html>`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const get = async (path, headers = {}) => {
    const res = await fetch(base + path, { headers });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  return { get, renders: (path) => renders.get(path) ?? 0 };
}

const nonceOf = (page) => /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy"))?.[1];
const bodyNonces = (page) => [...page.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("pageCache", () => {
  it("answers a public page again without rendering it, with a fresh nonce everywhere", async () => {
    // Over compression's 1 KB threshold.
    const { get, renders } = await shop({
      render: () => ({ cacheControl: publicPage, text: "x".repeat(2048) }),
    });
    const first = await get("/shop?sort=price");
    const second = await get("/shop?sort=price", { "accept-encoding": "gzip" });
    expect(renders("/shop")).toBe(1);
    expect(second.status).toBe(200);
    expect(second.headers.get("cache-control")).toBe(publicPage);
    expect(second.headers.get("content-encoding"), "encoded for its own client").toBe("gzip");
    expect(second.headers.get("age")).toBe("0");
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(bodyNonces(second)).toEqual([nonceOf(second), nonceOf(second)]);
    expect(second.body.replaceAll(nonceOf(second), "N")).toBe(first.body.replaceAll(nonceOf(first), "N"));
    await get("/shop?sort=name");
    expect(renders("/shop"), "another query is another page").toBe(2);
  });

  it("never answers a request carrying a shop cookie from it, nor keeps what it rendered", async () => {
    const { get, renders } = await shop({ render: () => ({ cacheControl: publicPage }) });
    await get("/", { cookie: "theme=dark; atelier_cart=c1" });
    await get("/", { cookie: "__Host-atelier_session=s" });
    expect(renders("/")).toBe(2);
    await get("/");
    await get("/", { cookie: "atelier_wishlist=p1" });
    expect(renders("/"), "the anonymous page is not given to a shopper with a wishlist").toBe(4);
    await get("/", { cookie: "theme=dark" });
    expect(renders("/"), "a cookie not the shop's changes nothing").toBe(4);
  });

  it.each([
    ["private pages", { cacheControl: "private, no-cache" }],
    ["pages without a Cache-Control", {}],
    ["public pages without s-maxage", { cacheControl: "public, max-age=60" }],
    ["pages that set a cookie", { cacheControl: publicPage, cookie: "atelier_cart=c1" }],
    ["answers other than 200", { cacheControl: publicPage, status: 404 }],
  ])("keeps no %s", async (_name, page) => {
    const { get, renders } = await shop({ render: () => page });
    await get("/p");
    await get("/p");
    expect(renders("/p")).toBe(2);
  });

  it("keeps a page no longer than its own s-maxage or the configured seconds, whichever is shorter", async () => {
    let at = 1_000_000;
    const { get, renders } = await shop({
      seconds: 30,
      clock: () => at,
      render: (req) => ({ cacheControl: req.path === "/short" ? "public, s-maxage=5" : publicPage }),
    });
    await get("/short");
    await get("/long");
    at += 6_000;
    await get("/short");
    await get("/long");
    expect([renders("/short"), renders("/long")]).toEqual([2, 1]);
    at += 25_000;
    await get("/long");
    expect(renders("/long")).toBe(2);
  });

  it("stays within its byte budget, letting the oldest pages go", async () => {
    const { get, renders } = await shop({
      maxBytes: 4 * 1024,
      render: () => ({ cacheControl: publicPage, text: "x".repeat(900) }),
    });
    for (const p of ["/a", "/b", "/c", "/d", "/e", "/f"]) await get(p);
    await get("/f");
    await get("/a");
    expect(renders("/f"), "the newest is kept").toBe(1);
    expect(renders("/a"), "the oldest went").toBe(2);
  });

  it("is off with no seconds", async () => {
    const { get, renders } = await shop({ seconds: 0, render: () => ({ cacheControl: publicPage }) });
    await get("/");
    await get("/");
    expect(renders("/")).toBe(2);
  });
});

describe("shopCookie", () => {
  it("is the pattern the documents' Cache-Control is decided by", () => {
    // Otherwise the cache could answer a shopper the documents would have called personal.
    expect(shopCookie.source).toBe(documentsShopCookie.source);
  });
});

describe("sharedMaxAge", () => {
  it.each([
    [publicPage, 60],
    ["public,s-maxage=10", 10],
    ["private, s-maxage=10", 0],
    ["public, max-age=10", 0],
    [undefined, 0],
  ])("%s → %d", (value, seconds) => {
    expect(sharedMaxAge(value)).toBe(seconds);
  });
});
