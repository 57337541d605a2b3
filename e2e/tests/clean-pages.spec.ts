// Every page loads cleanly: no script errors or console errors (a hydration mismatch is one), no
// failed requests, and at phone width nothing overflows sideways (WCAG 1.4.10 reflow).
import { expect, type Page, test } from "@playwright/test";
import { productByName } from "./support/shop.ts";

const paths = ["/", "/classic", "/shop", "/shop?search=rose&sort=price_desc&view=list", "PRODUCT", "/cart", "/wishlist", "/contact", "/about", "/shipping", "/privacy", "/terms", "/faq", "/faq?q=refund", "/status"];

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => {
    // A navigation or prefetch the page itself abandoned is not a failure.
    if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of paths) {
      test(`${path === "PRODUCT" ? "a product page" : path} loads cleanly`, async ({ page, request }) => {
        const url = path === "PRODUCT" ? `/product/${(await productByName(request, "Huile Précieuse Rose Facial Oil")).id}` : path;
        const problems = watch(page);
        const response = await page.goto(url, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(200);
        expect(problems, problems.join("\n")).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, "the page is no wider than the window").toBeLessThanOrEqual(0);
      });
    }
  });
}
