// The status page (and the original shop's names for it) and the 404 page.
import { expect, test } from "@playwright/test";

// A shopper learns whether the shop is up; the API's own checks are for admins.
test("status page shows a shopper whether the shop is up", async ({ page }) => {
  await page.goto("/status");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("System Status");
  const checks = page.getByRole("list", { name: "Checks" }).getByRole("listitem");
  const names = ["API connection", "Shop services"];
  await expect(checks).toHaveCount(names.length);
  for (const [i, name] of names.entries()) {
    await expect(checks.nth(i)).toContainText(name);
    // Each check finishes: none is left pending, and each says what it found.
    await expect(checks.nth(i), `${name} finishes`).toContainText(/OK|Error|Not configured/i);
    await expect(checks.nth(i)).not.toContainText("Checking…");
  }
  // Against the suite's own stack the API and its database are up.
  await expect(checks.filter({ hasText: "API connection" })).toContainText(/Connected/);
  await expect(checks.filter({ hasText: "API connection" })).toContainText(/OK/);
  await expect(checks.filter({ hasText: "Shop services" })).toContainText(/OK/);
  await expect(page.getByRole("main")).not.toContainText("Background jobs");
  await expect(page.getByRole("main").getByText(/Last checked at/)).toBeVisible();
});

for (const path of ["/diag", "/test", "/diagnostic", "/api-test"]) {
  test(`${path} leads to the status page`, async ({ page, request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308]).toContain(res.status());
    expect(res.headers().location).toMatch(/\/status$/);
    await page.goto(path);
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("System Status");
  });
}

test("an unknown URL answers 404 with the Page not found page", async ({ page, request }) => {
  const res = await request.get("/no-such-page-anywhere");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Page not found");

  const response = await page.goto("/no-such-page-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("main").getByRole("link", { name: "Return Home" })).toHaveAttribute(
    "href",
    "/",
  );
  // The page keeps the shop's header and footer.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});
