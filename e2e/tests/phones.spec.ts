// Issue 18, phones first: product cards (one quiet action, two across on phones), the product page
// on a phone, controls that need JavaScript, the cart's quantity steps, the focused checkout and the
// payment marks. Each at 375 px and 1440 px, with JavaScript on and off where it matters.
import { expect, type Page, test } from "@playwright/test";
import { newShopper } from "./support/account.ts";
import {
  expectCartCount,
  productByName,
  productInfo,
  skipWithoutTestPayments,
  waitForHydration,
} from "./support/shop.ts";

const phone = { width: 375, height: 667 };
const desktop = { width: 1440, height: 900 };

/** How many of the cards share the first row. */
async function firstRowCount(cards: ReturnType<Page["getByRole"]>): Promise<number> {
  const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  return boxes.filter((top) => Math.abs(top - boxes[0]!) < 2).length;
}

/**
 * A tap in the middle of a card's picture. The name's link is stretched over the whole card, so it
 * (not the <img>) takes the tap: Playwright's own click on the <img> would refuse for that reason.
 */
async function tapPicture(page: Page, card: ReturnType<Page["getByRole"]>) {
  const box = await card.locator("img").first().boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

for (const js of [true, false]) {
  test.describe(`product cards, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("phone: two cards across, the first on the first screen, the whole card opens the product", async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await page.goto("/shop");
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards.first()).toBeVisible();
      expect(await firstRowCount(cards)).toBe(2);
      // The first products' pictures are on the first screen, not below the toolbar's fold.
      const picture = await cards.first().locator("img").first().boundingBox();
      expect(picture).not.toBeNull();
      expect(picture!.y + picture!.height).toBeLessThanOrEqual(phone.height);

      // One link per card: the product's name, stretched over the card; a tap on the picture opens it.
      const first = cards.first();
      const name = (await first.getByRole("heading").textContent())!.trim();
      await expect(first.getByRole("link")).toHaveCount(1);
      await expect(first.getByRole("link")).toHaveAccessibleName(name);
      if (js) await waitForHydration(page);
      await tapPicture(page, first);
      await expect(page).toHaveURL(/\/product\//);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    });

    test("phone: the list view is one card across", async ({ page }) => {
      await page.setViewportSize(phone);
      await page.goto("/shop?view=list");
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards.first()).toBeVisible();
      expect(await firstRowCount(cards)).toBe(1);
    });

    test("the same card everywhere: home, shop and related products have one link and Add to Cart", async ({
      page,
      request,
    }) => {
      await page.setViewportSize(phone);
      const product = await productByName(request, "Crème Riche Regenerating Cream");
      const sections = [
        {
          url: "/",
          cards: () => page.getByRole("region", { name: "Featured Products" }).getByRole("article"),
        },
        { url: "/shop", cards: () => page.getByRole("main").getByRole("article") },
        {
          url: `/product/${product.id}`,
          cards: () => page.getByRole("region", { name: "You May Also Like" }).getByRole("article"),
        },
      ];
      for (const { url, cards } of sections) {
        await page.goto(url);
        await expect(cards().first()).toBeVisible();
        expect(await firstRowCount(cards()), `${url}: two across`).toBe(2);
        for (const card of await cards().all()) {
          await expect(card.getByRole("link"), `${url}: one link per card`).toHaveCount(1);
          await expect(card.getByRole("button", { name: /^Add to Cart$|out of stock$/ })).toHaveCount(1);
          await expect(card.getByText(/^View (Details|Product)$/)).toHaveCount(0);
        }
      }
    });
  });
}

test("desktop: cards stay several across and open the product from the picture", async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto("/shop");
  await waitForHydration(page);
  const cards = page.getByRole("main").getByRole("article");
  expect(await firstRowCount(cards)).toBeGreaterThanOrEqual(3);
  const name = (await cards.first().getByRole("heading").textContent())!.trim();
  // Add to Cart stays its own action above the card's link.
  await cards.first().getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(/\/shop/);
  await tapPicture(page, cards.first());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("desktop: Quick View on every card (home, shop, related), over the picture", async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const product = await productByName(request, "Crème Riche Regenerating Cream");
  for (const [url, cards] of [
    ["/", () => page.getByRole("region", { name: "Featured Products" }).getByRole("article")],
    ["/shop", () => page.getByRole("main").getByRole("article")],
    [
      `/product/${product.id}`,
      () => page.getByRole("region", { name: "You May Also Like" }).getByRole("article"),
    ],
  ] as const) {
    await page.goto(url);
    await waitForHydration(page);
    const card = cards().first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    await card.hover();
    await card.getByRole("button", { name: `Quick view of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: /^Add to Cart$|out of stock$/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

test("without JavaScript no card offers a Quick View it could not open", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: desktop });
  const page = await context.newPage();
  for (const url of ["/", "/shop"]) {
    await page.goto(url);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Quick view of/ })).toHaveCount(0);
  }
  await context.close();
});

const giftSet = "Coffret Rituel Éclat Gift Set";
const iPhone = { width: 375, height: 812 };

for (const js of [true, false]) {
  test.describe(`product page on a phone, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("name, price and Add to Cart on the first screen; the pictures swipe; the trail has no orphaned /", async ({
      page,
      request,
    }) => {
      const product = await productByName(request, giftSet);
      await page.setViewportSize(iPhone);
      await page.goto(`/product/${product.id}`);
      const info = productInfo(page, product.name);
      for (const part of [
        info.getByRole("heading", { level: 1 }),
        info.getByText(/^£[\d,]+\.\d\d$/).first(),
        info.getByRole("button", { name: "Add to Cart" }),
      ]) {
        await expect(part).toBeInViewport({ ratio: 1 });
      }
      // Every picture is in a strip that scrolls sideways, snapping one at a time.
      const strip = page.getByRole("list", { name: `Photographs of ${product.name}` });
      await expect(strip.getByRole("img")).toHaveCount(product.images?.length ?? 0);
      expect(await strip.evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain("x");
      expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

      // The breadcrumb stays on one line: no "/" left alone at the start of a second one.
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
      const tops = await crumbs.evaluateAll((items) =>
        items
          .filter((li) => li.getBoundingClientRect().width > 1)
          .map((li) => li.getBoundingClientRect().top),
      );
      expect(new Set(tops).size, "one line of crumbs").toBe(1);
    });

    test("the description is told once; no control is drawn that cannot work", async ({ page, request }) => {
      const product = await productByName(request, giftSet);
      for (const viewport of [iPhone, desktop]) {
        await page.setViewportSize(viewport);
        await page.goto(`/product/${product.id}`);
        const firstSentence = product.description!.split(".")[0]!;
        await expect(page.getByRole("main").getByText(firstSentence, { exact: false })).toHaveCount(1);
        if (js) {
          await waitForHydration(page);
          await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
        } else {
          // Without JavaScript the step, zoom and thumbnail buttons would do nothing: none is drawn.
          for (const name of [
            "Increase quantity",
            "Decrease quantity",
            "Zoom image",
            "Next image",
            /^Show image/,
          ]) {
            await expect(page.getByRole("button", { name })).toHaveCount(0);
          }
          await expect(page.getByRole("spinbutton", { name: "Quantity" })).toBeVisible();
        }
      }
    });

    test("a quantity typed on the product page goes to the cart", async ({ page, request }) => {
      const product = await productByName(request, "Peppermint Lip Salve");
      await page.setViewportSize(iPhone);
      await page.goto(`/product/${product.id}`);
      if (js) await waitForHydration(page);
      const info = productInfo(page, product.name);
      await info.getByRole("spinbutton", { name: "Quantity" }).fill("2");
      await info.getByRole("button", { name: "Add to Cart" }).click();
      await expectCartCount(page, 2);
    });
  });

  test.describe(`cart quantity steps, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    for (const viewport of [iPhone, desktop]) {
      test(`− and + change the quantity at ${viewport.width} px`, async ({ page, request }) => {
        const product = await productByName(request, "Peppermint Lip Salve");
        await page.setViewportSize(viewport);
        await page.goto(`/product/${product.id}`);
        if (js) await waitForHydration(page);
        await productInfo(page, product.name).getByRole("button", { name: "Add to Cart" }).click();
        await expectCartCount(page, 1);
        await page.goto("/cart");
        if (js) await waitForHydration(page);
        const quantity = page.getByRole("spinbutton", { name: `Quantity of ${product.name}` });
        const plus = page.getByRole("button", { name: `Increase quantity of ${product.name}` });
        const minus = page.getByRole("button", { name: `Decrease quantity of ${product.name}` });
        await expect(minus).toBeDisabled();
        await plus.click();
        await expect(quantity).toHaveValue("2");
        await expectCartCount(page, 2);
        await minus.click();
        await expect(quantity).toHaveValue("1");
        await expectCartCount(page, 1);
        // A change is confirmed in its line; no toast floats over the order summary.
        await expect(page.locator(".toast")).toHaveCount(0);
      });
    }
  });
}

/** A cart with one product (added as a shopper would, with or without JavaScript), then checkout. */
async function openCheckoutWithOne(page: Page, request: Parameters<typeof productByName>[0], js: boolean) {
  const product = await productByName(request, "Peppermint Lip Salve");
  await page.goto(`/product/${product.id}`);
  if (js) await waitForHydration(page);
  await productInfo(page, product.name).getByRole("button", { name: "Add to Cart" }).click();
  await expectCartCount(page, 1);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secure Checkout");
}

for (const js of [true, false]) {
  test.describe(`focused checkout, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("phone: the brand and a way back to the cart, the summary folded with its total, the first field on the first screen", async ({
      page,
      request,
    }) => {
      await page.setViewportSize(phone);
      await openCheckoutWithOne(page, request, js);
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Atelier London, home" })).toBeVisible();
      await expect(banner.getByRole("link", { name: "Back to cart" })).toHaveAttribute("href", "/cart");
      await expect(banner.getByRole("link")).toHaveCount(2);
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);

      const summary = page.getByRole("complementary", { name: "Order Summary" });
      const line = summary.locator("summary");
      await expect(line).toBeVisible();
      await expect(line).toContainText(/total £\d+\.\d\d/);
      await expect(summary.getByText("Subtotal (1 item)")).toBeHidden();
      await expect(page.getByRole("main").getByLabel("Email")).toBeInViewport({ ratio: 1 });

      await line.click();
      await expect(summary.getByText("Subtotal (1 item)")).toBeVisible();
    });

    test("desktop: the summary stays in view while the form scrolls; no site navigation or footer", async ({
      page,
      request,
    }) => {
      await page.setViewportSize(desktop);
      await openCheckoutWithOne(page, request, js);
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      const summary = page.getByRole("complementary", { name: "Order Summary" });
      await expect(summary.locator("summary")).toBeHidden();
      const total = summary.getByText("Subtotal (1 item)");
      await expect(total).toBeVisible();
      await page
        .getByRole("main")
        .getByRole("button", { name: /^(Pay £|Place Order)/ })
        .scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await expect(total).toBeInViewport();
    });
  });
}

const schemes = ["Visa", "Mastercard", "American Express", "Apple Pay"];

/** The card marks in `where`: each an SVG image named after its scheme, no text pills. */
async function expectCardMarks(where: ReturnType<Page["getByRole"]>) {
  const marks = where.getByRole("list", { name: "Accepted payment methods" }).getByRole("img");
  await expect(marks).toHaveCount(schemes.length);
  for (const [i, name] of schemes.entries()) {
    await expect(marks.nth(i)).toHaveAccessibleName(name);
    expect(await marks.nth(i).evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
    await expect(marks.nth(i)).toBeVisible();
  }
}

for (const viewport of [phone, desktop]) {
  test(`card marks are accessible images in the footer and at checkout's payment step at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await expectCardMarks(page.getByRole("contentinfo"));
    await openCheckoutWithOne(page, request, true);
    await expectCardMarks(page.getByRole("main").getByRole("group", { name: /Payment/ }));
  });
}

test("without JavaScript, the success page says the order's status once", async ({ browser, request }) => {
  await skipWithoutTestPayments(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const plain = await context.newPage();
  await openCheckoutWithOne(plain, request, false);
  const main = plain.getByRole("main");
  await main.getByLabel("Email").fill(newShopper("phones-success").email);
  await main.getByLabel("First name").first().fill("Iris");
  await main.getByLabel("Last name").first().fill("Fairweather");
  await main.getByLabel("Address", { exact: true }).first().fill("1 Bond Street");
  await main.getByLabel("City").first().fill("London");
  await main.getByLabel("Postcode").first().fill("W1S 1AA");
  await main.getByLabel("Card number").fill("4242 4242 4242 4242");
  await main.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await main.getByLabel("CVC").fill("123");
  await main.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL(/\/payment-success\?order_id=/);
  await expect(
    plain.getByRole("status").filter({ hasText: "Paid — we're preparing your order" }),
  ).toBeVisible();
  await expect(plain.getByRole("main").getByText(/^Paid$/)).toHaveCount(0);
  await expect(plain.getByRole("main").getByText("Status", { exact: true })).toHaveCount(0);
  await context.close();
});
