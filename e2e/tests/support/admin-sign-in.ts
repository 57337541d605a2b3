// Whether the admin account the suite uses (E2E_ADMIN_EMAIL, by default the demo admin) signs in
// with a password alone. On the suite's own stack it does (`atelier dev` makes admins' two-factor
// authentication optional); a deployment run by `atelier serve` asks every admin for a code. The
// suite computes no codes for such an account (each code is accepted once, and a spent one counts
// as a failed sign-in of the address, so parallel sign-ins would lock it out): its admin tests
// skip instead, saying why.
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { adminAccount, backofficeURL } from "../../stack/target.ts";

export const adminNeedsCode =
  "the admin account (E2E_ADMIN_EMAIL) is asked for a two-factor code at sign-in: admin tests need one that signs in with a password alone (ADMIN_2FA=optional)";

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** The back office's API door: doorPath("api/v1/auth/login"). */
function doorPath(path: string): string {
  return new URL(`api/${path}`, backofficeURL()).toString();
}

/**
 * Signs the account in through the back office's API door (no browser) and returns the request
 * context's storage state (the session cookie), or undefined when the account must give a code.
 */
export async function signInThroughDoor(
  ctx: APIRequestContext,
  account: { email: string; password: string },
): Promise<StorageState | undefined> {
  const res = await ctx.post(doorPath("api/v1/auth/login"), {
    data: { email: account.email, password: account.password },
    headers: { Origin: new URL(backofficeURL()).origin },
  });
  if (res.status() === 400) {
    const body = (await res.json()) as { details?: { reason?: string }[] };
    if (body.details?.some((d) => d.reason === "totp_required")) return undefined;
  }
  expect(res.status(), `POST ${doorPath("api/v1/auth/login")} as ${account.email}`).toBe(200);
  return ctx.storageState();
}

/** Ends the session the context's cookie holds (through the door). */
export async function signOutThroughDoor(ctx: APIRequestContext) {
  await ctx.post(doorPath("api/v1/auth/logout"), {
    data: {},
    headers: { Origin: new URL(backofficeURL()).origin },
  });
}

let probe: Promise<boolean> | undefined;

/** Skips the running test when the admin account is asked for a code (asked once per worker). */
export async function skipUnlessAdminSignsInWithPassword() {
  probe ??= (async () => {
    const ctx = await request.newContext();
    try {
      const state = await signInThroughDoor(ctx, adminAccount());
      if (state) await signOutThroughDoor(ctx);
      return state !== undefined;
    } finally {
      await ctx.dispose();
    }
  })();
  test.skip(!(await probe), adminNeedsCode);
}
