import { describe, expect, it } from "vitest";
import { detail, image } from "~/lib/testing/product";
import { decimalPrice, jsonForScript, productJsonLd, summarize } from "./json-ld";

describe("decimalPrice", () => {
  it.each([
    [2499, "24.99"],
    [32000, "320.00"],
    [5, "0.05"],
    [0, "0.00"],
    [100001, "1000.01"],
  ])("writes %i pence as %s", (pence, text) => {
    expect(decimalPrice(pence)).toBe(text);
  });
});

describe("productJsonLd", () => {
  const url = "https://atelier.test/product/p1";

  it("describes the product and its offer", () => {
    expect(productJsonLd(detail({ images: [image(1), image(2)] }), url)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Rose Serum",
      image: ["https://img.test/1/1200.jpg", "https://img.test/2/1200.jpg"],
      description: "A calming rose serum.",
      sku: "ML-001",
      brand: { "@type": "Brand", name: "Maison Lumière" },
      offers: {
        "@type": "Offer",
        price: "42.00",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
        url,
      },
    });
  });

  it("marks a sold-out product out of stock, and a low-stock one still in stock", () => {
    expect(productJsonLd(detail({ stock: 0, stockLevel: "out_of_stock" }), url).offers.availability).toBe(
      "https://schema.org/OutOfStock",
    );
    expect(productJsonLd(detail({ stock: 3, stockLevel: "low_stock" }), url).offers.availability).toBe(
      "https://schema.org/InStock",
    );
  });

  it("leaves out an empty SKU", () => {
    expect(productJsonLd(detail({ sku: "" }), url)).not.toHaveProperty("sku");
  });
});

describe("jsonForScript", () => {
  it("cannot close the script element it is written into", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("summarize", () => {
  it("keeps short text and tidies its spacing", () => {
    expect(summarize("  A  calming\nserum. ")).toBe("A calming serum.");
  });

  it("shortens long text at a word boundary", () => {
    const text = "word ".repeat(60);
    const short = summarize(text, 30);
    expect(short.length).toBeLessThanOrEqual(30);
    expect(short).toBe("word word word word word word…");
  });
});
