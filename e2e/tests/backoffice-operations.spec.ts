// The back office's order work (PRODUCT §5, issue 13), in Chromium against the whole stack: an
// order placed and paid on the storefront is found in Orders, marked processing and shipped with
// a tracking number, whose e-mail reaches the shopper; part of it is refunded, the test provider
// settles the refund through its webhook, and a too-large amount is refused before sending; the
// dashboard's figures grow by the orders placed. Axe scans every screen and dialog on the way.
//
// The tests that place, ship and refund orders run one after another in one worker, so that the
// dashboard's "Pending orders" and "Total revenue" are never moved down by this file's own
// shipping and refunds while the dashboard test reads them. Orders other files place at the same
// time can only raise the figures, so those assertions are "at least".
import { expect, type Page } from "@playwright/test";
import { backoffice, adminTest as test } from "./support/backoffice.ts";
import { fact, type PlacedOrder, penceOf, placeGuestOrder, shoot } from "./support/backoffice-operations.ts";
import { skipWithoutMailCatcher, waitForMail } from "./support/mail.ts";
import { expectNoSeriousA11yViolations, skipWithoutTestPayments } from "./support/shop.ts";

const tracking = "RM123456785GB";

/** The dashboard's headline figures as shown on its cards. */
async function dashboardFigures(page: Page) {
  await page.goto(backoffice());
  const totals = page.getByRole("region", { name: "Totals" });
  const card = (label: string) =>
    totals
      .locator(".stat-card")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator(".stat-card__value");
  await expect(card("Total orders")).toHaveText(/^\d[\d,]*$/);
  const count = async (label: string) => Number((await card(label).textContent())!.replaceAll(",", ""));
  return {
    orders: await count("Total orders"),
    revenue: penceOf((await card("Total revenue").textContent())!),
    pending: await count("Pending orders"),
  };
}

/** Opens the order from the Orders list, found by searching its e-mail. */
async function openFromOrdersList(page: Page, order: PlacedOrder) {
  await page.goto(backoffice("orders"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await main.getByRole("searchbox", { name: "Search" }).fill(order.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = main.getByRole("row").filter({ hasText: order.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(order.total);
  // Its status and its payment both read Paid (the payment once read "No payment" in the list).
  await expect(row.getByText("Paid", { exact: true })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, "the back office's orders list, searched");
  await shoot(page, "bo-orders-list");
  await row.getByRole("link", { name: order.number }).click();
  await expect(main.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
}

/** The back office's toasts (its Notifications live region). */
function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status");
}

function status(page: Page) {
  return page.getByRole("main").locator(".page-header__description");
}

test.describe("orders placed in the shop, worked in the back office", () => {
  test.describe.configure({ mode: "serial" });
  let order: PlacedOrder | undefined;

  test.beforeEach(async ({ request }) => {
    await skipWithoutTestPayments(request);
  });

  test("the dashboard's figures grow by the order the test placed, which heads Recent orders", async ({
    page,
    browser,
    request,
  }) => {
    const before = await dashboardFigures(page);
    await expectNoSeriousA11yViolations(page, "the back office's dashboard");

    const shop = await browser.newPage();
    const placed = await placeGuestOrder(shop, request, "bo-dashboard");
    await shop.close();

    const after = await dashboardFigures(page);
    // Other files' shoppers may pay at the same time: the figures grow by at least this order.
    expect(after.orders, "Total orders").toBeGreaterThanOrEqual(before.orders + 1);
    expect(after.revenue, "Total revenue (pence)").toBeGreaterThanOrEqual(
      before.revenue + penceOf(placed.total),
    );
    expect(after.pending, "Pending orders").toBeGreaterThanOrEqual(before.pending + 1);
    const recent = page.getByRole("region", { name: "Recent orders" });
    const row = recent.getByRole("row").filter({ has: page.getByRole("link", { name: placed.number }) });
    await expect(row).toContainText(placed.total);
    await expect(row).toContainText("Paid");
    await shoot(page, "bo-dashboard");
    // The recent order's link opens it.
    await row.getByRole("link", { name: placed.number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${placed.number}` })).toBeVisible();
  });

  test("an order placed in the shop is found by its e-mail, marked processing and shipped; the shopper is e-mailed the tracking", async ({
    page,
    browser,
    request,
  }) => {
    skipWithoutMailCatcher();
    const shop = await browser.newPage();
    order = await placeGuestOrder(shop, request, "bo-ship");
    await shop.close();

    await openFromOrdersList(page, order);
    const main = page.getByRole("main");
    await expect(status(page)).toContainText("Paid");
    await expect(main.getByRole("region", { name: "Addresses" })).toContainText(`${order.email} (guest)`);
    await expect(main.getByRole("region", { name: "Items" })).toContainText(order.total);
    await expectNoSeriousA11yViolations(page, "an order's detail");
    await shoot(page, "bo-order-detail");

    // Mark processing, confirmed in its dialog.
    await main.getByRole("button", { name: "Mark processing" }).click();
    const confirm = page.getByRole("dialog", { name: `Mark order ${order.number} as processing?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Mark processing" }).click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page).filter({ hasText: `Order ${order.number} is processing.` })).toBeVisible();
    await expect(status(page)).toContainText("Processing");

    // Ship with a tracking number: a wrong one is refused in the dialog first.
    await main.getByRole("button", { name: "Ship…" }).click();
    const ship = page.getByRole("dialog", { name: `Ship order ${order.number}` });
    await expect(ship).toBeVisible();
    const number = ship.getByRole("textbox", { name: "Tracking number" });
    await number.fill("#1");
    await ship.getByRole("button", { name: "Ship order" }).click();
    await expect(number).toHaveAccessibleDescription(/A tracking number is 4 to 40 letters/);
    await number.fill(tracking.toLowerCase());
    await expectNoSeriousA11yViolations(page, "the ship dialog");
    await shoot(page, "bo-ship-dialog");
    await ship.getByRole("button", { name: "Ship order" }).click();
    await expect(ship).toBeHidden();
    await expect(status(page)).toContainText("Shipped");
    const delivery = main.getByRole("region", { name: "Delivery" });
    await expect(fact(delivery, "Tracking number")).toContainText(tracking);

    // The shipping e-mail reaches the shopper with the tracking number.
    const mail = await waitForMail(
      request,
      { to: order.email, subject: new RegExp(`${order.number} is on its way`) },
      "the shipping e-mail",
    );
    expect(`${mail.text}\n${mail.html}`).toContain(tracking);
    const link = delivery.getByRole("link", { name: new RegExp(tracking) });
    if ((await link.count()) > 0) {
      // The carrier's tracking page the order links is the one the e-mail links.
      const url = (await link.getAttribute("href"))!;
      expect(
        mail.text.includes(url) || mail.html.includes(url.replaceAll("&", "&amp;")),
        `the e-mail links ${url}`,
      ).toBe(true);
    }
  });

  test("part of the shipped order is refunded: too much is refused before sending, the provider settles £5.00", async ({
    page,
  }) => {
    test.skip(!order, "needs the order the previous test shipped");
    const placed = order!;
    await page.goto(backoffice(`orders/${placed.id}`));
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: `Order ${placed.number}` })).toBeVisible();

    const refundRequests: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/orders/${placed.id}/refunds`))
        refundRequests.push(r.url());
    });

    await main.getByRole("button", { name: "Refund…" }).click();
    const dialog = page.getByRole("dialog", { name: `Refund order ${placed.number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Up to ${placed.total} can be refunded.`);
    await dialog.getByRole("radio", { name: "Part of it" }).check();
    const amount = dialog.getByRole("textbox", { name: "Amount (£)" });
    const tooMuch = ((penceOf(placed.total) + 100) / 100).toFixed(2);
    await amount.fill(tooMuch);
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(amount).toHaveAccessibleDescription(
      new RegExp(`At most ${placed.total.replace(".", "\\.")} can be refunded`),
    );
    expect(refundRequests, "a too-large refund is not sent").toEqual([]);
    await expectNoSeriousA11yViolations(page, "the refund dialog");
    await shoot(page, "bo-refund-dialog");

    await amount.fill("5.00");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      toasts(page).filter({ hasText: "Refund of £5.00 pending with the payment provider." }),
    ).toBeVisible();
    expect(refundRequests).toHaveLength(1);
    const refunds = main.getByRole("region", { name: "Refunds" });
    await expect(refunds.getByRole("listitem")).toHaveCount(1);
    await expect(refunds.getByRole("listitem")).toContainText("£5.00");

    // The test provider settles the refund through its webhook: the order shows it once it has.
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(main.getByRole("heading", { level: 1, name: `Order ${placed.number}` })).toBeVisible();
          return (await refunds.getByRole("listitem").textContent()) ?? "";
        },
        { message: "the refund settles", timeout: 30_000 },
      )
      .toContain("Succeeded");
    const payment = main.getByRole("region", { name: "Payment" });
    await expect(fact(payment, "Refunded")).toHaveText("£5.00");
    await expect(fact(payment, "Refund pending")).toHaveText("£0.00");
    await expect(fact(payment, "Can still refund")).toHaveText(
      new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(
        (penceOf(placed.total) - 500) / 100,
      ),
    );
    await expect(fact(payment, "State")).toHaveText("Partly refunded");
    await expectNoSeriousA11yViolations(page, "an order's detail after a refund");
  });
});
