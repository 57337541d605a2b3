// The product page beyond the journey: details, tabs (arrow keys cycle), stock rules, related
// products, and a missing product.
import { expect, test } from "@playwright/test";
import { expectCartCount, gbp, productByName, productInfo, waitForHydration } from "./support/shop.ts";

test("details, features, tabs with arrow keys, You May Also Like", async ({ page, request }) => {
  const product = await productByName(request, "Huile Précieuse Rose Facial Oil");
  await page.goto(`/product/${product.id}`);
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expect(page).toHaveTitle(new RegExp(product.name));
  await expect(main.getByText(gbp(product.price.minor_units)).first()).toBeVisible();
  await expect(main.getByText(/^SKU: \S+/)).toBeVisible();
  await expect(main.getByRole("heading", { name: "Features" })).toBeVisible();

  await waitForHydration(page);
  const tabs = page.getByRole("tablist");
  const description = tabs.getByRole("tab", { name: "Description" });
  const specifications = tabs.getByRole("tab", { name: "Specifications" });
  const shipping = tabs.getByRole("tab", { name: "Shipping & Returns" });
  await expect(description).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText(product.description.slice(0, 40));

  await description.focus();
  await page.keyboard.press("ArrowRight");
  await expect(specifications).toHaveAttribute("aria-selected", "true");
  await expect(specifications).toBeFocused();
  // Attributes other than category, feature and brand, as rows.
  const specs = page.getByRole("tabpanel");
  await expect(specs.getByRole("row").first()).toBeVisible();
  await expect(specs).toContainText("Size");
  await expect(specs).not.toContainText("brand");

  await page.keyboard.press("ArrowRight");
  await expect(shipping).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("£50");
  await expect(page.getByRole("tabpanel")).toContainText("Returns within 28 days of receipt");

  await page.keyboard.press("ArrowRight");
  await expect(description, "arrow keys wrap around to the first tab").toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.keyboard.press("ArrowLeft");
  await expect(shipping, "and back to the last").toHaveAttribute("aria-selected", "true");

  const related = page.getByRole("region", { name: "You May Also Like" });
  const cards = related.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(4);
  await expect(
    cards.filter({ hasText: product.name }),
    "the product is not recommended to itself",
  ).toHaveCount(0);
});

test("out of stock: badge, and Add to Cart is disabled", async ({ page, request }) => {
  const product = await productByName(request, "Blue Tansy Night Oil");
  expect(product.stock_quantity).toBe(0);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  const info = productInfo(page, product.name);
  await expect(info.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await expect(info.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await expect(info.getByRole("button", { name: /out of stock/i })).toBeDisabled();
});

test("low stock: badge, and the quantity stops at the stock", async ({ page, request }) => {
  const product = await productByName(request, "Coffret Prestige Collection");
  expect(product.stock_quantity).toBeGreaterThan(1);
  expect(product.stock_quantity).toBeLessThan(10);
  await page.goto(`/product/${product.id}`);
  await expect(productInfo(page, product.name).getByText("Low Stock")).toBeVisible();
  await waitForHydration(page);
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  const increase = page.getByRole("button", { name: "Increase quantity" });
  for (let n = 1; n < product.stock_quantity; n++) await increase.click();
  await expect(quantity).toHaveValue(String(product.stock_quantity));
  await expect(increase).toBeDisabled();
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeEnabled();
  await expectCartCount(page, 0);
});

test("a missing product says so, with a way back to the shop, and answers 404", async ({ page }) => {
  const response = await page.goto("/product/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).toContainText("Product not found.");
  await expect(page.getByRole("main").getByRole("link", { name: "Return to Shop" })).toHaveAttribute(
    "href",
    "/shop",
  );
});

// The gallery draws the first picture twice — a swiping strip on phones, a main image on wider
// screens — and hides each at the other's widths (display: none). A phone fetches only the strip's.
test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });

  test("the gallery fetches only the first picture it draws", async ({ page, request }) => {
    const product = await productByName(request, "Huile Précieuse Rose Facial Oil");
    const first = product.images?.[0]?.url;
    if (!first) throw new Error("the demo product has no picture");
    const folder = new URL(first).pathname.replace(/[^/]+$/, "");
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith(folder)) asked.push(r.url());
    });
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    const shown = page.locator(".gallery__strip img").first();
    await expect(shown).toBeVisible();
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.locator(".gallery__main")).toBeHidden();
    expect(asked, "one rendition: the one the strip draws").toEqual([
      await shown.evaluate((img: HTMLImageElement) => img.currentSrc),
    ]);
    // Each layout's preload names the widths that draw it.
    const media = await page
      .locator("head link[rel=preload][as=image]")
      .evaluateAll((links) => links.map((l) => l.getAttribute("media")));
    expect(media.sort()).toEqual(["(max-width: 767px)", "(min-width: 768px)"]);
  });
});
