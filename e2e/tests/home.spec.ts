// The two home pages: `/` (hero slider, philosophy, collections, featured products) and
// `/classic` (hero, Why Choose Us, the five most expensive products in a carousel, testimonials).
import { expect, test } from "@playwright/test";
import {
  brands,
  categoryHref,
  expectNoSeriousA11yViolations,
  listProducts,
  waitForHydration,
} from "./support/shop.ts";

test.describe("home", () => {
  test("sections: philosophy, two collections, three featured products with images", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Discover Our Story" })).toHaveAttribute("href", "/about");

    const collections = main.getByRole("region", { name: "Our Collections" });
    await expect(collections.getByRole("heading", { level: 3 })).toHaveText([...brands]);
    for (const brand of brands) {
      const link = collections.getByRole("link", { name: `Shop ${brand}` });
      await expect(link).toHaveAttribute("href", categoryHref(brand));
    }

    const cards = main.getByRole("region", { name: "Featured Products" }).getByRole("article");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByText(/^(Maison Lumière|Verdant & Co)$/)).toBeVisible();
      await expect(card.getByText(/^£\d+\.\d\d$/)).toBeVisible();
      // One quiet action: the product's name is the card's only link, stretched over the card.
      await expect(card.getByRole("link")).toHaveCount(1);
      await expect(card.getByRole("link")).toHaveAttribute("href", /^\/product\//);
      await expect(card.getByRole("button", { name: /quick view/i })).toBeVisible();
      await expect(card.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
      // Drawn from products with images: a real picture, not the placeholder.
      await expect(card.locator("img").first()).toBeVisible();
      await expect(card.getByRole("img", { name: /image unavailable/ })).toHaveCount(0);
    }
  });

  test("hero and collections: the houses' editorial still lifes, the first loaded at once", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Highlights" });
    // One wide picture per slide, no smaller photograph laid over it and no product caption.
    const first = hero.getByRole("group", { name: "1 of 3" }).getByRole("img");
    await expect(first).toHaveCount(1);
    await expect(first).toHaveAttribute("src", /^\/editorial\/hero-atelier-\d+\.webp\?v=\w+$/);
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(hero.getByText(/^Pictured/)).toHaveCount(0);
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The storefront serves them itself, cached but not forever: a new drawing gets a new ?v=.
    const res = await request.get((await first.getAttribute("src"))!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
    expect(res.headers()["cache-control"]).not.toContain("immutable");

    const cards = page.getByRole("region", { name: "Our Collections" }).getByRole("img");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card).toHaveAttribute("src", /^\/editorial\/card-/);
    }
  });

  test("hero: three slides with dots, advancing every 6 seconds, pausable", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    const hero = page.getByRole("region", { name: "Highlights" });
    await expect(hero.getByRole("group", { name: "Choose a slide" }).getByRole("button")).toHaveCount(3);
    await expect(hero.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");

    // Time stands still from here on, and moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);
    const current = async () =>
      Number(
        (await hero.getByRole("group", { name: /^\d of 3$/ }).getAttribute("aria-label"))!.split(" ")[0],
      );
    const before = await current();
    await page.clock.runFor(6_000);
    await expect(hero.getByRole("group", { name: `${(before % 3) + 1} of 3` })).toBeVisible();

    for (const [n, brand, href] of [
      [2, "Maison Lumière", /\/shop\?category=Maison/],
      [3, "Verdant & Co", /\/shop\?category=Verdant/],
    ] as const) {
      await hero.getByRole("button", { name: new RegExp(`^Show slide ${n}: `) }).click();
      const slide = hero.getByRole("group", { name: `${n} of 3` });
      await expect(slide.getByRole("heading", { name: brand })).toBeVisible();
      await expect(slide.getByRole("link").filter({ hasText: brand }).first()).toHaveAttribute("href", href);
    }

    await hero.getByRole("button", { name: "Pause slideshow" }).click();
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await page.mouse.move(0, 0);
    await page
      .getByRole("link", { name: /^Atelier London/ })
      .first()
      .focus();
    await page.clock.runFor(13_000);
    await expect(hero.getByRole("group", { name: "3 of 3" }), "a paused slideshow stays put").toBeVisible();
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("the hero starts paused", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await expect(
        page.getByRole("region", { name: "Highlights" }).getByRole("button", { name: "Play slideshow" }),
      ).toBeVisible();
    });
  });
});

test.describe("classic home", () => {
  test("hero, Why Choose Us, the five most expensive products three at a time, testimonials", async ({
    page,
    request,
  }) => {
    const { products } = await listProducts(request, { sort: "price_desc", page_size: 6 });
    const top5 = products.slice(0, 5).map((p) => p.name);

    await page.goto("/classic");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
    const why = main.getByRole("region", { name: "Why Choose Us" });
    await expect(why.getByRole("heading", { level: 3 })).toHaveText([
      /natural ingredients/i,
      /cruelty-free/i,
      /sustainable packaging/i,
    ]);

    const carousel = main.getByRole("region", { name: "Featured Products" });
    const visibleNames = carousel.getByRole("article").getByRole("heading");
    await expect(visibleNames).toHaveText(top5.slice(0, 3));
    await waitForHydration(page);
    await carousel.getByRole("button", { name: "Next products" }).click();
    await expect(visibleNames).toHaveText(top5.slice(1, 4));
    await carousel.getByRole("button", { name: "Previous products" }).click();
    await expect(visibleNames).toHaveText(top5.slice(0, 3));

    await expect(
      main.getByRole("region", { name: "What Our Customers Say" }).getByRole("figure"),
    ).not.toHaveCount(0);
  });

  test.describe("under 768 px", () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test("the carousel shows one product at a time", async ({ page }) => {
      await page.goto("/classic");
      await waitForHydration(page);
      const carousel = page.getByRole("main").getByRole("region", { name: "Featured Products" });
      await expect(carousel.getByRole("article")).toHaveCount(1);
    });
  });
});

// Without JavaScript the slideshow stays on its first slide: its dots and pause button would do
// nothing, so they are not shown (nor reachable); with it, they are.
for (const width of [375, 1440]) {
  test.describe(`the hero's controls at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });
      test("are neither shown nor reachable", async ({ page }) => {
        await page.goto("/");
        const hero = page.getByRole("region", { name: "Highlights" });
        await expect(hero.getByRole("link", { name: "Shop Now" })).toBeVisible();
        await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeHidden();
        await expect(hero.getByRole("button", { name: /^Show slide/ })).toHaveCount(0);
      });
    });

    test("with JavaScript they are shown and pause the slideshow", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const hero = page.getByRole("region", { name: "Highlights" });
      await hero.getByRole("button", { name: "Pause slideshow" }).click();
      await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    });
  });
}

// The sections below the hero are laid out where they really are: the page does not jump while the
// shopper scrolls (a placeholder far shorter than the section did, by about 1 200 px on a phone),
// and nothing lands on the newsletter's Join button; axe stays clean, scan after scan.
for (const width of [375, 1440]) {
  test.describe(`home at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("keeps its height while scrolling, and axe is clean every time", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const join = page
        .getByRole("region", { name: "Join Our Newsletter" })
        .getByRole("button", { name: "Join" });
      const pageTop = () =>
        join.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
      const before = await pageTop();
      // Scroll down the page as a shopper would, a screen at a time.
      for (let y = 0; y < before; y += 700) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(50);
      }
      await join.scrollIntoViewIfNeeded();
      expect(
        Math.abs((await pageTop()) - before),
        "the Join button is where the page first said",
      ).toBeLessThan(4);
      // Join is the element at its own centre: nothing covers it.
      const uncovered = await join.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && el.contains(hit);
      });
      expect(uncovered, "nothing covers the Join button").toBe(true);
      for (let run = 1; run <= 3; run++) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.reload();
        await waitForHydration(page);
        // A scan in the middle of the slides' cross-fade measures a half-transparent button: pause
        // the slideshow (as a shopper may) and let the fade end, so axe sees what stays on screen.
        await page.getByRole("button", { name: "Pause slideshow" }).click();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
        await expectNoSeriousA11yViolations(page, `the home page (scan ${run})`);
        await join.scrollIntoViewIfNeeded();
        await expectNoSeriousA11yViolations(page, `the home page at the newsletter (scan ${run})`);
      }
    });
  });
}
