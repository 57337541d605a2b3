// The header on every page: the cart badge counts units, the search box's rules.
import { expect, test } from "@playwright/test";
import { expectCartCount, productByName, productInfo, toast, waitForHydration } from "./support/shop.ts";

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

  await page.goto(`/product/${gel.id}`);
  await waitForHydration(page);
  await productInfo(page, gel.name).getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `${gel.name} added to cart`)).toBeVisible();
  await expectCartCount(page, 2);

  // Adding what is already in the cart raises its quantity.
  await page.goto(`/shop?search=${encodeURIComponent("Rosehip Facial Oil")}`);
  await waitForHydration(page);
  await page.getByRole("article", { name: rosehip.name }).getByRole("button", { name: "Add to Cart" }).click();
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
  await page.goto("/about");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search products" });

  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Search Results/);

  await search.fill("  rose  ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=rose$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "rose"');
  await expect(search).toHaveValue("");
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});
