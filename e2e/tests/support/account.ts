// Accounts for the specs: unique shoppers registered through the storefront, the demo accounts
// the stack seeds, and signing in and out as a shopper does (header links, forms).
import { expect, type Locator, type Page } from "@playwright/test";
import { adminAccount, customerAccount } from "../../stack/target.ts";
import { skipUnlessAdminSignsInWithPassword } from "./admin-sign-in.ts";

/**
 * The admin and the customer the specs sign in as: seeded by `atelier dev`, or the accounts
 * E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD and E2E_CUSTOMER_EMAIL / E2E_CUSTOMER_PASSWORD name on a
 * running deployment.
 */
export const demoAdmin = adminAccount();
export const demoCustomer = customerAccount();

export type Shopper = { firstName: string; lastName: string; email: string; password: string };

/** An address no other test (or earlier run on the same data) uses. */
export function uniqueEmail(label = "shopper"): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function newShopper(label?: string): Shopper {
  return {
    firstName: "Iris",
    lastName: "Fairweather",
    email: uniqueEmail(label),
    password: `pw-${Math.random().toString(36).slice(2, 10)}-secret`,
  };
}

export function banner(page: Page): Locator {
  return page.getByRole("banner");
}

/** Registers through /register; the new shopper is signed in and on the home page afterwards. */
export async function register(page: Page, s: Shopper) {
  await page.goto("/register");
  const form = page.getByRole("main");
  await form.getByLabel("First Name").fill(s.firstName);
  await form.getByLabel("Last Name").fill(s.lastName);
  await form.getByLabel("Email").fill(s.email);
  await form.getByLabel("Password", { exact: true }).fill(s.password);
  await form.getByLabel("Confirm Password").fill(s.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
}

/** Fills in and sends the login form of the page the shopper is on (/login). */
export async function submitLogin(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Signs in through /login (optionally returning to `redirectTo`) and waits until signed in. As the
 * admin, the test is skipped when that account is asked for a two-factor code (a deployment).
 */
export async function logIn(page: Page, email: string, password: string, redirectTo?: string) {
  if (email === demoAdmin.email) await skipUnlessAdminSignsInWithPassword();
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login");
  await submitLogin(page, email, password);
  await expectSignedIn(page);
}

export async function logOut(page: Page) {
  await banner(page).getByRole("button", { name: "Logout" }).click();
  await expectSignedOut(page);
}

export async function expectSignedIn(page: Page) {
  await expect(banner(page).getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(banner(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Login" })).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  await expect(banner(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Register" })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "My Account" })).toHaveCount(0);
}
