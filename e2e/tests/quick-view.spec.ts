// Quick View on the home page's featured products: a working modal with picture, price, stock and
// Add to Cart (the original shop's Quick View did nothing).
import { expect, test } from "@playwright/test";
import { expectCartCount, toast, waitForHydration } from "./support/shop.ts";

test("Quick View from the home page adds the product to the cart", async ({ page }) => {
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured Products" });
  await expect(featured.getByRole("article")).toHaveCount(3);
  await waitForHydration(page);

  const card = featured.getByRole("article").first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  const price = (await card.getByText(/^£\d/).textContent())!.trim();
  await card.getByRole("button", { name: /quick view/i }).click();

  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name })).toBeVisible();
  await expect(dialog.getByRole("img").first()).toBeVisible();
  await expect(dialog.getByText(price, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/In stock|Only \d+ left|Low Stock/).first()).toBeVisible();

  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `${name} added to cart`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectCartCount(page, 1);
});

test("Quick View closes with Escape and gives focus back", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const button = page
    .getByRole("region", { name: "Featured Products" })
    .getByRole("button", { name: /quick view/i })
    .first();
  await button.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(button).toBeFocused();
  await expectCartCount(page, 0);
});
