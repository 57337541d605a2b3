// One voice across the shop: the focus ring is the palette's (never the browser's blue) and stands
// out at 3:1 from whatever it sits on; the shop's selects and the Shop menu's arrow are drawn in
// the shop's own line; a heading keeps one face across its line; the status page is a small link
// in the footer's legal line, not a shopping link.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { placeGuestOrder } from "./support/backoffice-operations.ts";
import { menuToggle, skipWithoutTestPayments, waitForHydration } from "./support/shop.ts";

/**
 * The focus ring of `target` once focused from the keyboard: its colour, and its contrast with the
 * first opaque background behind it (the ring is drawn outside the element, so the element's own
 * background does not count).
 */
async function focusRing(target: Locator) {
  await target.focus();
  return target.evaluate((el) => {
    const rgb = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      const p = m
        ? m[1]!
            .split(/[\s,/]+/)
            .filter(Boolean)
            .map(Number)
        : [0, 0, 0, 0];
      return { r: p[0]!, g: p[1]!, b: p[2]!, a: p.length > 3 ? p[3]! : 1 };
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const style = getComputedStyle(el);
    let node: Element | null = el.parentElement;
    let bg = rgb("rgb(255, 255, 255)");
    while (node) {
      const c = rgb(getComputedStyle(node).backgroundColor);
      if (c.a === 1) {
        bg = c;
        break;
      }
      node = node.parentElement;
    }
    const ring = rgb(style.outlineColor);
    const [hi, lo] = [lum(ring), lum(bg)].sort((a, b) => b - a) as [number, number];
    return {
      focusVisible: el.matches(":focus-visible"),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      colour: style.outlineColor,
      contrast: (hi + 0.05) / (lo + 0.05),
    };
  });
}

async function expectPaletteRing(target: Locator, what: string) {
  const ring = await focusRing(target);
  expect(ring.focusVisible, `${what} shows a focus ring`).toBe(true);
  expect(ring.style, `${what}: ring style`).not.toBe("none");
  expect(ring.width, `${what}: ring width`).toBeGreaterThanOrEqual(2);
  expect(ring.colour, `${what}: not the browser's blue`).not.toBe("rgb(29, 78, 216)");
  expect(ring.colour, `${what}: not the browser's blue`).not.toMatch(/^rgb\(0, 95, 204\)|^rgb\(16, 16, 16\)/);
  expect(ring.contrast, `${what}: ring ${ring.colour} at 3:1 against its background`).toBeGreaterThanOrEqual(
    3,
  );
}

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the focus ring is the palette's, at 3:1 on light and dark surfaces", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      // Keyboard use from the start, so programmatic focus shows the ring as Tab would.
      await page.keyboard.press("Tab");
      await expectPaletteRing(page.getByRole("link", { name: "Atelier London, home" }), "the brand link");
      if (width < 768) await expectPaletteRing(menuToggle(page), "the menu toggle");
      else await expectPaletteRing(page.getByRole("link", { name: "About", exact: true }), "a header link");
      await expectPaletteRing(page.getByRole("link", { name: "Shop Now" }), "the hero's button (on sand)");
      await expectPaletteRing(
        page.getByRole("region", { name: "Join Our Newsletter" }).getByRole("button", { name: "Join" }),
        "the newsletter's button",
      );
      await expectPaletteRing(
        page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }),
        "a footer link (on ink)",
      );
    });

    test("the shop's selects are drawn in the shop's line, not the browser's", async ({ page }) => {
      await page.goto("/shop");
      for (const name of ["Sort by", "Per page"]) {
        const select = page.getByRole("combobox", { name });
        await expect(select).toBeVisible();
        expect(await select.evaluate((el) => getComputedStyle(el).appearance)).toBe("none");
        await expect(select.locator("xpath=..").locator("svg")).toBeVisible();
      }
      await expectPaletteRing(page.getByRole("combobox", { name: "Sort by" }), "the sort select");
    });

    test("the Shop menu's arrow is an icon, and the status page a small footer link", async ({ page }) => {
      await page.goto("/contact");
      await waitForHydration(page);
      if (width < 768) await menuToggle(page).click();
      const shop = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Shop" });
      await expect(shop).toHaveText("Shop");
      await expect(shop.locator("svg")).toBeVisible();
      if (width < 768) await page.keyboard.press("Escape");

      const footer = page.getByRole("contentinfo");
      await expect(
        footer.getByRole("region", { name: "Information" }).getByRole("link", { name: /status/i }),
      ).toHaveCount(0);
      const status = footer.getByRole("link", { name: "Site status" });
      await expect(status).toHaveAttribute("href", "/status");
      await status.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("System Status");
    });
  });
}

/** Headings (and their parts) on the page whose face differs from their heading's. */
async function mixedFaces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const h of document.querySelectorAll("h1, h2, h3, h4")) {
      const face = getComputedStyle(h).fontFamily;
      for (const part of h.querySelectorAll("*")) {
        if (part.closest("svg") || !part.textContent?.trim()) continue;
        if (getComputedStyle(part).fontFamily !== face)
          out.push(`"${h.textContent?.trim()}": ${part.textContent.trim()}`);
      }
    }
    return out;
  });
}

test("headings keep one face across their line, an order's number too", async ({ page, request }) => {
  await skipWithoutTestPayments(request);
  for (const path of ["/", "/shop", "/about", "/shipping", "/faq"]) {
    await page.goto(path);
    expect(await mixedFaces(page), `headings on ${path}`).toEqual([]);
  }
  const order = await placeGuestOrder(page, request, "one-voice");
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${order.number}`);
  expect(await mixedFaces(page), "the order page's heading").toEqual([]);
});
