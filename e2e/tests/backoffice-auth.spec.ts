// The back office's door (PRODUCT §5, issue 13): an admin signs in on /admin/sign-in and gets the
// signed-in layout; the session lives only in an HttpOnly SameSite=Strict cookie that no script
// can read; a customer is refused; a deep link survives signing in; signing out, a cleared cookie
// and a revoked session all lead back to sign-in; both screens pass axe; the storefront's Admin
// link leads here, and River's UI opens for a signed-in admin only.
import { expect, type Page, test } from "@playwright/test";
import { banner, demoAdmin, demoCustomer, logIn } from "./support/account.ts";
import { skipUnlessAdminSignsInWithPassword } from "./support/admin-sign-in.ts";
import {
  adminSession,
  adminSessionCookie,
  adminTest,
  backoffice,
  backofficeOrigin,
  backofficeURLPattern,
  doorURL,
  expectBackOfficeLayout,
  expectBackOfficeSignIn,
  sectionsNav,
  signInToBackOffice,
  signOutOfBackOffice,
  submitBackOfficeSignIn,
} from "./support/backoffice.ts";
import { expectNoSeriousA11yViolations } from "./support/shop.ts";

/** The back office's home: /admin/ (or /admin, where the app's own navigation to "/" leads). */
const home = () => new RegExp(`^${backoffice().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}?$`);

type Me = { user?: { first_name?: string; last_name?: string; email?: string; role?: string } };

/** Who the page's session belongs to, asked of the API door with the page's own cookies. */
async function me(page: Page): Promise<{ status: number; body: Me }> {
  const res = await page.request.get(doorURL("api/v1/auth/me"));
  return { status: res.status(), body: (await res.json()) as Me };
}

/** No value in either Web Storage area of the page contains `secret`, and no key names a token. */
async function expectNothingStored(page: Page, secret: string) {
  const stored = await page.evaluate(() => {
    const all: [string, string][] = [];
    for (const area of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < area.length; i++) {
        const key = area.key(i)!;
        all.push([key, area.getItem(key) ?? ""]);
      }
    }
    return all;
  });
  for (const [key, value] of stored) {
    expect(value, `storage item ${key} holds the session`).not.toContain(secret);
    expect(key, "no storage item is named after a token or session").not.toMatch(/token|session|auth/i);
  }
}

test("the admin signs in and sees the layout with their name and the sections", async ({ page }) => {
  // Before waiting for the answer: a skip with the wait pending would fail the test.
  await skipUnlessAdminSignsInWithPassword();
  await page.goto(backoffice("sign-in"));
  await expectBackOfficeSignIn(page);
  const login = page.waitForResponse((r) => r.url() === doorURL("api/v1/auth/login"));
  await submitBackOfficeSignIn(page, demoAdmin);
  const answer = await login;
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { session?: { token?: string; expires_at?: string } };
  expect(body.session?.token ?? "", "the door's answer carries no token").toBe("");
  expect(body.session?.expires_at, "the door says when the session ends").toBeTruthy();

  await expect(page).toHaveURL(home());
  await expectBackOfficeLayout(page);
  const { status, body: who } = await me(page);
  expect(status).toBe(200);
  expect(who.user?.email).toBe(demoAdmin.email);
  expect(who.user?.role).toBe("ROLE_ADMIN");
  await expect(banner(page)).toContainText(`${who.user?.first_name} ${who.user?.last_name}`);
  await expect(sectionsNav(page).getByRole("link")).toHaveText([
    "Dashboard",
    "Products",
    "Orders",
    "Page contents",
    "Settings",
    "Users",
    "API keys",
    "Webhooks",
    "Jobs",
  ]);
  await expect(sectionsNav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the session is an HttpOnly SameSite=Strict cookie no script can read, and nothing is stored", async ({
  page,
  context,
}) => {
  await signInToBackOffice(page);
  const cookie = await adminSession(context);
  expect(cookie, `the ${adminSessionCookie} cookie is set`).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe("Strict");
  expect(cookie!.path).toBe("/admin/");
  expect(cookie!.secure).toBe(backofficeOrigin().startsWith("https:"));

  expect(await page.evaluate(() => document.cookie)).not.toContain(adminSessionCookie);
  expect(await page.evaluate(() => document.cookie)).not.toContain(cookie!.value);
  await expectNothingStored(page, cookie!.value);

  // The public API never takes the cookie for a sign-in: only the door does.
  const publicMe = await page.request.get(new URL("/api/v1/auth/me", backoffice()).toString());
  expect(publicMe.status()).toBe(401);
});

test("a customer is refused with a clear message and gets no session", async ({ page, context }) => {
  await page.goto(backoffice("sign-in"));
  await expectBackOfficeSignIn(page);
  await submitBackOfficeSignIn(page, demoCustomer);
  await expect(page.getByRole("alert")).toContainText("This account cannot use the back office.");
  await expect(page).toHaveURL(backofficeURLPattern("sign-in"));
  await expectBackOfficeSignIn(page);
  expect(await adminSession(context), "no back-office cookie for a customer").toBeUndefined();
  expect((await me(page)).status).toBe(401);
  await expectNoSeriousA11yViolations(page, "the sign-in screen with its error");
});

test("a deep link signed out goes to sign-in and, once signed in, back to the same address", async ({
  page,
}) => {
  await page.goto(backoffice("orders?status=paid"));
  await expect(page).toHaveURL(
    backofficeURLPattern(`sign-in?${new URLSearchParams({ next: "/orders?status=paid" })}`),
  );
  await expectBackOfficeSignIn(page);
  await submitBackOfficeSignIn(page, demoAdmin);
  await expect(page).toHaveURL(backofficeURLPattern("orders?status=paid"));
  await expectBackOfficeLayout(page);
  await expect(sectionsNav(page).getByRole("link", { name: "Orders" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("signing out ends the session: back to sign-in, and a reload stays signed out", async ({
  page,
  context,
}) => {
  await signInToBackOffice(page);
  const before = await adminSession(context);
  expect(before).toBeDefined();

  await signOutOfBackOffice(page);
  expect(await adminSession(context), "the cookie is removed").toBeUndefined();
  await page.reload();
  await expectBackOfficeSignIn(page);
  await page.goto(backoffice());
  await expect(page).toHaveURL(backofficeURLPattern("sign-in"));
  await expectBackOfficeSignIn(page);

  // The session is ended on the server too: its old cookie no longer signs anyone in.
  await context.addCookies([before!]);
  expect((await me(page)).status).toBe(401);
});

test("a session whose cookie is gone returns to sign-in, and signing in again comes back", async ({
  page,
  context,
}) => {
  await signInToBackOffice(page);
  await sectionsNav(page).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(backofficeURLPattern("products"));

  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(backofficeURLPattern(`sign-in?${new URLSearchParams({ next: "/products" })}`));
  await expectBackOfficeSignIn(page);
  await submitBackOfficeSignIn(page, demoAdmin);
  await expect(page).toHaveURL(backofficeURLPattern("products"));
  await expectBackOfficeLayout(page);
});

test("a session revoked on the server returns to sign-in, and its cookie is dropped", async ({
  page,
  context,
}) => {
  await signInToBackOffice(page);
  const cookie = await adminSession(context);
  expect(cookie).toBeDefined();
  // Revoked elsewhere (as signing out on another tab would): the browser still sends the cookie.
  const out = await page.request.post(doorURL("api/v1/auth/logout"), {
    data: {},
    headers: { Origin: backofficeOrigin() },
  });
  expect(out.status()).toBe(200);
  await context.addCookies([cookie!]);

  await page.reload();
  await expect(page).toHaveURL(backofficeURLPattern("sign-in"));
  await expectBackOfficeSignIn(page);
  expect(await adminSession(context), "the API's 401 removes the dead cookie").toBeUndefined();
});

test("the sign-in screen and the signed-in layout pass axe", async ({ page }) => {
  await page.goto(backoffice("sign-in"));
  await expectBackOfficeSignIn(page);
  await expectNoSeriousA11yViolations(page, "the back office's sign-in screen");
  await submitBackOfficeSignIn(page, demoAdmin);
  await expectBackOfficeLayout(page);
  await expectNoSeriousA11yViolations(page, "the back office's signed-in layout");
});

test("the storefront's Admin link leads an admin to the back office", async ({ page }) => {
  await logIn(page, demoAdmin.email, demoAdmin.password);
  await banner(page).getByRole("link", { name: "Admin" }).click();
  // The storefront's session is not the back office's: the admin signs in here once more.
  await expect(page).toHaveURL(new RegExp(`^${backoffice().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expectBackOfficeSignIn(page);
  await submitBackOfficeSignIn(page, demoAdmin);
  await expect(page).toHaveURL(home());
  await expectBackOfficeLayout(page);
});

adminTest("a signed-in admin opens the back office at once, and River's UI from Jobs", async ({ page }) => {
  await page.goto(backoffice());
  await expectBackOfficeLayout(page);
  await sectionsNav(page).getByRole("link", { name: "Jobs" }).click();
  // River's UI then moves on to its own pages under jobs/ (jobs/jobs) as it loads.
  const jobs = backoffice("jobs/").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page).toHaveURL(new RegExp(`^${jobs}`));
  await expect(page).toHaveTitle(/River/);
});

test("River's UI refuses anyone not signed in to the back office", async ({ request }) => {
  const res = await request.get(backoffice("jobs/"));
  expect(res.status()).toBe(401);
});
