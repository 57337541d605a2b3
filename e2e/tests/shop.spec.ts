// The shop's controls beyond the journey: page size, list view, price range, no matches, Clear
// Filters. Everything lives in the URL.
import { expect, test } from "@playwright/test";
import { listProducts, productByName, waitForHydration } from "./support/shop.ts";

test("page size 12 shows twelve products; list view adds descriptions", async ({ page, request }) => {
  const { total_count: total } = await listProducts(request, { page_size: 6 });
  await page.goto("/shop");
  await waitForHydration(page);
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(6);
  await expect(page.getByText(`Showing 1–6 of ${total} products`)).toBeVisible();

  await page.getByLabel("Per page").selectOption("12");
  await expect(page).toHaveURL(/page_size=12/);
  await expect(cards).toHaveCount(12);
  await expect(page.getByText(`Showing 1–12 of ${total} products`)).toBeVisible();

  await page.getByRole("button", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole("list", { name: "Features" })).toBeVisible();
});

test("a price range keeps only products inside it", async ({ page }) => {
  await page.goto("/shop?min_price=100&max_price=250");
  const prices = page
    .getByRole("main")
    .getByRole("article")
    .getByText(/^£[\d,]+\.\d\d$/);
  await expect(prices.first()).toBeVisible();
  for (const text of await prices.allTextContents()) {
    const pounds = Number(text.replace(/[£,]/g, ""));
    expect(pounds).toBeGreaterThanOrEqual(100);
    expect(pounds).toBeLessThanOrEqual(250);
  }
  await expect(page.getByLabel("Min price (£)")).toHaveValue("100");
  await expect(page.getByLabel("Max price (£)")).toHaveValue("250");
});

test("no matches: the message, and Clear Filters brings everything back", async ({ page }) => {
  await page.goto("/shop?search=zzqx-no-such-product");
  await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
  await expect(page.getByText("Try adjusting your filters or search criteria.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);

  await page.goto("/shop?category=Verdant+%26+Co&min_price=10");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verdant & Co Collection");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luxury Beauty Products");
  await expect(page.getByRole("checkbox", { name: /^Verdant & Co/ })).not.toBeChecked();
});

test("the shop's state survives Back", async ({ page, request }) => {
  const firstByName = (await listProducts(request, { sort: "name_asc", page_size: 6 })).products[0]!.name;
  await page.goto("/shop");
  await waitForHydration(page);
  await page.getByLabel("Sort by").selectOption({ label: "Name: A to Z" });
  await expect(page).toHaveURL(/sort=name_asc/);
  // The address changes before the list does: wait for the sorted list itself.
  const first = page.getByRole("main").getByRole("article").first().getByRole("heading");
  await expect(first).toHaveText(firstByName);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=name_asc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByLabel("Sort by")).toHaveValue("name_asc");
  await expect(first).toHaveText(firstByName);
});

test("a card opens its product from anywhere on it, its picture too", async ({ page, request }) => {
  const product = await productByName(request, "Crème Riche Regenerating Cream");
  const count = product.images?.length ?? 0;
  expect(count).toBeGreaterThan(1);

  await page.goto(`/shop?search=${encodeURIComponent(product.name)}`);
  const card = page.getByRole("article", { name: product.name });
  await expect(card.getByText(`${count} Photos`)).toBeVisible();
  await expect(card.getByRole("link")).toHaveCount(1);
  await waitForHydration(page);
  // The name's link is stretched over the card, so it takes a tap on the picture.
  const picture = await card.locator("img").first().boundingBox();
  expect(picture).not.toBeNull();
  await page.mouse.click(picture!.x + picture!.width / 2, picture!.y + picture!.height / 2);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
});

test("search is case-insensitive; changing sort or page size returns to page 1; the price slider tops out at the next 100", async ({
  page,
  request,
}) => {
  const { products } = await listProducts(request, { sort: "price_desc", page_size: 6 });
  const highest = Number(products[0]!.price.minor_units) / 100;
  // PRODUCT §2: the highest price rounded up to the next 100 (500 when there is none).
  const ceiling = Math.floor(highest / 100) * 100 + 100;

  await page.goto("/shop?search=SKIN");
  const upper = await page.getByText(/^Showing /).textContent();
  await page.goto("/shop?search=skin");
  await expect(page.getByText(/^Showing /)).toHaveText(upper!);

  await expect(page.getByRole("slider", { name: "Maximum price" })).toHaveAttribute("max", String(ceiling));

  await page.goto("/shop?page=2");
  await waitForHydration(page);
  await page.getByLabel("Sort by").selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 1–6 of/)).toBeVisible();

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByLabel("Per page").selectOption("12");
  await expect(page).toHaveURL(/page_size=12/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 1–12 of/)).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("filters fold away behind a Filters button", async ({ page }) => {
    await page.goto("/shop");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Filters" });
    const brand = page.getByRole("checkbox", { name: /^Maison Lumière/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(brand).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(brand).toBeVisible();
    await toggle.click();
    await expect(brand).toBeHidden();
  });
});

// One collection: a short band with the house's still life above the grid; on a phone the words
// alone, so the first products stay on the first screen.
for (const width of [375, 1440]) {
  test.describe(`a collection's banner at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test(
      width < 768 ? "is its name alone" : "shows the house's still life behind its name",
      async ({ page }) => {
        await page.goto(`/shop?category=${encodeURIComponent("Maison Lumière")}`);
        const header = page.getByRole("main").locator("header").first();
        await expect(header.getByRole("heading", { level: 1 })).toHaveText("Maison Lumière Collection");
        const banner = header.getByRole("img");
        // Measured in the shop's own typefaces, not the fallback's.
        await page.evaluate(() => document.fonts.ready);
        const box = await header.boundingBox();
        if (width < 768) {
          await expect(banner).toBeHidden();
          expect(box!.height).toBeLessThan(120);
        } else {
          await expect(banner).toBeVisible();
          await expect(banner).toHaveAttribute("src", /^\/editorial\/banner-maison-lumiere-/);
          expect(box!.height).toBeLessThanOrEqual(240);
        }
        await expect(page.getByRole("main").getByRole("article").first()).toBeInViewport();
      },
    );
  });
}
