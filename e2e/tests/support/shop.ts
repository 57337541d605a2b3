// Shared helpers for the specs: the API the stack runs (to look products up by name, as the
// demo catalogue's ids are generated per seed), the header's cart link, and the axe scan.
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { apiURL } from "../../stack/target.ts";

/** The address of the API under test (the stack's, or the running deployment's). */
export { apiURL };

/**
 * Skips the running test unless the shop takes test payments (its checkout config says
 * PAYMENT_MODE_TEST, as `atelier dev` and PAYMENT_TEST_MODE=on do): a deployment taking real
 * payments is never paid by the suite.
 */
export async function skipWithoutTestPayments(request: APIRequestContext) {
  const res = await request.get(`${apiURL()}/api/v1/checkout/config`);
  expect(res.status(), "GET /api/v1/checkout/config").toBe(200);
  const mode = ((await res.json()) as { payment_mode?: string }).payment_mode;
  test.skip(
    mode !== "PAYMENT_MODE_TEST",
    `needs the test payment mode: the shop under test takes payments by ${mode ?? "an unknown mode"}`,
  );
}

type ApiProduct = {
  id: string;
  slug: string;
  name: string;
  description: string;
  stock_quantity: number;
  category: string;
  price: { minor_units: string };
  images?: { url: string }[];
};

type ProductPage = { products: ApiProduct[]; total_count: number };

/**
 * One page of the catalogue from the public REST API (page_size is one of 6, 12, 24, 48), with
 * whole products: specs compare pages with every image and the whole description, which a list's
 * default summaries (one image, a shortened description) leave out.
 */
export async function listProducts(
  request: APIRequestContext,
  params: Record<string, string | number>,
): Promise<ProductPage> {
  const res = await request.get(`${apiURL()}/api/v1/products`, {
    params: { view: "PRODUCT_VIEW_FULL", ...params },
  });
  expect(res.status(), `GET /api/v1/products ${JSON.stringify(params)}`).toBe(200);
  return (await res.json()) as ProductPage;
}

/** A demo product by its exact name, from the public REST API. */
export async function productByName(request: APIRequestContext, name: string): Promise<ApiProduct> {
  const { products } = await listProducts(request, { search: name, page_size: 48 });
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`demo product ${JSON.stringify(name)} not found in the catalogue`);
  return product;
}

/** "£68.00" for 6800 pence, as the storefront formats GBP (en-GB). */
export function gbp(pence: number | string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(Number(pence) / 100);
}

/**
 * The header's cart link: its accessible name is its visible words and the count ("Cart 2 items";
 * agreed first as "Cart, 2 items", so an optional comma is accepted).
 */
/** The demo shop's two brands (its categories), in the order the shop lists them. */
export const brands = ["Maison Lumière", "Verdant & Co"] as const;

/**
 * Where the shop links one brand's collection: /shop?category=<name>, the name's spaces written
 * as + or %20 (both are the same query), and nothing after it.
 */
export function categoryHref(category: string): RegExp {
  const encoded = encodeURIComponent(category)
    .replace(/[.*()]/g, "\\$&")
    .replace(/%20/g, "(\\+|%20)");
  return new RegExp(`/shop\\?category=${encoded}$`);
}

export function cartLink(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: /^Cart,? \d+ items?$/ });
}

export async function expectCartCount(page: Page, count: number) {
  await expect(cartLink(page)).toHaveAccessibleName(
    new RegExp(`^Cart,? ${count} ${count === 1 ? "item" : "items"}$`),
  );
}

/** The product page's summary (name, price, stock, quantity, Add to Cart): a region named by its h1. */
export function productInfo(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}

/** The polite live region that shows "{product} added to cart" for three seconds. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole("status").filter({ hasText: text });
}

/**
 * Waits until React has hydrated the page, so that clicks reach the enhanced handlers instead of
 * racing them. The storefront's forms that work both ways (Add to Cart, a cart line, the contact
 * form) add a hidden `enhanced` field once hydrated, which tells the server to answer the script
 * rather than redirect: a public signal, unlike React's internals. The page is one React root, so
 * one hydrated form means the whole page is. It therefore needs a page with one of those forms
 * (a product card or page, a cart with an item, the contact page); on any other page, reach it by
 * a link from one that has.
 */
export async function waitForHydration(page: Page) {
  await expect(
    page.locator('form input[name="enhanced"]').first(),
    "the page hydrates (its forms gain the enhanced field)",
  ).toBeAttached();
}

/** Opens the product's page and adds one to the cart in the background, as a shopper would. */
export async function addFromProductPage(page: Page, product: { id: string; name: string }) {
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  await productInfo(page, product.name).getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `${product.name} added to cart`)).toBeVisible();
}

/** The contact page's form: the one with the Send button. */
export function contactForm(page: Page): Locator {
  return page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByRole("button", { name: /send/i }) });
}

export async function sendContactMessage(
  page: Page,
  fields: { name: string; email: string; subject: string; message: string },
) {
  const form = contactForm(page);
  await form.getByLabel(/name/i).first().fill(fields.name);
  await form.getByLabel(/e-?mail/i).fill(fields.email);
  await form.getByLabel(/subject/i).fill(fields.subject);
  await form.getByLabel(/message/i).fill(fields.message);
  await form.getByRole("button", { name: "Send Message" }).click();
}

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with a readable list when axe finds serious or critical WCAG 2.2 AA violations. */
export async function expectNoSeriousA11yViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `      ${n.target.join(" ")}\n        ${n.failureSummary?.split("\n").join("\n        ")}`,
        )
        .join("\n");
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : "";
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
  expect(
    serious.length,
    `axe found serious/critical violations on ${what} (${page.url()}):\n${report}\n`,
  ).toBe(0);
}

/**
 * The header's phone menu toggle: the summary of a <details> (so it opens without JavaScript),
 * which browsers and axe expose as a button but Playwright's role queries do not: found by its
 * words ("Open menu", or "Close menu" while open with JavaScript).
 */
export function menuToggle(page: Page, state: "Open" | "Close" | "any" = "any"): Locator {
  const words = state === "any" ? /^(Open|Close) menu$/ : `${state} menu`;
  return page.getByRole("banner").locator("summary").filter({ hasText: words });
}
