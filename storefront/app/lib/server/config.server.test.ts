import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("defaults to the local API", () => {
    expect(loadConfig({})).toEqual({
      apiUrl: "http://localhost:8080",
      publicUrl: "http://localhost:3000",
      backofficeUrl: "http://localhost:5173/admin",
      mediaOrigin: "http://localhost:8080",
    });
  });

  it("drops a trailing slash", () => {
    expect(
      loadConfig({
        API_URL: "https://api.example.com/",
        STOREFRONT_URL: "https://shop.example.com/",
        BACKOFFICE_URL: "https://api.example.com/admin/",
      }),
    ).toEqual({
      apiUrl: "https://api.example.com",
      publicUrl: "https://shop.example.com",
      backofficeUrl: "https://api.example.com/admin",
      mediaOrigin: "https://api.example.com",
    });
  });

  it("takes the origin of the API's public address for its images", () => {
    expect(
      loadConfig({ API_URL: "http://backend:8080", API_PUBLIC_URL: "https://api.atelier.london/" })
        .mediaOrigin,
    ).toBe("https://api.atelier.london");
    expect(() => loadConfig({ API_PUBLIC_URL: "api.atelier.london" })).toThrow(/API_PUBLIC_URL/);
  });

  it.each(["not a url", "ftp://example.com"])("refuses API_URL=%s", (value) => {
    expect(() => loadConfig({ API_URL: value })).toThrow(/API_URL/);
  });

  const production = { NODE_ENV: "production", STOREFRONT_URL: "https://shop.example.com" };

  it("has no back office address in production unless BACKOFFICE_URL gives one", () => {
    expect(loadConfig(production).backofficeUrl).toBeUndefined();
    expect(loadConfig({ ...production, BACKOFFICE_URL: " " }).backofficeUrl).toBeUndefined();
    expect(loadConfig({ ...production, BACKOFFICE_URL: "https://admin.example.com" }).backofficeUrl).toBe(
      "https://admin.example.com",
    );
  });

  it("defaults the back office to the local one outside production", () => {
    expect(loadConfig({ NODE_ENV: "development" }).backofficeUrl).toBe("http://localhost:5173/admin");
    expect(loadConfig({ NODE_ENV: "test" }).backofficeUrl).toBe("http://localhost:5173/admin");
  });

  it("refuses a BACKOFFICE_URL without a scheme", () => {
    expect(() => loadConfig({ BACKOFFICE_URL: "admin.example.com" })).toThrow(/BACKOFFICE_URL/);
    expect(() => loadConfig({ ...production, BACKOFFICE_URL: "admin.example.com" })).toThrow(
      /BACKOFFICE_URL/,
    );
  });

  it("refuses a STOREFRONT_URL without a scheme", () => {
    expect(() => loadConfig({ STOREFRONT_URL: "shop.example.com" })).toThrow(/STOREFRONT_URL/);
  });

  it.each([
    "ftp://shop.example.com",
    "https://shop.example.com/shop",
    "https://shop.example.com/?a=1",
    "https://user:pw@shop.example.com",
  ])("refuses STOREFRONT_URL=%s (not an http(s) origin)", (value) => {
    expect(() => loadConfig({ STOREFRONT_URL: value })).toThrow(/STOREFRONT_URL/);
  });

  it("requires STOREFRONT_URL in production, saying so", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/STOREFRONT_URL is required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", STOREFRONT_URL: "  " })).toThrow(
      /STOREFRONT_URL is required in production/,
    );
    expect(loadConfig(production).publicUrl).toBe("https://shop.example.com");
  });

  it("falls back to the development server's own address outside production, never to a request's", () => {
    expect(loadConfig({ NODE_ENV: "development" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ NODE_ENV: "development", PORT: "3100" }).publicUrl).toBe("http://localhost:3100");
  });

  it("keeps only the origin of STOREFRONT_URL", () => {
    expect(loadConfig({ STOREFRONT_URL: "HTTPS://Shop.Example.com:443/" }).publicUrl).toBe(
      "https://shop.example.com",
    );
    expect(loadConfig({ STOREFRONT_URL: "http://127.0.0.1:13000" }).publicUrl).toBe("http://127.0.0.1:13000");
  });
});
