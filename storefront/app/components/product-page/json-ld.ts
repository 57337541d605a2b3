// What search engines and link previews read about a product: structured data and a short description.
import type { ProductDetail } from "~/lib/models/catalog";

/** "24.99" from 2499 pence: the decimal string schema.org expects, built without floating point. */
export function decimalPrice(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function productJsonLd(p: ProductDetail, url: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    image: p.images.map((i) => i.src),
    description: p.description,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
    offers: {
      "@type": "Offer",
      price: decimalPrice(p.price.pence),
      priceCurrency: p.price.currency,
      availability:
        p.stockLevel === "out_of_stock" ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
      url,
    },
  };
}

/**
 * JSON for an inline <script>. A "<" in any product text could otherwise close the script element
 * ("</script>") and inject markup, so it is written as its JSON escape, which parses identically.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** A description meta tag's worth of text (search engines show about 155 characters). */
export function summarize(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // End on a whole word when there is one to end on; the ellipsis takes the last character.
  const space = flat.slice(0, max).lastIndexOf(" ");
  return `${space > 0 ? flat.slice(0, space) : flat.slice(0, max - 1)}…`;
}
