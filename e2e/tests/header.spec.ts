// The header on every page: the cart badge counts units, the search box's rules.
import { expect, test } from "@playwright/test";
import {
  addFromProductPage,
  brands,
  categoryHref,
  expectCartCount,
  productByName,
  toast,
  waitForHydration,
} from "./support/shop.ts";

test("cart badge counts every unit, survives a reload and matches the cart", async ({ page, request }) => {
  const rosehip = await productByName(request, "Rosehip Facial Oil");
  const gel = await productByName(request, "Botanical Gel Cleanser");

  await page.goto(`/shop?search=${encodeURIComponent("Rosehip Facial Oil")}`);
  await waitForHydration(page);
  await expectCartCount(page, 0);
  const rosehipCard = page.getByRole("article", { name: rosehip.name });
  await rosehipCard.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `${rosehip.name} added to cart`)).toBeVisible();
  await expectCartCount(page, 1);

  await addFromProductPage(page, gel);
  await expectCartCount(page, 2);

  // Adding what is already in the cart raises its quantity.
  await page.goto(`/shop?search=${encodeURIComponent("Rosehip Facial Oil")}`);
  await waitForHydration(page);
  await page
    .getByRole("article", { name: rosehip.name })
    .getByRole("button", { name: "Add to Cart" })
    .click();
  await expect(toast(page, `${rosehip.name} added to cart`)).toBeVisible();
  await expectCartCount(page, 3);

  await page.reload();
  await expectCartCount(page, 3);

  await page.goto("/cart");
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${rosehip.name}` })).toHaveValue("2");
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${gel.name}` })).toHaveValue("1");
  await expectCartCount(page, 3);
});

test("header search: trimmed text goes to the shop and clears; blank text does nothing", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search products" });

  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Search Results/);

  await search.fill("  rose  ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=rose$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "rose"');
  await expect(search).toHaveValue("");
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  // The blank search went nowhere (a URL check right after it would pass before a navigation
  // began): Back leads straight to the page it was typed on.
  await page.goBack();
  await expect(page).toHaveURL(/\/contact$/);
});

test("header and footer: brand collections, categories A→Z, New Arrivals, company details, year", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Shop" }).click();
  await expect(nav.getByRole("button", { name: "Shop" })).toHaveAttribute("aria-expanded", "true");
  for (const brand of brands) {
    const link = nav.getByRole("link", { name: `${brand} Collection` });
    await expect(link).toHaveAttribute("href", categoryHref(brand));
  }
  for (const [name, href] of [
    ["Home", "/"],
    ["About", "/about"],
    ["Contact", "/contact"],
  ] as const) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }

  const footer = page.getByRole("contentinfo");
  const shop = footer.getByRole("region", { name: "Shop" });
  await expect(shop.getByRole("link")).toHaveText(["All Products", ...brands, "New Arrivals"]);
  await expect(shop.getByRole("link", { name: "New Arrivals" })).toHaveAttribute("href", "/shop?sort=newest");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Atelier London`);
  await expect(footer).toContainText(/London/);
  await expect(footer).toContainText(/Company No\. \S+/);
  await expect(footer).toContainText(/VAT No\. \S+/);
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("link", { name: /^\+44/ })).toHaveAttribute("href", /^tel:/);
  // The demo shop's one free-delivery rule (Standard over £50), never a blanket "free delivery".
  for (const line of [
    "Secure payments",
    "Free standard delivery on orders over £50",
    "Trusted by 1000+ customers",
  ]) {
    await expect(footer.getByText(line)).toBeVisible();
  }
  const payments = footer.getByRole("list", { name: "Accepted payment methods" });
  await expect(payments.getByRole("img", { name: "Visa" })).toBeVisible();
  await expect(payments.getByRole("img", { name: "Mastercard" })).toBeVisible();
  await expect(payments.getByRole("img", { name: /Apple Pay|Google Pay/ }).first()).toBeVisible();
});
