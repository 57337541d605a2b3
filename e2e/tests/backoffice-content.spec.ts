// The back office's pages, settings and users (PRODUCT §5, issue 13), in Chromium against the
// whole stack: a page edited in the back office shows on the storefront, and a <script> or an
// event handler typed into it comes out inert (stripped when saved, never run in the preview nor
// in the shop); the Users screen marks the signed-in admin "(you)"; Settings loads its forms.
// Axe scans each screen.
//
// It edits the privacy page, as an admin would, adding only a uniquely marked paragraph at its
// top (other specs read the page in parallel: its headings and sections stay, and they check its
// "Last updated" line's form, not its date, which a save moves), and puts the page's content back
// at the end.
import { type APIRequestContext, expect } from "@playwright/test";
import { demoAdmin } from "./support/account.ts";
import {
  backoffice,
  backofficeOrigin,
  doorURL,
  sectionsNav,
  adminTest as test,
} from "./support/backoffice.ts";
import { expectNoSeriousA11yViolationsOutside, shoot } from "./support/backoffice-operations.ts";
import { expectNoSeriousA11yViolations } from "./support/shop.ts";

/** The editor's preview: a frame with no permissions, which axe cannot enter (see the helper). */
const previewFrame = "iframe[title='Preview']";

type AdminPage = { slug: string; title: string; html: string; revision: string };

async function adminPage(request: APIRequestContext, slug: string): Promise<AdminPage> {
  const res = await request.get(doorURL(`api/v1/admin/pages/${slug}`));
  expect(res.status(), `GET admin page ${slug}`).toBe(200);
  return ((await res.json()) as { page: AdminPage }).page;
}

let pageBefore: AdminPage | undefined;

// Puts the privacy page's content back as it was (as a new revision), whatever happened in the test; in a
// hook, so that it has its own time even when the test ran out of it.
test.afterEach(async ({ page }) => {
  const original = pageBefore;
  pageBefore = undefined;
  if (!original) return;
  const now = await adminPage(page.request, "privacy");
  if (now.html === original.html && now.title === original.title) return;
  const res = await page.request.patch(doorURL("api/v1/admin/pages/privacy"), {
    params: { expected_revision: now.revision },
    data: { title: original.title, html: original.html },
    headers: { Origin: backofficeOrigin() },
  });
  expect(res.status(), "the privacy page is put back").toBe(200);
});

test("an edited page shows on the storefront, and a script typed into it comes out inert", async ({
  page,
  browser,
}) => {
  const marker = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const text = `Note ${marker}: this paragraph was added by a test.`;
  const typed = `<p>${text}</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
  const original = await adminPage(page.request, "privacy");
  pageBefore = original;

  await page.goto(backoffice("pages"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Page contents" })).toBeVisible();
  const row = main.getByRole("row").filter({ hasText: "/privacy" });
  await expect(row).toBeVisible();
  await expect(main.getByRole("form", { name: "Add a page" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the back office's pages list");
  await shoot(page, "bo-pages-list");

  await row.getByRole("link", { name: `Edit ${original.title}` }).click();
  await expect(main.getByRole("heading", { level: 1, name: `Edit “${original.title}”` })).toBeVisible();
  const content = main.getByRole("textbox", { name: "Content (HTML)" });
  await expect(content).toHaveValue(original.html);
  await expectNoSeriousA11yViolationsOutside(page, previewFrame, "the page editor");

  // At the top, before the policy's own first paragraph.
  await content.fill(`${typed}\n${original.html}`);
  await main.getByRole("button", { name: "Save" }).click();
  await expect(
    page
      .getByRole("region", { name: "Notifications" })
      .getByRole("status")
      .filter({ hasText: "Page saved. The server removed markup it does not allow." }),
  ).toBeVisible();
  // The editor now holds what the server stored: the text, without the script or the handler.
  await expect(content).toHaveValue(new RegExp(`<p>${text}</p>`));
  const stored = await content.inputValue();
  expect(stored).not.toContain("<script");
  expect(stored).not.toContain("__pwned");
  expect(stored).not.toContain("onerror");
  // The preview (a frame with no permissions) shows the stored text.
  const preview = main.getByRole("region", { name: "Preview" });
  await expect(preview.frameLocator("iframe[title='Preview']").getByText(text)).toBeVisible();
  await expect(preview.locator("iframe[title='Preview']")).toHaveAttribute("sandbox", "");
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expectNoSeriousA11yViolationsOutside(page, previewFrame, "the page editor after a save");
  await shoot(page, "bo-page-editor");

  // The storefront shows the text, and nothing typed runs there.
  const shop = await browser.newPage();
  await shop.goto("/privacy");
  await expect(shop.getByRole("heading", { level: 1 })).toHaveText(original.title);
  await expect(shop.getByRole("main").getByText(text)).toBeVisible();
  expect(await shop.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  const html = await (await shop.request.get("/privacy")).text();
  expect(html).toContain(text);
  expect(html, "the page's HTML carries nothing of the script or handler typed").not.toContain("__pwned");
  await shop.close();
});

test("the Users screen marks the signed-in admin as “(you)”", async ({ page }) => {
  await page.goto(backoffice("users"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(main.getByRole("table")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the back office's users list");
  await shoot(page, "bo-users");

  const search = main.getByRole("form", { name: "Search accounts" });
  await search.getByRole("searchbox", { name: "Name or e-mail" }).fill(demoAdmin.email);
  await search.getByRole("searchbox", { name: "Name or e-mail" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const me = main.getByRole("row").filter({ hasText: demoAdmin.email });
  await expect(me).toHaveCount(1);
  await expect(me).toContainText("(you)");
  await expect(me).toContainText("Admin");
  await expectNoSeriousA11yViolations(page, "the users list, searched");

  // At 768 px the sections nav sits above the screen, and a short screen starts right under it
  // (the nav's row once took the height left over, leaving a blank band).
  await page.setViewportSize({ width: 768, height: 1200 });
  const nav = (await sectionsNav(page).boundingBox())!;
  const top = (await main.boundingBox())!;
  expect(Math.abs(top.y - (nav.y + nav.height)), "the main area starts under the nav").toBeLessThan(2);
  expect(nav.height, "the nav is one or two rows of links").toBeLessThan(120);
});

test("Settings loads the store's details and its delivery options", async ({ page }) => {
  await page.goto(backoffice("settings"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const details = main.getByRole("form", { name: "Store details" });
  await expect(details.getByRole("textbox", { name: "Shop name" })).toHaveValue(/\S/);
  await expect(details.getByRole("textbox", { name: "Postcode" })).toHaveValue(/\S/);
  const delivery = main.getByRole("region", { name: "Delivery options" });
  await expect(delivery.getByRole("link", { name: /^Edit / }).first()).toBeVisible();
  await expect(main.getByRole("region", { name: "Free delivery" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the back office's settings");
  await shoot(page, "bo-settings");

  // A delivery option's editor opens with its figures (read only: nothing is saved).
  await delivery
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  const option = main.getByRole("form", { name: "Delivery option" });
  await expect(option.getByRole("textbox", { name: "Price (£)" })).toHaveValue(/^\d+(\.\d{2})?$/);
  await expectNoSeriousA11yViolations(page, "a delivery option's editor");
});
