// Pages render on the server, and the core flows work before (or without) JavaScript.
import { expect, test } from "@playwright/test";
import {
  expectCartCount,
  gbp,
  listProducts,
  productByName,
  productInfo,
  sendContactMessage,
} from "./support/shop.ts";

/** The visible text of an HTML document, roughly: tags dropped, common entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

test("pages arrive rendered: their key text is in the server's HTML", async ({ request }) => {
  const { products, total_count: total } = await listProducts(request, { page_size: 6 });
  const product = await productByName(request, "Huile Précieuse Rose Facial Oil");

  const pages: { path: string; texts: (string | RegExp)[] }[] = [
    { path: "/", texts: ["Featured Products", "Join Our Newsletter", "Atelier London"] },
    {
      path: "/shop",
      texts: ["Luxury Beauty Products", `Showing 1–6 of ${total} products`, ...products.map((p) => p.name)],
    },
    { path: `/shop?category=${encodeURIComponent("Verdant & Co")}`, texts: ["Verdant & Co Collection"] },
    { path: `/shop?search=serum`, texts: ['Search Results for "serum"'] },
    {
      path: `/product/${product.id}`,
      texts: [product.name, gbp(product.price.minor_units), "Add to Cart", "Description"],
    },
    { path: "/cart", texts: ["Your Shopping Cart", "Your cart is empty"] },
    {
      path: "/wishlist",
      texts: ["Wishlist", "Your wishlist is empty", "Sign in to keep your wishlist on every device"],
    },
    { path: "/faq", texts: ["Frequently Asked Questions", "When will I receive my refund?"] },
    // The privacy page's date moves when an admin saves it (backoffice-content.spec.ts does).
    {
      path: "/privacy",
      texts: ["Privacy Policy", /Last updated:?\s*(\d{1,2} [A-Z][a-z]+|[A-Z][a-z]+ \d{1,2},) \d{4}/],
    },
    { path: "/terms", texts: ["Terms and Conditions", "13 May 2025"] },
    { path: "/shipping", texts: ["Order Processing Times", "Returns & Exchanges"] },
    { path: "/about", texts: [/team/i] },
    { path: "/contact", texts: [/message/i] },
    { path: "/classic", texts: ["Why Choose Us"] },
    { path: "/status", texts: ["System Status"] },
  ];
  for (const { path, texts } of pages) {
    await test.step(path, async () => {
      const res = await request.get(path);
      expect(res.status(), `GET ${path}`).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/html");
      const text = textOf(await res.text());
      for (const t of texts) {
        if (typeof t === "string") expect(text, `GET ${path} renders ${JSON.stringify(t)}`).toContain(t);
        else expect(text, `GET ${path} renders ${t}`).toMatch(t);
      }
    });
  }
});

test("anonymous catalogue pages may be kept by shared caches; a shopper's own pages never", async ({
  request,
}) => {
  const publicPage = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
  for (const path of ["/", "/shop", "/shop?category=Verdant+%26+Co", "/about", "/faq"]) {
    const res = await request.get(path, { headers: { Cookie: "" } });
    expect(res.headers()["cache-control"], path).toBe(publicPage);
    expect(res.headers().vary, path).toContain("Cookie");
    expect(res.headers()["set-cookie"], path).toBeUndefined();
  }
  // With a cart (or any of the shop's cookies) the same page is the shopper's own.
  const withCart = await request.get("/shop", {
    headers: { Cookie: "atelier_cart=00000000-0000-0000-0000-000000000000" },
  });
  expect(withCart.headers()["cache-control"]).toBe("private, no-cache");
  for (const path of ["/cart", "/login", "/wishlist", "/nowhere"]) {
    const res = await request.get(path, { headers: { Cookie: "" }, failOnStatusCode: false });
    expect(res.headers()["cache-control"], path).toMatch(/^private, no-(cache|store)$/);
  }
});

test("pages carry their own styles: nothing to fetch before the first paint, and they follow navigations", async ({
  page,
  request,
}) => {
  // The document itself holds the page's stylesheets, each under the page's CSP nonce.
  const home = await (await request.get("/")).text();
  expect(home).not.toMatch(/<link[^>]+rel="stylesheet"/);
  const inlined = [...home.matchAll(/<style data-href="(\/assets\/[^"]+\.css)" nonce="[^"]+">/g)].map(
    (m) => m[1],
  );
  expect(inlined.length, "the root's and the home page's stylesheets").toBeGreaterThanOrEqual(2);
  // The scripts only enhance the page: their preloads give way to its picture and fonts (ADR 015).
  const preloads = [...home.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(preloads.length, "the page's modules are preloaded").toBeGreaterThan(3);
  for (const link of preloads) expect(link).toContain('fetchpriority="low"');

  // A client-side navigation links the next page's stylesheet; coming back re-inserts the
  // inlined ones (the CSP would refuse them without the nonce: clean-pages sees any violation).
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") violations.push(m.text());
  });
  await page.goto("/");
  const heroBackground = () => page.locator(".hero").evaluate((el) => getComputedStyle(el).backgroundImage);
  const styled = await heroBackground();
  expect(styled).toContain("gradient");
  await page.getByRole("contentinfo").getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator("head link[rel=stylesheet][href*='/assets/shop-']")).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(heroBackground).toBe(styled);
  expect(violations).toEqual([]);
});

test("product pages carry meta description, Open Graph tags and Product JSON-LD", async ({ request }) => {
  const product = await productByName(request, "Huile Précieuse Rose Facial Oil");
  const html = await (await request.get(`/product/${product.id}`)).text();
  expect(html).toMatch(/<title>[^<]*Huile Précieuse Rose Facial Oil[^<]*<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toMatch(/<meta property="og:title" content="[^"]*Huile Précieuse/);
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  const productLd = ld
    .flatMap((d) => (Array.isArray(d) ? d : (d["@graph"] ?? [d])))
    .find((d: { "@type"?: string }) => d["@type"] === "Product");
  expect(productLd, "a Product JSON-LD block").toBeTruthy();
  expect(productLd.name).toBe(product.name);
  expect(JSON.stringify(productLd.offers)).toContain("GBP");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add to cart from a product page lands on the cart; quantity and remove work", async ({
    page,
    request,
  }) => {
    const product = await productByName(request, "Oat & Calendula Soothing Cream");
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await productInfo(page, product.name).getByRole("button", { name: "Add to Cart" }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Shopping Cart");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: product.name }) });
    await expect(row).toHaveCount(1);
    await expectCartCount(page, 1);

    const quantity = row.getByRole("spinbutton", { name: `Quantity of ${product.name}` });
    await quantity.fill("2");
    await row.getByRole("button", { name: `Update quantity of ${product.name}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(row.getByRole("spinbutton", { name: `Quantity of ${product.name}` })).toHaveValue("2");
    await expect(row).toContainText(gbp(2 * Number(product.price.minor_units)));
    await expectCartCount(page, 2);

    await row.getByRole("button", { name: `Remove ${product.name}` }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expectCartCount(page, 0);
  });

  test("the header search and the shop's sort work as plain forms", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.fill("serum");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=serum/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "serum"');
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect(page).toHaveURL(/search=serum/);
  });

  test("the contact form sends and confirms", async ({ page }) => {
    await page.goto("/contact");
    await sendContactMessage(page, {
      name: "Grace Hopper",
      email: "grace@example.com",
      subject: "Opening hours",
      message: "Are you open on bank holidays?",
    });
    await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  });

  test("the newsletter sign-up confirms, and explains an invalid address", async ({ page }) => {
    await page.goto("/");
    let box = page.getByRole("region", { name: "Join Our Newsletter" });
    await box.getByLabel("Email address").fill("not-an-email");
    await box.getByRole("button", { name: "Join" }).click();
    box = page.getByRole("region", { name: "Join Our Newsletter" });
    await expect(box.getByRole("status")).toContainText(/valid e-?mail/i);

    const email = `nojs-${Date.now()}-${test.info().workerIndex}@example.com`;
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Join" }).click();
    await expect(page.getByRole("region", { name: "Join Our Newsletter" }).getByRole("status")).toContainText(
      /confirmation link/i,
    );
  });
});
