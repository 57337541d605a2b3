// The back office's API keys (issue 14), in the browser against the whole stack: an admin makes a
// secret key with catalog:read, copies the key shown once, and a partner's server calls the public
// API with it (answered, with its rate limit); the admin revokes it in the list, and the very same
// call is refused at once (401 invalid_api_key). Axe scans the screen and each dialog on the way.
//
// The test's key has a unique name and is revoked when the test ends, whatever happened, so a run
// against a deployment leaves no live key behind and touches no other key.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { apiURL } from "../stack/target.ts";
import { adminTest, backoffice, backofficeOrigin, doorURL } from "./support/backoffice.ts";
import { shoot } from "./support/backoffice-operations.ts";
import { expectNoSeriousA11yViolations } from "./support/shop.ts";

type ApiKey = { id: string; name: string; revoked_at?: string };

/** A key name no other test (or earlier run) uses. */
function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** The live keys named `name`, as the admin API lists them. */
async function liveKeysNamed(request: APIRequestContext, name: string): Promise<ApiKey[]> {
  const found: ApiKey[] = [];
  let token = "";
  do {
    const res = await request.get(doorURL("api/v1/admin/api-keys"), {
      params: { only_active: "true", page_size: "100", ...(token ? { page_token: token } : {}) },
    });
    expect(res.status(), "GET admin api-keys").toBe(200);
    const body = (await res.json()) as { api_keys?: ApiKey[]; next_page_token?: string };
    found.push(...(body.api_keys ?? []).filter((k) => k.name === name));
    token = body.next_page_token ?? "";
  } while (token);
  return found;
}

/** A test with `keyName`, a unique name for its key; any live key of that name is revoked at the end. */
const test = adminTest.extend<{ keyName: string }>({
  keyName: async ({ page }, use) => {
    const name = uniqueName("Partner server");
    await use(name);
    for (const key of await liveKeysNamed(page.request, name)) {
      const res = await page.request.post(doorURL(`api/v1/admin/api-keys/${key.id}:revoke`), {
        data: { reason: "end of test" },
        headers: { Origin: backofficeOrigin() },
      });
      expect(res.status(), `revoking the test's key ${key.id}`).toBe(200);
    }
  },
});

/** What a partner's server gets for listing the catalogue with the key. */
async function callWithKey(request: APIRequestContext, secret: string) {
  const res = await request.get(`${apiURL()}/api/v1/products`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const body = (await res.json()) as { details?: { reason?: string }[] };
  return {
    status: res.status(),
    headers: res.headers(),
    reason: body.details?.find((d) => d.reason)?.reason,
  };
}

function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status");
}

test("an admin makes a secret key, a partner calls the API with it, and revoking it refuses the next call", async ({
  page,
  context,
  request,
  keyName,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: backofficeOrigin() });
  await page.goto(backoffice());
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API keys" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page).toHaveTitle("API keys · Atelier back office");
  await expect(
    main.getByRole("table", { name: "API keys" }).or(main.getByText("No API keys yet.")),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the back office's API keys list");

  // Make the key: secret, catalog:read.
  await main.getByRole("button", { name: "New API key" }).first().click();
  const form = page.getByRole("dialog", { name: "New API key" });
  await form.getByRole("textbox", { name: "Name" }).fill(keyName);
  await expect(form.getByRole("radio", { name: /Secret — for servers/ })).toBeChecked();
  await form.getByRole("checkbox", { name: "catalog:read" }).check();
  await expectNoSeriousA11yViolations(page, "the new API key dialog");
  await shoot(page, "bo-api-key-new");
  await form.getByRole("button", { name: "Create key" }).click();

  // Shown once: copy it.
  const shown = page.getByRole("dialog", { name: `Copy “${keyName}” now` });
  await expect(shown.getByText("This key will not be shown again")).toBeVisible();
  const field = shown.getByRole("textbox", { name: "Your new API key" });
  await expect(field).toHaveValue(/^atl_sk_[0-9A-Za-z]{43,}$/);
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByText("Copied to the clipboard.")).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  await expect(field).toHaveValue(secret);
  await expectNoSeriousA11yViolations(page, "the new API key's one-time secret");
  await shoot(page, "bo-api-key-secret");
  await shown.getByRole("button", { name: "I have stored it" }).click();
  await expect(shown).toBeHidden();
  // Focus is back on the button that opened the dialog.
  await expect(main.getByRole("button", { name: "New API key" })).toBeFocused();
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(page.url()).not.toContain(secret);

  // The list shows it by its prefix, never the key.
  const row = main.getByRole("row").filter({ hasText: keyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${secret.slice(0, 13)}…`);
  await expect(row).toContainText("catalog:read");
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText(secret);

  // A partner's server calls the public API with it.
  const ok = await callWithKey(request, secret);
  expect(ok.status, "a live key with catalog:read lists the catalogue").toBe(200);
  expect(ok.headers["ratelimit-limit"], "the answer states the key's rate limit").toMatch(/^\d+/);
  // Its last use shows (the list read afresh).
  await expect(async () => {
    await page.reload();
    await expect(row).not.toContainText("Never", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await shoot(page, "bo-api-keys-list");

  // Revoked in the UI, after asking: the same call is refused at once.
  await row.getByRole("button", { name: `Revoke: ${keyName}` }).click();
  const confirm = page.getByRole("dialog", { name: `Revoke “${keyName}”?` });
  await expect(confirm).toContainText("Apps using it stop working at once.");
  await expectNoSeriousA11yViolations(page, "the revoke API key dialog");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(toasts(page).filter({ hasText: `API key “${keyName}” revoked.` })).toBeVisible();
  await expect(row).toHaveCount(0);

  const refused = await callWithKey(request, secret);
  expect(refused.status, "a revoked key is refused at once").toBe(401);
  expect(refused.reason).toBe("invalid_api_key");

  // Shown among the revoked ones, read-only.
  // The box is the URL's state: it turns checked once the navigation it starts lands, which
  // Playwright's check() does not wait for.
  const showRevoked = main.getByRole("checkbox", { name: "Show revoked" });
  await showRevoked.click();
  await expect(showRevoked).toBeChecked();
  await expect(page).toHaveURL(/[?&]revoked=1/);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Revoked");
  await expect(row).toContainText("Read-only");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "the API keys list with revoked keys");
});
