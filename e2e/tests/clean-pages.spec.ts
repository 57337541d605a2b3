// Every page loads cleanly: no script errors or console errors (a hydration mismatch is one), no
// failed requests, and at phone width nothing overflows sideways (WCAG 1.4.10 reflow).
import { expect, type Page, test } from "@playwright/test";
import { demoAdmin, demoCustomer, logIn } from "./support/account.ts";
import { productByName } from "./support/shop.ts";

const paths = [
  "/",
  "/classic",
  "/shop",
  "/shop?search=rose&sort=price_desc&view=list",
  "PRODUCT",
  "/cart",
  "/wishlist",
  "/contact",
  "/about",
  "/shipping",
  "/privacy",
  "/terms",
  "/faq",
  "/faq?q=refund",
  "/status",
];

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => {
    // A navigation or prefetch the page itself abandoned is not a failure.
    if (r.failure()?.errorText !== "net::ERR_ABORTED")
      problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
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
        const url =
          path === "PRODUCT"
            ? `/product/${(await productByName(request, "Huile Précieuse Rose Facial Oil")).id}`
            : path;
        const problems = watch(page);
        const response = await page.goto(url, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(200);
        expect(problems, problems.join("\n")).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, "the page is no wider than the window").toBeLessThanOrEqual(0);
      });
    }
  });
}

// Signed-in pages reflow at phone width too: My Account holds the longest labels (an admin's
// two-factor set-up among them).
test.describe("signed in, at 375 px", () => {
  for (const [who, account] of [
    ["a customer", demoCustomer],
    ["an admin", demoAdmin],
  ] as const) {
    test(`${who}'s account pages load cleanly`, async ({ page }) => {
      await logIn(page, account.email, account.password);
      await page.setViewportSize({ width: 375, height: 800 });
      for (const path of ["/account", "/orders", "/wishlist"]) {
        const problems = watch(page);
        const response = await page.goto(path, { waitUntil: "networkidle" });
        expect(response?.status(), path).toBe(200);
        expect(problems, problems.join("\n")).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} is no wider than the window`).toBeLessThanOrEqual(0);
      }
    });
  }
});
