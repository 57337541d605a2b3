// A guest's cart joins the account's cart at sign-in (PRODUCT §2, cart), the cart page stops
// offering sign-in once the shopper has signed in, and a signed-in shopper always finds the
// account's cart, even on a device whose cart cookie a failed merge left missing.
import { expect, test } from "@playwright/test";
import { banner, expectSignedIn, logOut, newShopper, register, submitLogin } from "./support/account.ts";
import { addFromProductPage, expectCartCount, listProducts } from "./support/shop.ts";

test("a guest's cart merges into the account's cart at login", async ({ page, browser, request }) => {
  // Two different products with stock to spare.
  const { products } = await listProducts(request, { page_size: 48 });
  const inStock = products.filter((p) => p.stock_quantity >= 10);
  expect(inStock.length, "two products in stock").toBeGreaterThanOrEqual(2);
  const [guestProduct, accountProduct] = [inStock[0]!, inStock[inStock.length - 1]!];

  // A customer whose account cart already holds a different product, put there on another device.
  const shopper = newShopper("merge");
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await register(other, shopper);
  await addFromProductPage(other, accountProduct);
  await expectCartCount(other, 1);
  await logOut(other);
  await elsewhere.close();

  // Here, as a guest: one product in the cart, and the offer to sign in.
  await addFromProductPage(page, guestProduct);
  await page.goto("/cart");
  await expectCartCount(page, 1);
  const offer = page.getByRole("main").getByRole("link", { name: "Sign in for a faster checkout" });
  await expect(offer).toHaveAttribute("href", "/login?redirectTo=%2Fcart");
  await offer.click();
  await submitLogin(page, shopper.email, shopper.password);

  // Back on the cart, which now holds both lines.
  await expect(page).toHaveURL(/\/cart$/);
  await expectSignedIn(page);
  await expect(page.getByRole("row").filter({ hasText: guestProduct.name })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: accountProduct.name })).toHaveCount(1);
  await expectCartCount(page, 2);
  await expect(page.getByRole("link", { name: "Sign in for a faster checkout" })).toHaveCount(0);

  // Logging out forgets the account's cart in this browser.
  await logOut(page);
  await expectCartCount(page, 0);
  await expect(banner(page).getByRole("link", { name: "Login" })).toBeVisible();
});

test("a signed-in shopper whose device lost the cart cookie (a failed merge) sees the account's cart again", async ({
  page,
  context,
  request,
}) => {
  const { products } = await listProducts(request, { page_size: 48 });
  const product = products.find((p) => p.stock_quantity >= 10);
  expect(product, "a product in stock").toBeDefined();

  const shopper = newShopper("recover");
  await register(page, shopper);
  await addFromProductPage(page, product!);
  await expectCartCount(page, 1);

  // As after a merge that failed or timed out: signed in, but no cart cookie on this device.
  await context.clearCookies({ name: "atelier_cart" });
  await page.goto("/cart");
  await expectSignedIn(page);
  await expect(page.getByRole("row").filter({ hasText: product!.name })).toHaveCount(1);
  await expectCartCount(page, 1);
  expect(
    (await context.cookies()).some((c) => c.name === "atelier_cart"),
    "the cart cookie is set again",
  ).toBe(true);
});
