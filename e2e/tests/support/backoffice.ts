// The back office (the admins' single-page app under /admin/ on the API's origin) for the specs:
// its addresses, signing in through its own screen, the signed-in layout, and `adminTest`, a test
// whose page starts with an admin signed in (one session per worker, made once through the API's
// back-office door), so that feature journeys need not sign in through the screen every time.
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { backofficeURL } from "../../stack/target.ts";
import { demoAdmin } from "./account.ts";
import {
  adminNeedsCode,
  signInThroughDoor,
  signOutThroughDoor,
  skipUnlessAdminSignsInWithPassword,
} from "./admin-sign-in.ts";

/** The back office's session cookie (HttpOnly, SameSite=Strict, Path=/admin/). */
export const adminSessionCookie = "atelier_admin_session";

/**
 * An absolute address in the back office: backoffice("orders?status=paid") is
 * http://…/admin/orders?status=paid (the suite's baseURL is the storefront's, not this).
 */
export function backoffice(path = ""): string {
  return new URL(path.replace(/^\//, ""), backofficeURL()).toString();
}

/** The back office's own origin, which its API door requires of every change. */
export function backofficeOrigin(): string {
  return new URL(backofficeURL()).origin;
}

/** An address of the back office's API door: doorURL("api/v1/auth/me"). */
export function doorURL(path: string): string {
  return backoffice(`api/${path.replace(/^\//, "")}`);
}

/** A path of the back office as a URL pattern (for toHaveURL): the whole address, query included. */
export function backofficeURLPattern(path = ""): RegExp {
  const escaped = backoffice(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped}$`);
}

export type Account = { email: string; password: string };

/**
 * The sign-in screen's form, filled in and sent (the page must be on /admin/sign-in). As the
 * admin, the test is skipped when that account is asked for a two-factor code (a deployment).
 */
export async function submitBackOfficeSignIn(page: Page, account: Account) {
  if (account.email === demoAdmin.email) await skipUnlessAdminSignsInWithPassword();
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(account.email);
  await main.getByLabel("Password", { exact: true }).fill(account.password);
  await main.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in through the back office's sign-in screen (as the demo admin unless told otherwise,
 * see E2E_ADMIN_EMAIL) and waits for the signed-in layout. With `next`, starts from
 * /admin/sign-in?next=… and so lands there. The session is the page's own: signing it out or
 * clearing its cookies touches no other test.
 */
export async function signInToBackOffice(page: Page, account: Account = demoAdmin, next?: string) {
  await page.goto(backoffice(next ? `sign-in?${new URLSearchParams({ next })}` : "sign-in"));
  await expectBackOfficeSignIn(page);
  await submitBackOfficeSignIn(page, account);
  await expectBackOfficeLayout(page);
}

/** The sign-in screen is shown (whatever the address). */
export async function expectBackOfficeSignIn(page: Page) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(sectionsNav(page)).toHaveCount(0);
}

/** The signed-in layout's sections: Dashboard, Products, Orders, Page contents, Settings, Users, API keys, Jobs. */
export function sectionsNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Sections" });
}

/** The signed-in layout is shown: the shop's name, the Sections nav, and Sign out. */
export async function expectBackOfficeLayout(page: Page) {
  const bar = page.getByRole("banner");
  await expect(bar).toContainText("Atelier London");
  await expect(bar.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(sectionsNav(page)).toBeVisible();
}

/** Signs out with the layout's button and waits for the sign-in screen. */
export async function signOutOfBackOffice(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(backofficeURLPattern("sign-in"));
  await expectBackOfficeSignIn(page);
}

/** The back office's session cookie in the context, if there is one. */
export async function adminSession(context: BrowserContext) {
  return (await context.cookies(backofficeURL())).find((c) => c.name === adminSessionCookie);
}

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/**
 * A test whose `page` (and `context`) start signed in to the back office as the admin. The
 * session is made once per worker through the API door and shared by that worker's adminTest
 * tests; it is ended when the worker stops. A test that signs out or revokes the session must
 * not use it (use `test` and signInToBackOffice for its own session instead).
 */
export const adminTest = base.extend<object, { adminStorageState: StorageState | undefined }>({
  adminStorageState: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext();
      const state = await signInThroughDoor(request, demoAdmin);
      await use(state);
      if (state) await signOutThroughDoor(request);
      await request.dispose();
    },
    { scope: "worker" },
  ],
  storageState: async ({ adminStorageState }, use) => {
    // An admin asked for a two-factor code (a deployment) gets no shared session: skip.
    adminTest.skip(!adminStorageState, adminNeedsCode);
    await use(adminStorageState);
  },
});
