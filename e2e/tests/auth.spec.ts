// Accounts on the storefront: register, sign out and in, change the password and the e-mail
// address, reset a forgotten password through the e-mailed link; the session cookie page scripts
// cannot read; the hardening headers; cross-site posts refused. Runs against the stack's API with its dev mail catcher.
import { expect, test } from "@playwright/test";
import {
  banner,
  expectSignedIn,
  expectSignedOut,
  logIn,
  logOut,
  newShopper,
  register,
  submitLogin,
  uniqueEmail,
} from "./support/account.ts";
import { linkIn, skipWithoutMailCatcher, waitForMail } from "./support/mail.ts";

test("register → logout → login → change password → logout → login with the new password", async ({
  page,
  context,
}) => {
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

  // Back in through the header's Login link, which returns to the page the shopper was on (as the
  // footer's does).
  const about = await page.goto("/about");
  // Every page: no framing by other sites, no sniffing, no full URLs to other sites as Referer.
  expect(about?.headers()).toMatchObject({
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Login" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fabout",
  );
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

test("forgot password: the e-mailed link sets a new password once", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  skipWithoutMailCatcher();
  const shopper = newShopper("reset");
  const other = await browser.newContext();
  await register(await other.newPage(), shopper);
  await other.close();

  await page.goto("/login");
  await page.getByRole("main").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("main").getByLabel("Email").fill(shopper.email);
  await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "If an account exists for that address, we've sent a link to reset your password.",
  );

  const mail = await waitForMail(
    request,
    { to: shopper.email, subject: /password/i },
    "the password reset e-mail",
  );
  const link = linkIn(mail, "/reset-password");
  expect(link.origin, "the link leads to the storefront (STOREFRONT_URL)").toBe(new URL(baseURL!).origin);
  expect(link.searchParams.get("token")).toBeTruthy();

  const newPassword = `${shopper.password}-reset`;
  const resetPage = await page.goto(link.href);
  // The token in the URL never leaves the shop as a Referer (header and meta say same-origin).
  expect(resetPage?.headers()["referrer-policy"]).toBe("same-origin");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
  const main = page.getByRole("main");
  // The form posts to plain /reset-password: the token travels in the form, not the post's URL.
  await expect(main.locator("form")).toHaveAttribute("action", "/reset-password");
  const post = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/reset-password"),
  );
  await main.getByLabel("New Password", { exact: true }).fill(newPassword);
  await main.getByLabel("Confirm New Password").fill(newPassword);
  await main.getByRole("button", { name: "Set New Password" }).click();
  expect(new URL((await post).url()).searchParams.has("token"), "the token is not in the post's URL").toBe(
    false,
  );
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Your password has been reset. Please sign in.",
  );

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
  await expect(main.getByRole("alert")).toContainText("This password reset link is invalid or has expired.");
  await expect(main.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await logIn(page, shopper.email, newPassword);
});

test("forgot password answers the same for an address without an account", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("main").getByLabel("Email").fill(`e2e-nobody-${Date.now()}@example.com`);
  await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "If an account exists for that address, we've sent a link to reset your password.",
  );
});

test("changing the e-mail address needs the current password and signs out the other sessions", async ({
  page,
  browser,
}) => {
  const shopper = newShopper("email");
  await register(page, shopper);
  // The same account signed in on another device.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await logIn(other, shopper.email, shopper.password);

  await page.goto("/account");
  const details = page.getByRole("region", { name: "Your Details" });
  const newEmail = uniqueEmail("email-new");
  await details.getByLabel("Email").fill(newEmail);
  await details.getByRole("button", { name: "Save Details" }).click();
  await expect(details.getByRole("alert")).toHaveText(
    "Please enter your current password to change your email address.",
  );

  await details.getByLabel("Current Password").fill("not my password");
  await details.getByRole("button", { name: "Save Details" }).click();
  await expect(details.getByRole("alert")).toHaveText("Current password is incorrect");
  await expect(details.getByLabel("Current Password")).toHaveValue("");

  await details.getByLabel("Current Password").fill(shopper.password);
  await details.getByRole("button", { name: "Save Details" }).click();
  await expect(details.getByRole("status")).toContainText("signed out on your other devices");
  // This session stays; the other one has ended.
  await page.reload();
  await expectSignedIn(page);
  await expect(details.getByLabel("Email")).toHaveValue(newEmail);
  await other.reload();
  await expectSignedOut(other);
  await elsewhere.close();

  // A name change alone needs no password.
  await details.getByLabel("Last Name").fill("Fairweather-Lowe");
  await details.getByRole("button", { name: "Save Details" }).click();
  await expect(details.getByRole("status")).toHaveText("Your details have been saved.");

  await logOut(page);
  await logIn(page, newEmail, shopper.password);
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

test("a post from another site is refused; GET /logout changes nothing", async ({
  page,
  request,
  baseURL,
}) => {
  // Resource routes (/logout) are refused by the storefront's middleware (403); page routes by
  // React Router's own origin check, which answers first (400). Either way nothing is changed.
  const refused = await request.post(`${baseURL}/logout`, {
    headers: { Origin: "https://evil.example" },
    form: {},
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const crossCart = await request.post(`${baseURL}/cart`, {
    headers: { Origin: "https://evil.example" },
    form: { intent: "clear" },
    maxRedirects: 0,
  });
  expect([400, 403]).toContain(crossCart.status());
  const nullOrigin = await request.post(`${baseURL}/reset-password`, {
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
