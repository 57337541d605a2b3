// The cart page's rules: the order summary and its delivery rule (Standard £17.35, free over
// £50 — the same rule checkout uses), quantity limits, the guest's sign-in offer and the ways on.
import { expect, test } from "@playwright/test";
import {
  addFromProductPage,
  expectCartCount,
  gbp,
  productByName,
  productInfo,
  toast,
  waitForHydration,
} from "./support/shop.ts";

test("order summary: Standard delivery is charged under £50 and free over it", async ({ page, request }) => {
  const salve = await productByName(request, "Peppermint Lip Salve");
  const price = Number(salve.price.minor_units);
  expect(price, "a product under £50 on its own but over it four times").toBeLessThan(5000);
  expect(4 * price).toBeGreaterThan(5000);
  await addFromProductPage(page, salve);

  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText(`Subtotal (1 item)${gbp(price)}`);
  await expect(summary).toContainText("Standard");
  await expect(summary).toContainText("£17.35");
  await expect(summary).toContainText(/free standard delivery on orders over £50/i);
  await expect(summary).toContainText(`Total${gbp(price + 1735)}`);
  await expect(summary).toContainText("VAT included");

  await waitForHydration(page);
  const quantity = page.getByRole("spinbutton", { name: `Quantity of ${salve.name}` });
  await quantity.fill("4");
  await quantity.press("Enter");
  await expect(summary).toContainText(`Subtotal (4 items)${gbp(4 * price)}`);
  await expect(summary).toContainText("Free");
  await expect(summary).not.toContainText("£17.35");
  await expect(summary).toContainText(`Total${gbp(4 * price)}`);
  await expectCartCount(page, 4);
});

test("quantity: never below 1, never above the stock", async ({ page, request }) => {
  const serum = await productByName(request, "Sérum Hydra Hyaluronic Serum");
  expect(serum.stock_quantity).toBeGreaterThan(1);
  await addFromProductPage(page, serum);
  await page.goto("/cart");
  await waitForHydration(page);
  const quantity = page.getByRole("spinbutton", { name: `Quantity of ${serum.name}` });

  await quantity.fill("0");
  await quantity.press("Enter");
  await expect(quantity).toHaveValue("1");
  await expectCartCount(page, 1);

  await quantity.fill(String(serum.stock_quantity + 50));
  await quantity.press("Enter");
  await expect(quantity).toHaveValue(String(serum.stock_quantity));
  await expectCartCount(page, serum.stock_quantity);
  // The server agrees.
  await page.reload();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${serum.name}` })).toHaveValue(
    String(serum.stock_quantity),
  );
});

test("a guest is offered sign-in; Proceed to Checkout and Continue Shopping lead on", async ({
  page,
  request,
}) => {
  const oil = await productByName(request, "Rosehip Facial Oil");
  await addFromProductPage(page, oil);
  await page.goto("/cart");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Sign in for a faster checkout" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fcart",
  );
  await expect(main.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
  await expect(main.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
  await expect(main.getByRole("link", { name: oil.name })).toHaveAttribute(
    "href",
    new RegExp(`/product/${oil.id}`),
  );
});

test("the cart page does not show words a link puts in its URL", async ({ page }) => {
  // A no-JavaScript cart error travels in the URL after the redirect; shown verbatim, anyone can
  // send a shopper a link that makes the shop say anything (content spoofing).
  const spoof = "Your payment failed. Call +44 20 0000 0000 to complete your order.";
  await page.goto(`/cart?error=${encodeURIComponent(spoof)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Shopping Cart");
  await expect(page.getByText(spoof)).toHaveCount(0);
});

test("adding more than the stock is refused with a reason; the cart keeps what there is", async ({
  page,
  request,
}) => {
  const coffret = await productByName(request, "Coffret Prestige Collection");
  const stock = coffret.stock_quantity;
  expect(stock).toBeGreaterThan(0);
  expect(stock).toBeLessThan(10);
  await page.goto(`/product/${coffret.id}`);
  await waitForHydration(page);
  const info = productInfo(page, coffret.name);
  await info.getByRole("spinbutton", { name: "Quantity" }).fill(String(stock));
  await info.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `${coffret.name} added to cart`)).toBeVisible();
  await expectCartCount(page, stock);

  await info.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `Only ${stock} of ${coffret.name}`)).toContainText(/in stock/);
  await expectCartCount(page, stock);
  await page.goto("/cart");
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${coffret.name}` })).toHaveValue(
    String(stock),
  );
});
