// Roles: the demo admin is shown the way to the back office (header Admin link, Edit Content on
// the information pages); customers and guests are not. The API itself refuses a customer's call
// to an admin procedure (403), an anonymous one (401), and answers the admin (200).
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { backofficeURL } from "../stack/target.ts";
import { banner, demoAdmin, demoCustomer, logIn } from "./support/account.ts";
import { skipUnlessAdminSignsInWithPassword } from "./support/admin-sign-in.ts";
import { apiURL, menuToggle, waitForHydration } from "./support/shop.ts";

const pages = [
  { path: "/privacy", slug: "privacy" },
  { path: "/terms", slug: "terms" },
  { path: "/faq", slug: "faq" },
];

async function expectNoBackOffice(page: Page) {
  await expect(banner(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
  for (const { path } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Content" })).toHaveCount(0);
  }
}

test("the demo admin sees Admin in the header and Edit Content on privacy, terms and FAQ", async ({
  page,
}) => {
  // The storefront's BACKOFFICE_URL is the back office's address without its final slash.
  const backoffice = backofficeURL().replace(/\/$/, "");
  await logIn(page, demoAdmin.email, demoAdmin.password);
  await expect(banner(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", `${backoffice}/`);
  for (const { path, slug } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Edit Content" })).toHaveAttribute(
      "href",
      `${backoffice}/pages?edit=${slug}`,
    );
  }
});

test("the admin links are in the phone menu too", async ({ page }) => {
  await logIn(page, demoAdmin.email, demoAdmin.password);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  // Opening the menu needs the page's script (the home page's product cards show when it ran).
  await waitForHydration(page);
  await menuToggle(page).click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a customer sees neither Admin nor Edit Content", async ({ page }) => {
  await logIn(page, demoCustomer.email, demoCustomer.password);
  await expectNoBackOffice(page);
});

test("a guest sees neither Admin nor Edit Content", async ({ page }) => {
  await page.goto("/");
  await expectNoBackOffice(page);
});

async function tokenFor(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  if (account.email === demoAdmin.email) await skipUnlessAdminSignsInWithPassword();
  const res = await request.post(`${apiURL()}/api/v1/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), `POST /api/v1/auth/login as ${account.email}`).toBe(200);
  const body = (await res.json()) as { session?: { token?: string } };
  expect(body.session?.token).toBeTruthy();
  return body.session!.token!;
}

test("the API refuses admin procedures to customers (403) and anonymous callers (401), not to admins", async ({
  request,
}) => {
  const accounts = `${apiURL()}/api/v1/admin/accounts`;

  const customer = await tokenFor(request, demoCustomer);
  expect((await request.get(accounts, { headers: { Authorization: `Bearer ${customer}` } })).status()).toBe(
    403,
  );

  expect((await request.get(accounts)).status()).toBe(401);

  const admin = await tokenFor(request, demoAdmin);
  expect((await request.get(accounts, { headers: { Authorization: `Bearer ${admin}` } })).status()).toBe(200);
});
