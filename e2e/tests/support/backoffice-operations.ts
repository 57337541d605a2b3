// For the back-office operations journeys: a guest's order placed and paid on the storefront with
// the test card (as checkout.spec.ts does it), the order detail's parts, and screenshots of the
// screens for review, written only when E2E_SHOTS=1 (so CI never writes them).
import { mkdirSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { newShopper } from "./account.ts";
import { addFromProductPage, expectCartCount, listProducts } from "./shop.ts";

export type PlacedOrder = { id: string; number: string; email: string; total: string };

function step(page: Page, name: RegExp): Locator {
  return page.getByRole("main").getByRole("group", { name });
}

/**
 * Places and pays one order as a guest with a unique e-mail: one unit of a product with stock to
 * spare (picked at random so parallel tests do not drain one), standard delivery, the test card.
 * Returns the order's id, number, e-mail and total ("£…" as the Pay button said it).
 */
export async function placeGuestOrder(
  page: Page,
  request: APIRequestContext,
  label: string,
): Promise<PlacedOrder> {
  const { products } = await listProducts(request, { page_size: 48 });
  const inStock = products.filter((p) => p.stock_quantity >= 20);
  expect(inStock.length, "a product with stock to spare").toBeGreaterThan(0);
  const product = inStock[Math.floor(Math.random() * inStock.length)]!;
  const email = newShopper(label).email;

  await addFromProductPage(page, product);
  await expectCartCount(page, 1);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const pay = page.getByRole("main").getByRole("button", { name: /^Pay £\d/ });
  await expect(pay).toBeVisible();

  await step(page, /Contact/)
    .getByLabel("Email")
    .fill(email);
  const shipping = step(page, /Shipping address/);
  await shipping.getByLabel("First name").fill("Iris");
  await shipping.getByLabel("Last name").fill("Fairweather");
  await shipping.getByLabel("Address", { exact: true }).fill("1 Bond Street");
  await shipping.getByLabel("City").fill("London");
  await shipping.getByLabel("Postcode").fill("W1S 1AA");
  const payment = step(page, /Payment/);
  await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
  await payment.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await payment.getByLabel("CVC").fill("123");
  const total = (await pay.textContent())!.replace("Pay ", "").trim();
  await pay.click();

  await expect(page).toHaveURL(/\/payment-success\?order_id=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get("order_id")!;
  const number = (await page
    .getByText(/^Order number/)
    .locator("strong")
    .textContent())!;
  expect(number).toMatch(/^AL-[A-Z0-9]{6,}$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Paid — we're preparing your order" }),
  ).toBeVisible();
  return { id, number, email, total };
}

/** Pence of a "£1,234.56" as the back office and the storefront show money. */
export function penceOf(text: string): number {
  const m = /£([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(m[1]!.replaceAll(",", "")) * 100 + Number(m[2]);
}

/** The value of one fact (a <dt> and its <dd>) in a section's description list. */
export function fact(section: Locator, term: string): Locator {
  return section
    .locator("div")
    .filter({
      has: section
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole("definition");
}

/**
 * Saves the page at 1280 and 768 px wide to /tmp/shots/<name>-<width>.png when E2E_SHOTS=1, and
 * gives the page its width back. Without E2E_SHOTS it does nothing.
 */
export async function shoot(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== "1") return;
  mkdirSync("/tmp/shots", { recursive: true });
  const before = page.viewportSize();
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * expectNoSeriousA11yViolations for a screen with a frame axe cannot enter: the page editor's
 * preview is an iframe with sandbox="" (no scripts), where axe's script never answers and the scan
 * would hang. That frame (named by `exclude`) is left out; everything around it is scanned with the
 * suite's WCAG 2.2 AA tags.
 */
export async function expectNoSeriousA11yViolationsOutside(page: Page, exclude: string, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude(exclude)
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map(
      (v) =>
        `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `      ${n.target.join(" ")}`).join("\n")}`,
    )
    .join("\n");
  expect(
    serious.length,
    `axe found serious/critical violations on ${what} (${page.url()}):\n${report}\n`,
  ).toBe(0);
}
