// The shopper's journey end to end: home → shop → a brand → search → sort → page 2 → a product →
// its full-screen gallery → two in the cart → change the quantity → remove → empty cart.
import { expect, type Page, test } from "@playwright/test";
import {
  cartLink,
  expectCartCount,
  gbp,
  listProducts,
  productInfo,
  toast,
  waitForHydration,
} from "./support/shop.ts";

const brand = "Maison Lumière";
const term = "skin";

/** The product cards of the shop's result list, in order. */
function productNames(page: Page) {
  return page.getByRole("main").getByRole("article").getByRole("heading");
}

test("home → shop → brand → search → sort → page 2 → product gallery → cart edits → empty cart", async ({
  page,
  request,
}) => {
  // What the API says page 2 of "skin" in Maison Lumière, cheapest first, holds.
  const { products: page2 } = await listProducts(request, {
    search: term,
    category: brand,
    sort: "price_asc",
    page: 2,
    page_size: 6,
  });
  expect(
    page2.length,
    "the demo catalogue has a second page of Maison Lumière products about skin",
  ).toBeGreaterThan(0);

  await test.step("home", async () => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Atelier London/);
    await waitForHydration(page);
    await expectCartCount(page, 0);
  });

  await test.step("Shop menu → All Products", async () => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Shop" }).click();
    await nav.getByRole("link", { name: "All Products" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luxury Beauty Products");
    await expect(page.getByText(/^Showing 1–6 of \d+ products$/)).toBeVisible();
    await expect(productNames(page)).toHaveCount(6);
  });

  await test.step(`filter by ${brand}`, async () => {
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: new RegExp(`^${brand}`) }).check();
    await expect(page).toHaveURL(/category=Maison\+Lumi%C3%A8re|category=Maison%20Lumi%C3%A8re/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${brand} Collection`);
    // Every card on the page is the brand's.
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
    for (const card of await page.getByRole("main").getByRole("article").all()) {
      await expect(card).toContainText(brand);
    }
  });

  await test.step(`search "${term}" from the header`, async () => {
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.fill(term);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/shop\\?search=${term}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search Results for "${term}"`);
    await expect(search, "the search box clears after searching").toHaveValue("");
    // The header search starts a new search; narrow it to the brand again.
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: new RegExp(`^${brand}`) }).check();
    await expect(page).toHaveURL(/category=/);
    await expect(page).toHaveURL(new RegExp(`search=${term}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search Results for "${term}"`);
  });

  await test.step("sort by price, low to high", async () => {
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
    await expectPricesAscending(page);
  });

  await test.step("page 2", async () => {
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(productNames(page)).toHaveText(page2.map((p) => p.name));
    await expectPricesAscending(page);
  });

  const product = page2.find((p) => (p.images?.length ?? 0) > 1 && p.stock_quantity >= 3);
  if (!product) throw new Error("page 2 has no product with several photos and stock for 3");

  await test.step(`open ${product.name}`, async () => {
    await page.getByRole("main").getByRole("link", { name: product.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    const breadcrumb = page.getByRole("navigation", { name: /breadcrumb/i });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
    await expect(breadcrumb.getByRole("link", { name: brand })).toHaveAttribute("href", /\/shop\?category=/);
    await expect(page.getByRole("main").getByText(gbp(product.price.minor_units)).first()).toBeVisible();
  });

  await test.step("full-screen gallery: open, arrow keys, Escape", async () => {
    await waitForHydration(page);
    const count = product.images!.length;
    const zoom = page.getByRole("button", { name: /full[- ]?screen|zoom|enlarge/i }).first();
    await zoom.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Image 1 of ${count}`)).toBeVisible();
    await expect(page.locator("html"), "the page behind the dialog cannot scroll").toHaveCSS(
      "overflow",
      "hidden",
    );
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText(`Image 2 of ${count}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(
      dialog.getByText(`Image ${count} of ${count}`),
      "ArrowLeft from the first image wraps to the last",
    ).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(
      dialog.getByText(`Image 1 of ${count}`),
      "ArrowRight from the last image wraps to the first",
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(zoom, "focus goes back to what opened the dialog").toBeFocused();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
  });

  await test.step("add 2 to the cart", async () => {
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    await expect(quantity).toHaveValue("1");
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("2");
    await productInfo(page, product.name).getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `${product.name} added to cart`)).toBeVisible();
    await expectCartCount(page, 2);
  });

  await test.step("cart: change the quantity", async () => {
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Shopping Cart");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: product.name }) });
    await expect(row).toHaveCount(1);
    const quantity = row.getByRole("spinbutton", { name: `Quantity of ${product.name}` });
    await expect(quantity).toHaveValue("2");
    await expect(row).toContainText(gbp(2 * Number(product.price.minor_units)));
    await waitForHydration(page);
    await quantity.fill("3");
    await quantity.press("Enter");
    await expect(row).toContainText(gbp(3 * Number(product.price.minor_units)));
    await expectCartCount(page, 3);
  });

  await test.step("cart: remove → empty state", async () => {
    await page.getByRole("button", { name: `Remove ${product.name}` }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Shop Now" })).toHaveAttribute(
      "href",
      "/shop",
    );
    await expectCartCount(page, 0);
    // The server agrees: a reload still shows the empty cart.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });
});

async function expectPricesAscending(page: Page) {
  await expect(async () => {
    const texts = await page
      .getByRole("main")
      .getByRole("article")
      .getByText(/^£[\d,]+\.\d\d$/)
      .allTextContents();
    const pence = texts.map((t) => Math.round(Number(t.replace(/[£,]/g, "")) * 100));
    expect(pence.length).toBeGreaterThan(0);
    expect(pence).toEqual([...pence].sort((a, b) => a - b));
  }).toPass({ timeout: 10_000 });
}
