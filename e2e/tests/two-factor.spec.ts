// Two-factor authentication, end to end: a shopper promoted to admin sets up an authenticator
// app on My Account (the test computes the codes as the app would, RFC 6238), sees the recovery
// codes once, and from then on signs in with password and code, or password and a recovery code;
// the API says so too. The stack runs `atelier dev`, where admin 2FA is optional (so the printed
// demo admin, who promotes the shopper here, signs in with a password alone); the REST tests of
// the backend cover the production rule that an un-enrolled admin has no admin powers.
import { createHmac } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ownStack } from "../stack/target.ts";
import {
  banner,
  demoAdmin,
  expectSignedIn,
  logOut,
  newShopper,
  register,
  submitLogin,
} from "./support/account.ts";
import { apiURL, expectNoSeriousA11yViolations, waitForHydration } from "./support/shop.ts";

// Promoting a new account to admin (and relying on ADMIN_2FA=optional for the demo admin) is for
// throw-away data only, never for a running deployment.
test.skip(
  !ownStack(),
  "promotes a new shopper to admin: only on the suite's own stack, never on a running deployment",
);

/** RFC 4648 base32 without padding, as otpauth:// URIs carry the secret. */
function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit TOTP code (HMAC-SHA1, 30 s steps) of a base32 secret at `at`. */
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function tokenFor(
  request: APIRequestContext,
  email: string,
  password: string,
  extra: Record<string, string> = {},
) {
  const res = await request.post(`${apiURL()}/api/v1/auth/login`, { data: { email, password, ...extra } });
  return {
    status: res.status(),
    body: (await res.json()) as {
      user?: { id?: string };
      session?: { token?: string };
      details?: { reason?: string }[];
    },
  };
}

test("an admin sets up two-factor authentication and then signs in with a code or a recovery code", async ({
  page,
  request,
}) => {
  // One journey (a sign-up, the set-up, three sign-ins, two accessibility scans): on the shared
  // two-core machine, with the rest of the suite running beside it, it outgrows the default 60 s.
  test.slow();
  const shopper = newShopper("twofactor");
  await register(page, shopper);

  // The demo admin makes the new shopper an admin (in development, without a code of their own).
  const me = await tokenFor(request, shopper.email, shopper.password);
  expect(me.status).toBe(200);
  const admin = await tokenFor(request, demoAdmin.email, demoAdmin.password);
  const promoted = await request.patch(`${apiURL()}/api/v1/admin/accounts/${me.body.user!.id}/role`, {
    headers: { Authorization: `Bearer ${admin.body.session!.token}` },
    data: { role: "ROLE_ADMIN" },
  });
  expect(promoted.status()).toBe(200);

  // Set-up on My Account.
  await page.goto("/account");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Two-Factor Authentication" });
  await section.getByLabel("Current Password").fill(shopper.password);
  await section.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  const link = section.getByRole("link", { name: "Open in your authenticator app" });
  const uri = new URL((await link.getAttribute("href"))!);
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.host).toBe("totp");
  expect(decodeURIComponent(uri.pathname)).toBe(`/Atelier:${shopper.email}`);
  const secret = uri.searchParams.get("secret")!;
  await expect(section.getByText(secret, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the two-factor set-up");
  const enabledAt = Date.now();
  await section.getByLabel("Authentication Code").fill(totp(secret, enabledAt));
  await section.getByRole("button", { name: "Turn On Two-Factor Authentication" }).click();
  const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await page.reload();
  await expect(section.getByText(/Two-factor authentication is on/)).toBeVisible();
  await expect(section.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

  // The API asks for the code once the password is right.
  const noCode = await tokenFor(request, shopper.email, shopper.password);
  expect(noCode.status).toBe(400);
  expect(noCode.body.details?.[0]?.reason).toBe("totp_required");

  // Sign in with password and code. The code used to turn 2FA on is spent, so the app's next
  // code is used (one step of drift is accepted; no waiting).
  await logOut(page);
  await page.goto("/login");
  await waitForHydration(page);
  await submitLogin(page, shopper.email, shopper.password);
  const main = page.getByRole("main");
  const code = main.getByLabel("Authentication Code");
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(main.getByRole("status")).toHaveText("Enter the 6-digit code from your authenticator app.");
  await expectNoSeriousA11yViolations(page, "the sign-in code step");
  await code.fill(totp(secret, enabledAt + 30_000));
  await main.getByRole("button", { name: "Sign In" }).click();
  await expectSignedIn(page);
  await expect(banner(page).getByRole("link", { name: "Admin" })).toBeVisible();

  // And with a recovery code instead, once.
  await logOut(page);
  await page.goto("/login");
  await waitForHydration(page);
  await submitLogin(page, shopper.email, shopper.password);
  await main.getByText("Use a recovery code").click();
  await main.getByLabel("Recovery Code").fill(recovery);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expectSignedIn(page);
  const again = await tokenFor(request, shopper.email, shopper.password, { recovery_code: recovery });
  expect(again.status).toBe(401);
});
