// Checkout, payment and orders (PRODUCT §2 and §4) in the stack's test payment mode: a guest buys
// with the test card and reopens the order from the confirmation e-mail's link; a declined card
// keeps the cart; a signed-in customer finds the order in their history; missing fields are
// refused; the pages pass axe and carry the strict CSP without breaking the page.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoCustomer, logIn, newShopper } from "./support/account.ts";
import { linkIn, skipWithoutMailCatcher, waitForMail } from "./support/mail.ts";
import {
  addFromProductPage,
  cartLink,
  expectCartCount,
  expectNoSeriousA11yViolations,
  listProducts,
  skipWithoutTestPayments,
} from "./support/shop.ts";

const paidCard = "4242 4242 4242 4242";
const declinedCard = "4000 0000 0000 0002";

type Product = { id: string; name: string; stock_quantity: number };

/** Products with stock to spare, different for each test so parallel tests do not drain one. */
async function productsInStock(
  request: Parameters<typeof listProducts>[0],
  count: number,
  offset: number,
): Promise<Product[]> {
  const { products } = await listProducts(request, { page_size: 48 });
  const inStock = products.filter((p) => p.stock_quantity >= 20);
  expect(inStock.length, `${offset + count} products with stock`).toBeGreaterThanOrEqual(offset + count);
  return inStock.slice(offset, offset + count);
}

function step(page: Page, name: RegExp): Locator {
  return page.getByRole("main").getByRole("group", { name });
}

/** The Pay button; it reads "Pay £…" once the page has hydrated (before, "Place Order"). */
function payButton(page: Page): Locator {
  return page.getByRole("main").getByRole("button", { name: /^Pay £\d/ });
}

/** Opens checkout from the cart, as a shopper does, and waits until the page has hydrated. */
async function openCheckout(page: Page) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secure Checkout");
  await expect(payButton(page)).toBeVisible();
}

async function fillAddress(page: Page, email?: string) {
  if (email)
    await step(page, /Contact/)
      .getByLabel("Email")
      .fill(email);
  const shipping = step(page, /Shipping address/);
  await shipping.getByLabel("First name").fill("Iris");
  await shipping.getByLabel("Last name").fill("Fairweather");
  await shipping.getByLabel("Address", { exact: true }).fill("1 Bond Street");
  await shipping.getByLabel("City").fill("London");
  await shipping.getByLabel("Postcode").fill("W1S 1AA");
}

async function fillCard(page: Page, number: string) {
  const payment = step(page, /Payment/);
  await payment.getByLabel("Card number").fill(number);
  await payment.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await payment.getByLabel("CVC").fill("123");
}

/** Console errors (a CSP violation is one), script errors and failed requests while on the page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  return problems;
}

test("a guest buys two products with the test card, is e-mailed, and reopens the order from the e-mail's link", async ({
  page,
  request,
  browser,
}) => {
  await skipWithoutTestPayments(request);
  skipWithoutMailCatcher();
  const [first, second] = await productsInStock(request, 2, 0);
  const email = newShopper("guest-buyer").email;
  const problems = watch(page);
  await addFromProductPage(page, first!);
  await addFromProductPage(page, second!);
  await expectCartCount(page, 2);

  await openCheckout(page);
  // A document load carrying the strict CSP, whose nonce every inline script of the page carries
  // (and which the page lives with: no violations, checked below).
  const doc = await page.request.get("/checkout");
  const csp = doc.headers()["content-security-policy"] ?? "";
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' https:\/\/js\.stripe\.com/.exec(csp)?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  const scripts = (await doc.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  await expect(step(page, /Payment/).getByText("Test mode")).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Sign in for a faster checkout" }),
  ).toHaveAttribute("href", "/login?redirectTo=%2Fcheckout");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText(first!.name)).toBeVisible();
  await expect(summary.getByText(second!.name)).toBeVisible();

  await fillAddress(page, email);
  await step(page, /Delivery/)
    .getByRole("radio", { name: /^Express/ })
    .check();
  await fillCard(page, paidCard);
  const total = (await payButton(page).textContent())!.replace("Pay ", "");
  await payButton(page).click();

  await expect(page).toHaveURL(/\/payment-success\?order_id=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get("order_id")!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  const number = (await page
    .getByText(/^Order number/)
    .locator("strong")
    .textContent())!;
  expect(number).toMatch(/^AL-[A-Z0-9]{6,}$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Paid — we're preparing your order" }),
  ).toBeVisible();
  // The promise is the chosen option's own estimate (Express, DPD, 3–4 working days), as at checkout.
  await expect(page.getByText("Express · 3–4 working days")).toBeVisible();
  await expect(page.getByText(/business days/)).toHaveCount(0);
  await expect(page.getByRole("main").getByText(total, { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute(
    "href",
    "/shop",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "My Account" })).toHaveAttribute(
    "href",
    "/account",
  );
  // The paid lines have left the cart: the header says so.
  await expectCartCount(page, 0);
  expect(problems, problems.join("\n")).toEqual([]);

  // The confirmation e-mail names the order and carries the guest's link to it.
  const mail = await waitForMail(request, { to: email, subject: number }, "the order confirmation");
  const link = linkIn(mail, `/orders/${orderId}`);
  expect(link.searchParams.get("token")).toBeTruthy();
  // …and promises the chosen option's estimate, not a general one.
  expect(mail.text).toContain("Estimated delivery: 3–4 working days");
  expect(`${mail.text}${mail.html}`).not.toContain("business days");

  // In another browser (no cookies), the link opens the order; the token leaves the address bar.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(link.pathname + link.search);
  await expect(other).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(other.getByRole("main").getByText(first!.name)).toBeVisible();
  await expect(
    other.getByRole("list", { name: "Order status history" }).getByRole("listitem").last(),
  ).toContainText("Paid");
  await expect(other.getByRole("main").getByText("Express", { exact: true })).toBeVisible();
  // Reloading without the token still opens it (the token is kept in an HttpOnly cookie).
  await other.reload();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  const ordersCookie = (await elsewhere.cookies()).find((c) => c.name === "atelier_orders");
  expect(ordersCookie?.httpOnly).toBe(true);
  expect(ordersCookie?.sameSite).toBe("Lax");
  await elsewhere.close();

  // A third browser, with neither session nor token, is told the order does not exist.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const res = await strangerPage.goto(`/orders/${orderId}`);
  expect(res?.status()).toBe(404);
  await expect(strangerPage.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await stranger.close();
});

test("a declined card shows the decline under the card field and keeps the cart", async ({
  page,
  request,
}) => {
  await skipWithoutTestPayments(request);
  const [product] = await productsInStock(request, 1, 2);
  await addFromProductPage(page, product!);
  await openCheckout(page);
  await fillAddress(page, newShopper("declined").email);
  await fillCard(page, declinedCard);
  await payButton(page).click();

  const payment = step(page, /Payment/);
  const alert = payment.getByRole("alert");
  await expect(alert).toHaveText(/Your card was declined\./);
  await expect(payment.getByLabel("Card number")).toHaveAccessibleDescription(/Your card was declined\./);
  await expect(payment.getByLabel("Card number")).toHaveValue("");
  await expect(page).toHaveURL(/\/checkout$/);
  // The details stay; the cart keeps its item (checkout's focused header has no cart badge: the
  // cart page says it).
  await expect(step(page, /Shipping address/).getByLabel("City")).toHaveValue("London");
  await page.getByRole("banner").getByRole("link", { name: "Back to cart" }).click();
  await expectCartCount(page, 1);
  await expect(page.getByRole("row").filter({ hasText: product!.name })).toHaveCount(1);

  // Trying again with the good card places a new order and pays it.
  await openCheckout(page);
  await fillAddress(page, newShopper("declined-then-paid").email);
  await fillCard(page, paidCard);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payment-success\?order_id=/);
  await expect(
    page.getByRole("status").filter({ hasText: "Paid — we're preparing your order" }),
  ).toBeVisible();
});

test("a signed-in customer buys, then finds the order in Your Orders and opens it", async ({
  page,
  request,
}) => {
  await skipWithoutTestPayments(request);
  const [product] = await productsInStock(request, 1, 3);
  const problems = watch(page);
  // The seeded customer (registering would spend the suite's per-address sign-up allowance).
  await logIn(page, demoCustomer.email, demoCustomer.password);
  await addFromProductPage(page, product!);
  await openCheckout(page);
  const email = step(page, /Contact/).getByLabel("Email");
  await expect(email).toHaveValue(demoCustomer.email);
  await expect(email).not.toBeEditable();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Sign in for a faster checkout" }),
  ).toHaveCount(0);
  await fillAddress(page);
  await step(page, /Delivery/)
    .getByRole("checkbox", { name: "Requires signature" })
    .uncheck();
  await fillCard(page, paidCard);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payment-success\?order_id=/);
  const number = (await page
    .getByText(/^Order number/)
    .locator("strong")
    .textContent())!;

  await page.getByRole("main").getByRole("link", { name: "My Account" }).click();
  await page
    .getByRole("main")
    .getByRole("link", { name: /Your Orders/ })
    .click();
  await expect(page).toHaveURL(/\/orders$/);
  const row = page
    .getByRole("list", { name: "Your orders, newest first" })
    .getByRole("listitem")
    .filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Paid");
  await expect(row).toContainText(/\d+ items?/);
  await row.getByRole("link", { name: `Order ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByRole("main").getByText(product!.name)).toBeVisible();
  await expect(page.getByText("No signature required", { exact: false })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Order status history" }).getByRole("listitem");
  await expect(timeline.first()).toContainText("Awaiting payment");
  await expect(timeline.last()).toContainText("Paid");

  // Still in the document checkout opened (and its CSP), the shop's pictures load.
  await page.getByRole("main").getByRole("link", { name: product!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product!.name);
  await page.waitForLoadState("networkidle");
  const broken = await page.evaluate(() =>
    [...document.images].filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
  );
  expect(broken, "pictures blocked or missing").toEqual([]);
  expect(problems, problems.join("\n")).toEqual([]);
});

test("submitting with missing fields asks for them, in the page and from the server", async ({
  page,
  request,
  browser,
}) => {
  const [product] = await productsInStock(request, 1, 4);
  await addFromProductPage(page, product!);
  await openCheckout(page);
  await payButton(page).click();
  await expect(step(page, /Payment/).getByRole("alert")).toHaveText(/Please fill in all required fields\./);
  await expect(step(page, /Contact/).getByLabel("Email")).toBeFocused();
  await expect(step(page, /Shipping address/).getByLabel("First name")).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  // Without JavaScript the server says the same.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/checkout");
  await plain.getByRole("main").getByRole("button", { name: "Place Order" }).click();
  await expect(plain.getByRole("alert")).toHaveText(/Please fill in all required fields\./);
  await noScript.close();
});

test("without JavaScript a guest can still pay with the test card", async ({ browser, request }) => {
  await skipWithoutTestPayments(request);
  const [product] = await productsInStock(request, 1, 5);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${product!.id}`);
  await page
    .getByRole("region", { name: product!.name, exact: true })
    .getByRole("button", { name: "Add to Cart" })
    .click();
  await expect(cartLink(page)).toHaveAccessibleName(/^Cart,? 1 item$/);
  await page.goto("/checkout");
  await fillAddress(page, newShopper("no-js").email);
  await fillCard(page, paidCard);
  await page.getByRole("main").getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment-success\?order_id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expect(
    page.getByRole("status").filter({ hasText: "Paid — we're preparing your order" }),
  ).toBeVisible();
  await context.close();
});

test("checkout and payment success pass axe", async ({ page, request }) => {
  await skipWithoutTestPayments(request);
  const [product] = await productsInStock(request, 1, 6);
  await addFromProductPage(page, product!);
  await openCheckout(page);
  await expectNoSeriousA11yViolations(page, "the checkout page");
  await payButton(page).click();
  await expect(step(page, /Payment/).getByRole("alert")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the checkout page with its error");

  await fillAddress(page, newShopper("a11y-checkout").email);
  await fillCard(page, paidCard);
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expectNoSeriousA11yViolations(page, "the payment success page");
  await page.getByRole("main").getByRole("link", { name: "View order details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order AL-/);
  await expectNoSeriousA11yViolations(page, "an order page");
});

test("an empty cart has no checkout, and guests are asked to sign in for their orders", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
  const res = await page.goto("/payment-success?order_id=00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
});
