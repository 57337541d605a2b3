import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { ListProductsResponseSchema } from "~/gen/atelier/store/v1/catalog_service_pb";
import { GetPageResponseSchema } from "~/gen/atelier/store/v1/content_service_pb";
import type { Api } from "~/lib/server/api.server";
import { loaderArgs } from "~/lib/testing/api";
import { escapeXml, loader, sitemapXml, staticPaths } from "./sitemap";

describe("sitemapXml", () => {
  it("writes absolute, escaped URLs with a date-only lastmod where known", () => {
    const xml = sitemapXml("https://atelier.example", [
      { path: "/shop?a=1&b=<2>" },
      { path: "/terms", lastmod: new Date("2025-05-13T09:30:00Z") },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://atelier.example/shop?a=1&amp;b=&lt;2&gt;</loc></url>",
        "  <url><loc>https://atelier.example/terms</loc><lastmod>2025-05-13</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("escapes every XML special character", () => {
    expect(escapeXml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&apos;");
  });
});

describe("sitemap loader", () => {
  type Methods = { listProducts: Api["catalog"]["listProducts"]; getPage: Api["content"]["getPage"] };

  function run(methods: Methods) {
    // A request whose Host is forged: the sitemap still names only the configured origin
    // (STOREFRONT_URL; outside production it defaults to http://localhost:3000).
    return loader(
      loaderArgs(
        "https://evil.test/sitemap.xml",
        { catalog: { listProducts: methods.listProducts }, content: { getPage: methods.getPage } },
        { headers: { "x-forwarded-host": "evil.test" } },
      ),
    );
  }

  const ids = Array.from({ length: 42 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

  it("lists the static pages and every visible product, asking the API for all of them at once", async () => {
    const listProducts = vi.fn<Methods["listProducts"]>(() =>
      Promise.resolve(
        create(ListProductsResponseSchema, { products: ids.map((id) => ({ id, name: id })), totalCount: 42 }),
      ),
    );
    const getPage = vi.fn<Methods["getPage"]>((req) =>
      req.slug === "faq"
        ? Promise.reject(new ConnectError("page not found", Code.NotFound))
        : Promise.resolve(
            create(GetPageResponseSchema, {
              page: { slug: req.slug, updatedAt: timestampFromDate(new Date("2025-05-12T00:00:00Z")) },
            }),
          ),
    );
    const res = await run({ listProducts, getPage });
    expect(listProducts).toHaveBeenCalledWith({ pageSize: 0 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      ...staticPaths.map((p) => `http://localhost:3000${p}`),
      ...ids.map((id) => `http://localhost:3000/product/${id}`),
    ]);
    expect(xml).toContain("<loc>http://localhost:3000/privacy</loc><lastmod>2025-05-12</lastmod>");
    expect(xml).toContain("<loc>http://localhost:3000/faq</loc></url>");
    expect(xml).not.toContain("evil.test");
  });

  it("answers 503 rather than a sitemap without products when the catalogue is unavailable", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await run({
      listProducts: () => Promise.reject(new ConnectError("unavailable", Code.Unavailable)),
      getPage: () => Promise.reject(new ConnectError("unavailable", Code.Unavailable)),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("300");
  });
});
