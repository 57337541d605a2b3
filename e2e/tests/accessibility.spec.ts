// axe (WCAG 2.0/2.1 A and AA, 2.2 AA) on the key pages: no serious or critical violations.
import { expect, test } from "@playwright/test";
import { newShopper, register } from "./support/account.ts";
import {
  addFromProductPage,
  expectNoSeriousA11yViolations,
  productByName,
  waitForHydration,
} from "./support/shop.ts";

test("home", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the home page");
});

// Pages that need nothing set up first: open each, wait for its heading, check it.
for (const { name, path, heading, what } of [
  { name: "shop", path: "/shop", heading: "Luxury Beauty Products", what: "the shop" },
  { name: "FAQ", path: "/faq", heading: "Frequently Asked Questions", what: "the FAQ" },
  { name: "contact form", path: "/contact", heading: "Contact Us", what: "the contact page" },
  { name: "register", path: "/register", heading: "Create an Account", what: "the register page" },
]) {
  test(name, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectNoSeriousA11yViolations(page, what);
  });
}

test("product", async ({ page, request }) => {
  const product = await productByName(request, "Huile Précieuse Rose Facial Oil");
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expectNoSeriousA11yViolations(page, "a product page");
});

test("cart with an item", async ({ page, request }) => {
  const product = await productByName(request, "Rosehip Facial Oil");
  await addFromProductPage(page, product);
  await page.goto("/cart");
  await expect(page.getByRole("row").filter({ hasText: product.name })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, "the cart with an item");
});

test("Quick View dialog open", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page
    .getByRole("region", { name: "Featured Products" })
    .getByRole("button", { name: /quick view/i })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the home page with Quick View open");
});

test("login, with an error shown", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign In");
  await expectNoSeriousA11yViolations(page, "the login page");
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the login page with its error");
});

test("account", async ({ page }) => {
  const shopper = newShopper("a11y");
  await register(page, shopper);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${shopper.firstName}`);
  await expectNoSeriousA11yViolations(page, "the account page");
});
