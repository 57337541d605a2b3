// Accounts on the storefront: register, sign out and in, change the password, reset a forgotten
// one through the e-mailed link; the session cookie page scripts cannot read; cross-site posts
// refused. Runs against the stack's API with its dev mail catcher.
import { expect, test } from "@playwright/test";
import { banner, expectSignedIn, expectSignedOut, logIn, logOut, newShopper, register, submitLogin } from "./support/account.ts";
import { linkIn, waitForMail } from "./support/mail.ts";

test("register → logout → login → change password → logout → login with the new password", async ({ page, context }) => {
  const shopper = newShopper("journey");
  const newPassword = `${shopper.password}-changed`;

  await register(page, shopper);

  // The session is an HttpOnly, SameSite=Lax cookie of the storefront: page scripts cannot read it.
  const session = (await context.cookies()).find((c) => c.name === "atelier_session");
  expect(session, "a session cookie after registering").toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(session!.expires, "the cookie lasts as long as the session").toBeGreaterThan(Date.now() / 1000);
  expect(await page.evaluate(() => document.cookie)).not.toContain("atelier_session");

  await logOut(page);
  expect((await context.cookies()).some((c) => c.name === "atelier_session")).toBe(false);

  // Back in through the header's Login link, which returns to the page the shopper was on.
  await page.goto("/about");
  await banner(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fabout$/);
  await submitLogin(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/about$/);
  await expectSignedIn(page);

  await banner(page).getByRole("link", { name: "My Account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${shopper.firstName}`);
  const details = page.getByRole("region", { name: "Your Details" });
  await expect(details.getByLabel("Email")).toHaveValue(shopper.email);
  await expect(page.getByRole("link", { name: /Your Orders/ })).toHaveAttribute("href", "/orders");
  await expect(page.getByRole("link", { name: /Your Wishlist/ })).toHaveAttribute("href", "/wishlist");

  const change = page.getByRole("region", { name: "Change Password" });
  await change.getByLabel("Current Password").fill("not my password");
  await change.getByLabel("New Password", { exact: true }).fill(newPassword);
  await change.getByLabel("Confirm New Password").fill(newPassword);
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(change.getByRole("alert")).toContainText("Current password is incorrect");

  await change.getByLabel("Current Password").fill(shopper.password);
  await change.getByLabel("New Password", { exact: true }).fill(newPassword);
  await change.getByLabel("Confirm New Password").fill(newPassword);
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(change.getByRole("status")).toContainText("Your password has been changed.");
  // The changing session stays signed in.
  await page.reload();
  await expectSignedIn(page);

  await logOut(page);
  await page.goto("/login");
  await submitLogin(page, shopper.email, shopper.password);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Invalid credentials");
  await submitLogin(page, shopper.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
});

test("login and register explain what is wrong", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/Please enter both email and password/);

  await submitLogin(page, `nobody-${Date.now()}@example.com`, "whatever-password");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/Invalid credentials/);

  await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
  const main = page.getByRole("main");
  await main.getByLabel("First Name").fill("Iris");
  await main.getByLabel("Last Name").fill("Fairweather");
  await main.getByLabel("Email").fill(`e2e-short-${Date.now()}@example.com`);
  await main.getByLabel("Password", { exact: true }).fill("short");
  await main.getByLabel("Confirm Password").fill("short");
  await main.getByRole("button", { name: "Create Account" }).click();
  await expect(main.getByRole("alert")).toHaveText(/Password must be at least 8 characters/);
  await main.getByLabel("Password", { exact: true }).fill("long enough password");
  await main.getByLabel("Confirm Password").fill("long enough passwort");
  await main.getByRole("button", { name: "Create Account" }).click();
  await expect(main.getByRole("alert")).toHaveText(/Passwords do not match/);
});

test("registering an address that already has an account says so", async ({ browser, page }) => {
  const shopper = newShopper("taken");
  const first = await browser.newContext();
  await register(await first.newPage(), shopper);
  await first.close();

  await page.goto("/register");
  const main = page.getByRole("main");
  await main.getByLabel("First Name").fill("Someone");
  await main.getByLabel("Last Name").fill("Else");
  await main.getByLabel("Email").fill(shopper.email);
  await main.getByLabel("Password", { exact: true }).fill("another password");
  await main.getByLabel("Confirm Password").fill("another password");
  await main.getByRole("button", { name: "Create Account" }).click();
  await expect(main.getByRole("alert")).toHaveText(/An account with this email already exists\./);
  await expectSignedOut(page);
});

test("forgot password: the e-mailed link sets a new password once", async ({ page, browser, request, baseURL }) => {
  const shopper = newShopper("reset");
  const other = await browser.newContext();
  await register(await other.newPage(), shopper);
  await other.close();

  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("main").getByLabel("Email").fill(shopper.email);
  await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("If an account exists for that address, we've sent a link to reset your password.");

  const mail = await waitForMail(request, { to: shopper.email, subject: /password/i }, "the password reset e-mail");
  const link = linkIn(mail, "/reset-password");
  expect(link.origin, "the link leads to the storefront (STOREFRONT_URL)").toBe(new URL(baseURL!).origin);
  expect(link.searchParams.get("token")).toBeTruthy();

  const newPassword = `${shopper.password}-reset`;
  await page.goto(link.href);
  // The token in the URL never leaves the shop as a Referer.
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
  const main = page.getByRole("main");
  await main.getByLabel("New Password", { exact: true }).fill(newPassword);
  await main.getByLabel("Confirm New Password").fill(newPassword);
  await main.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been reset. Please sign in.");

  await submitLogin(page, shopper.email, shopper.password);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Invalid credentials");
  await submitLogin(page, shopper.email, newPassword);
  await expectSignedIn(page);
  await logOut(page);

  // The link works once.
  await page.goto(link.href);
  await main.getByLabel("New Password", { exact: true }).fill("yet another password");
  await main.getByLabel("Confirm New Password").fill("yet another password");
  await main.getByRole("button", { name: "Set New Password" }).click();
  await expect(main.getByRole("alert")).toBeVisible();
  await expect(main.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  await logIn(page, shopper.email, newPassword);
});

test("forgot password answers the same for an address without an account", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("main").getByLabel("Email").fill(`e2e-nobody-${Date.now()}@example.com`);
  await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("If an account exists for that address, we've sent a link to reset your password.");
});

test("/account sends a guest to sign in and back", async ({ page }) => {
  const shopper = newShopper("account");
  await register(page, shopper);
  await logOut(page);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await submitLogin(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${shopper.firstName}`);
});

test("a post from another site is refused; GET /logout changes nothing", async ({ page, request, baseURL }) => {
  // The storefront's middleware refuses (403); for page routes React Router's own origin check
  // may already have (400). Either way nothing is changed.
  const refused = await request.post(`${baseURL}/logout`, { headers: { Origin: "https://evil.example" }, form: {}, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  const crossCart = await request.post(`${baseURL}/cart`, { headers: { Origin: "https://evil.example" }, form: { intent: "clear" }, maxRedirects: 0 });
  expect([400, 403]).toContain(crossCart.status());
  const nullOrigin = await request.post(`${baseURL}/reset-password?token=x`, {
    headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
    form: { token: "x", password: "long enough password", confirmPassword: "long enough password" },
    maxRedirects: 0,
  });
  // React Router's own origin check answers first (400) now that no page needs Origin: null.
  expect([400, 403]).toContain(nullOrigin.status());

  const shopper = newShopper("csrf");
  await register(page, shopper);
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
});
