// The wishlist (PRODUCT §2, account): a guest saves products from their pages — kept in the
// browser — and trims the list on /wishlist; at sign-in what is left joins the account's wishlist
// and the browser forgets its copy; Move to Cart puts a piece in the cart. The toggle and the
// page's forms also work before JavaScript loads. axe scans the page, as a guest and signed in.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { newShopper, register } from "./support/account.ts";
import {
  expectCartCount,
  expectNoSeriousA11yViolations,
  listProducts,
  productInfo,
  toast,
  waitForHydration,
} from "./support/shop.ts";

type Product = { id: string; name: string };

/** Two products with stock to spare, so Move to Cart can take one. */
async function twoInStock(request: Parameters<typeof listProducts>[0]): Promise<[Product, Product]> {
  const { products } = await listProducts(request, { page_size: 48 });
  const inStock = products.filter((p) => p.stock_quantity >= 10);
  expect(inStock.length, "two products in stock").toBeGreaterThanOrEqual(2);
  return [inStock[1]!, inStock[2] ?? inStock[0]!];
}

function saved(page: Page): ReturnType<Page["getByRole"]> {
  return page.getByRole("main").getByRole("list", { name: "Wishlist" }).getByRole("article");
}

async function wishlistCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "atelier_wishlist");
}

test("a guest's wishlist joins the account at sign-in, and Move to Cart takes a piece to the cart", async ({
  page,
  context,
  request,
}) => {
  const [first, second] = await twoInStock(request);

  // As a guest, save both from their pages: each toggle flips in place.
  for (const product of [first, second]) {
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    const info = productInfo(page, product.name);
    const toggle = info.getByRole("button", { name: "Wishlist", pressed: false });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(info.getByRole("button", { name: "Wishlist", pressed: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(toast(page, `${product.name} added to your wishlist`)).toBeVisible();
  }
  // The browser keeps it: the page comes back saying so.
  await page.reload();
  await expect(
    productInfo(page, second.name).getByRole("button", { name: "Wishlist", pressed: true }),
  ).toHaveAttribute("aria-pressed", "true");
  const cookie = await wishlistCookie(context);
  expect(cookie, "kept in the browser").toBeDefined();
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  // Both on /wishlist, newest first, with the offer to keep them on every device.
  await page.goto("/wishlist");
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(saved(page)).toHaveCount(2);
  await expect(saved(page).first()).toHaveAccessibleName(second.name);
  await expect(
    page.getByRole("main").getByRole("link", { name: "Sign in to keep your wishlist on every device" }),
  ).toHaveAttribute("href", "/login?redirectTo=%2Fwishlist");
  await expectNoSeriousA11yViolations(page, "a guest's wishlist");

  // Remove the first.
  await waitForHydration(page);
  await page.getByRole("button", { name: `Remove ${first.name}` }).click();
  await expect(toast(page, `${first.name} removed from your wishlist`)).toBeVisible();
  await expect(saved(page)).toHaveCount(1);
  await expect(page.getByRole("article", { name: first.name })).toHaveCount(0);

  // Sign up: what is left joins the new account, and the browser's copy is gone.
  await register(page, newShopper("wishlist"));
  expect(await wishlistCookie(context), "the guest's wishlist cookie is cleared").toBeUndefined();
  await page.goto("/wishlist");
  await expect(saved(page)).toHaveCount(1);
  await expect(saved(page).first()).toHaveAccessibleName(second.name);
  await expect(page.getByRole("link", { name: "Sign in to keep your wishlist on every device" })).toHaveCount(
    0,
  );
  await expectNoSeriousA11yViolations(page, "a customer's wishlist");

  // The product page knows, from the account's wishlist.
  await page.goto(`/product/${first.id}`);
  await expect(
    productInfo(page, first.name).getByRole("button", { name: "Wishlist", pressed: false }),
  ).toHaveAttribute("aria-pressed", "false");
  await page.goto(`/product/${second.id}`);
  await expect(
    productInfo(page, second.name).getByRole("button", { name: "Wishlist", pressed: true }),
  ).toHaveAttribute("aria-pressed", "true");

  // Move to Cart: into the cart, off the wishlist.
  await page.goto("/wishlist");
  await waitForHydration(page);
  await expectCartCount(page, 0);
  await page.getByRole("button", { name: `Move to Cart: ${second.name}` }).click();
  await expect(toast(page, `${second.name} moved to your cart`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore the Shop" })).toHaveAttribute("href", "/shop");
  await expectCartCount(page, 1);
  await page.goto("/cart");
  await expect(
    page.getByRole("row").filter({ has: page.getByRole("link", { name: second.name }) }),
  ).toHaveCount(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toggle saves and unsaves, and the wishlist page's forms work", async ({ page, request }) => {
    const [product, other] = await twoInStock(request);
    await page.goto(`/product/${product.id}`);
    await productInfo(page, product.name).getByRole("button", { name: "Wishlist", pressed: false }).click();
    // Back on the product page, now saved.
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
    await expect(
      productInfo(page, product.name).getByRole("button", { name: "Wishlist", pressed: true }),
    ).toHaveAttribute("aria-pressed", "true");

    await page.goto(`/product/${other.id}`);
    await productInfo(page, other.name).getByRole("button", { name: "Wishlist", pressed: false }).click();
    await productInfo(page, other.name).getByRole("button", { name: "Wishlist", pressed: true }).click();
    await expect(
      productInfo(page, other.name).getByRole("button", { name: "Wishlist", pressed: false }),
    ).toHaveAttribute("aria-pressed", "false");

    await page.goto("/wishlist");
    await expect(saved(page)).toHaveCount(1);
    await page.getByRole("button", { name: `Move to Cart: ${product.name}` }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
    await expectCartCount(page, 1);
  });
});
