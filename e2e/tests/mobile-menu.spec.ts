// The header's menu at phone width (375 px): a toggle opens it; Escape or a click outside closes
// it; the page cannot scroll while it is open.
import { expect, type Page, test } from "@playwright/test";
import { menuToggle, waitForHydration } from "./support/shop.ts";

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

async function pageScrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hidden = (el: Element) => ["hidden", "clip"].includes(getComputedStyle(el).overflowY);
    return (
      hidden(document.documentElement) ||
      hidden(document.body) ||
      getComputedStyle(document.body).position === "fixed"
    );
  });
}

test("mobile menu opens, closes with Escape and with an outside click, and locks scrolling", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = menuToggle(page, "Open");

  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
  expect(await pageScrollLocked(page)).toBe(false);

  await test.step("opens", async () => {
    await toggle.click();
    const close = menuToggle(page, "Close");
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
    await expect(nav.getByRole("searchbox", { name: "Search products" })).toBeVisible();
    await expect
      .poll(() => pageScrollLocked(page), { message: "page scroll is locked while the menu is open" })
      .toBe(true);
  });

  await test.step("Escape closes it", async () => {
    await page.keyboard.press("Escape");
    await expect(menuToggle(page, "Open")).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
    await expect
      .poll(() => pageScrollLocked(page), { message: "scrolling is back once the menu is closed" })
      .toBe(false);
  });

  await test.step("an outside click closes it", async () => {
    await menuToggle(page, "Open").click();
    await expect(menuToggle(page, "Close")).toHaveAttribute("aria-expanded", "true");
    // The open menu is a panel that leaves the dimmed page visible below it: click there.
    const viewport = page.viewportSize()!;
    const outside = { x: viewport.width / 2, y: viewport.height - 10 };
    const coveredByHeader = await page.evaluate(
      ({ x, y }) => document.querySelector("header")!.contains(document.elementFromPoint(x, y)),
      outside,
    );
    expect(coveredByHeader, "the open menu leaves part of the page visible to click outside it").toBe(false);
    await page.mouse.click(outside.x, outside.y);
    await expect(menuToggle(page, "Open")).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
    await expect.poll(() => pageScrollLocked(page)).toBe(false);
  });

  await test.step("a link in the menu navigates and closes it", async () => {
    await menuToggle(page, "Open").click();
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menuToggle(page, "Open")).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("the breakpoint is 768 px", () => {
  for (const [width, toggled] of [
    [768, true],
    [769, false],
  ] as const) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 }, isMobile: false, hasTouch: false });
      test(
        toggled ? "the menu sits behind the toggle" : "the navigation is shown inline",
        async ({ page }) => {
          await page.goto("/");
          const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
          if (toggled) {
            await expect(menuToggle(page, "Open")).toBeVisible();
            await expect(about).toBeHidden();
          } else {
            await expect(menuToggle(page, "Open")).toBeHidden();
            await expect(about).toBeVisible();
          }
        },
      );
    });
  }
});

test("Escape returns focus to the menu button, not to the page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await menuToggle(page, "Open").click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "About" }).focus();
  await page.keyboard.press("Escape");
  const toggle = menuToggle(page, "Open");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle, "focus goes back to the button that opened the menu (WCAG 2.4.3)").toBeFocused();
});

test("the phone header is one compact, opaque bar once the page scrolls", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  const header = page.getByRole("banner");
  const box = await header.boundingBox();
  expect(box, "the header stays on screen").not.toBeNull();
  expect(box!.y + box!.height, "only the bar stays: the announcement has scrolled away").toBeLessThanOrEqual(
    72,
  );
  await expect(header.getByText(/delivery on orders over/i)).not.toBeInViewport();
  const alpha = await header.evaluate((el) => {
    const m = getComputedStyle(el).backgroundColor.match(/rgba?\(([^)]+)\)/);
    const parts = m ? m[1].split(/[\s,/]+/).filter(Boolean) : [];
    return parts.length === 4 ? Number(parts[3]) : 1;
  });
  expect(alpha, "the header is opaque: content never shows through").toBe(1);
});

// Without JavaScript the menu button is a <details> summary: it opens a menu with every link and
// the search box, and the links work.
for (const width of [375, 1440]) {
  test.describe(`without JavaScript at ${width} px`, () => {
    test.use({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
      isMobile: width < 768,
      hasTouch: false,
    });

    test("the header navigation, account links and search are reachable", async ({ page }) => {
      await page.goto("/contact");
      const nav = page.getByRole("navigation", { name: "Main" });
      if (width < 768) {
        await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
        await menuToggle(page).click();
      }
      for (const name of ["Home", "About", "Contact", "Login", "Register"]) {
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      }
      await expect(nav.getByRole("button", { name: "Shop" })).toBeVisible();
      await nav.getByRole("button", { name: "Shop" }).focus();
      await expect(nav.getByRole("link", { name: "All Products" })).toBeVisible();
      const search = nav.getByRole("searchbox", { name: "Search products" });
      await expect(search).toBeVisible();
      await search.fill("rose");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/shop\?search=rose$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "rose"');
      if (width < 768) await menuToggle(page).click();
      await nav.getByRole("link", { name: "About", exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
    });
  });
}
