// The back office's product journeys (issue 13), in the browser against the whole stack: a product
// made with two images shows them on the storefront; two admins saving the same product, the second
// refused and nothing of it saved; an old revision restored and the storefront following; bulk
// publish and unpublish from the list; and an axe scan of every products screen visited.
//
// Each test makes its own products (unique names) and archives them when it ends, so a run against
// a deployment leaves nothing of them in its shop and touches no other product.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { demoAdmin } from "./support/account.ts";
import {
  adminTest,
  backoffice,
  backofficeOrigin,
  backofficeURLPattern,
  doorURL,
  signInToBackOffice,
  signOutOfBackOffice,
} from "./support/backoffice.ts";
import { expectNoSeriousA11yViolations, gbp, listProducts, productInfo } from "./support/shop.ts";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const images = [path.join(fixtures, "product-amber.png"), path.join(fixtures, "product-sage.png")];

type AdminProduct = {
  id: string;
  name: string;
  revision: string;
  archived_at?: string;
  price?: { minor_units?: string };
  updated_by?: { display_name?: string };
};

/** A product name no other test (or earlier run) uses. */
function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * A test whose page is signed in to the back office, with `made`: the ids of the products the test
 * created, archived when it ends (those not archived yet), so the shop is left as it was.
 */
const test = adminTest.extend<{ made: string[] }>({
  made: async ({ page }, use) => {
    const made: string[] = [];
    await use(made);
    for (const id of made) {
      const product = await readProduct(page.request, id);
      if (product.archived_at) continue;
      const res = await page.request.delete(doorURL(`api/v1/admin/products/${id}`), {
        params: { expected_revision: product.revision },
        headers: { Origin: backofficeOrigin() },
      });
      expect(res.status(), `archiving the test's product ${id}`).toBe(200);
    }
  },
});

/** A product as the admin API answers it now. */
async function readProduct(request: APIRequestContext, id: string): Promise<AdminProduct> {
  const res = await request.get(doorURL(`api/v1/admin/products/${id}`));
  expect(res.status(), `GET admin product ${id}`).toBe(200);
  return ((await res.json()) as { product: AdminProduct }).product;
}

/** The first category in use in the shop (the form offers the ones in use). */
async function someCategory(request: APIRequestContext): Promise<string> {
  const res = await request.get(doorURL("api/v1/admin/product-categories"));
  expect(res.status(), "GET admin product categories").toBe(200);
  const { categories = [] } = (await res.json()) as { categories?: string[] };
  const first = categories[0];
  if (!first) throw new Error("the shop has no category in use to choose");
  return first;
}

/** Creates a published product through the admin API (for the journeys that start from one). */
async function createProduct(
  request: APIRequestContext,
  made: string[],
  fields: { name: string; pence: number; stock?: number; published?: boolean },
): Promise<AdminProduct> {
  const category = await someCategory(request);
  const res = await request.post(doorURL("api/v1/admin/products"), {
    headers: { Origin: backofficeOrigin() },
    data: {
      name: fields.name,
      description: "Made by the end-to-end suite.",
      price_minor_units: String(fields.pence),
      stock_quantity: fields.stock ?? 5,
      active: true,
      published: fields.published ?? true,
      attributes: { attributes: [{ name: "category", value: category }] },
    },
  });
  expect(res.status(), `POST admin product ${fields.name}`).toBe(200);
  const { product } = (await res.json()) as { product: AdminProduct };
  made.push(product.id);
  return product;
}

/** The product's id from the edit screen's address (/admin/products/<id>). */
function productIdOf(page: Page): string {
  const id = new URL(page.url()).pathname.match(/\/products\/([^/]+)$/)?.[1];
  if (!id) throw new Error(`not on a product's edit screen: ${page.url()}`);
  return id;
}

/** The edit (or new) screen's product form. */
function productForm(page: Page): Locator {
  return page.getByRole("form", { name: "Product" });
}

/** The edit screen's list of images, in order. */
function imageList(page: Page): Locator {
  return page.getByRole("list", { name: "Images in order" });
}

/** A toast of the back office (role status for results, alert for errors). */
function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByText(text);
}

/** Saves screenshots at 1280 and 768 px to /tmp/shots/<name>-<width>.png, only when E2E_SHOTS=1. */
async function shots(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== "1") return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  mkdirSync("/tmp/shots", { recursive: true });
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test("a product made with two images shows both on the storefront", async ({ page, made }) => {
  test.slow(); // The images are rendered by a background job.
  const name = uniqueName("Lantern");
  const category = await someCategory(page.request);

  await page.goto(backoffice("products"));
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Products" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the products list");
  await shots(page, "bo-products-list");

  await page.getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(backofficeURLPattern("products/new"));
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  const form = productForm(page);
  // The categories load on their own: wait for them, so the choice below is one the form offers.
  await expect(form.getByRole("combobox", { name: "Category" })).toContainText(category);
  await expectNoSeriousA11yViolations(page, "the new product form");

  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("textbox", { name: "Price (£, VAT included)" }).fill("34.50");
  await form.getByRole("textbox", { name: "Stock", exact: true }).fill("7");
  await form.getByRole("combobox", { name: "Category" }).selectOption(category);
  await form.getByRole("checkbox", { name: "Published" }).check();
  await form.getByRole("checkbox", { name: "Active" }).check();
  await form.getByRole("button", { name: "Create product" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[^/]+$/);
  const id = productIdOf(page);
  made.push(id);
  await expect(notification(page, `${name} created`)).toBeVisible();
  await expect(page.getByText("This product has no images yet.")).toBeVisible();

  await page.getByLabel("Choose images").setInputFiles(images);
  const uploads = page.getByRole("region", { name: "Uploads" });
  await expect(uploads.getByText("Uploaded", { exact: true })).toHaveCount(2);
  await expect(notification(page, "2 images uploaded: processing.")).toBeVisible();

  // Processing, then each row shows its rendered thumbnail (the section polls while processing).
  const rows = imageList(page).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(imageList(page).getByText("Processing", { exact: true })).toHaveCount(0, { timeout: 60_000 });
  await expect(imageList(page).getByText("Failed", { exact: true })).toHaveCount(0);
  const thumbs = imageList(page).locator(".image-row__picture img");
  await expect(thumbs).toHaveCount(2);
  for (const thumb of await thumbs.all()) {
    await expect(thumb).toHaveAttribute("src", /\/media\//);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(rows.first().getByText("Primary", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the product edit screen with images");
  await shots(page, "bo-product-edit-images");

  // The storefront's product page: its gallery shows both pictures, served from /media/.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(productInfo(page, name)).toContainText(gbp(3450));
  const strip = page.getByRole("list", { name: "Product images" });
  await expect(strip.getByRole("button", { name: /^Show image \d of 2$/ })).toHaveCount(2);
  const pictures = strip.getByRole("img");
  await expect(pictures).toHaveCount(2);
  const sources = new Set<string>();
  for (const picture of await pictures.all()) {
    await expect(picture).toHaveAttribute("src", /\/media\//);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: "the picture loads",
      })
      .toBe(true);
    sources.add((await picture.getAttribute("src")) ?? "");
  }
  expect(sources.size, "two different pictures").toBe(2);
  await expect(page.getByRole("button", { name: "Zoom image" }).getByRole("img")).toHaveAttribute(
    "src",
    /\/media\//,
  );
});

test("two admins save one product: the second is refused and nothing of it is saved", async ({
  page,
  browser,
  made,
}) => {
  const name = uniqueName("Vase");
  const product = await createProduct(page.request, made, { name, pence: 2000 });

  // The other admin, in a browser of their own, signed in through the sign-in screen.
  // (The test's options would give it the worker's admin session: it starts with none instead.)
  const otherContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await otherContext.newPage();
  try {
    await signInToBackOffice(other, demoAdmin, `/products/${product.id}`);
    await page.goto(backoffice(`products/${product.id}`));
    for (const p of [page, other]) {
      await expect(p.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(productForm(p).getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    }

    // The first admin saves a new price.
    await productForm(page).getByRole("textbox", { name: "Price (£, VAT included)" }).fill("21.00");
    await productForm(page).getByRole("button", { name: "Save product" }).click();
    await expect(notification(page, "Product saved")).toBeVisible();

    // The second, from the form as it was loaded, renames it and changes the price: refused.
    const secondName = `${name} renamed`;
    const otherForm = productForm(other);
    await otherForm.getByRole("textbox", { name: "Name", exact: true }).fill(secondName);
    await otherForm.getByRole("textbox", { name: "Price (£, VAT included)" }).fill("99.00");
    await otherForm.getByRole("button", { name: "Save product" }).click();
    // A warning (role status) that takes the focus, so it is read out and scrolled to.
    const refusal = other.getByRole("status").filter({ hasText: /^Changed by .+ at .+ — reload/ });
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeFocused();
    await expect(refusal).toContainText("Your changes were not saved");
    await expect(
      otherForm.getByRole("textbox", { name: "Name", exact: true }),
      "the refused form keeps what was typed",
    ).toHaveValue(secondName);
    await expectNoSeriousA11yViolations(other, "the edit screen with the stale-revision alert");

    // Nothing of the second save reached the product; the refusal named who saved it first.
    const saved = await readProduct(page.request, product.id);
    expect(saved.name).toBe(name);
    expect(saved.price?.minor_units).toBe("2100");
    expect(saved.revision).toBe(String(Number(product.revision) + 1));
    await expect(refusal).toContainText(`Changed by ${saved.updated_by?.display_name}`);

    // Reload shows the first admin's change.
    await refusal.getByRole("button", { name: "Reload" }).click();
    await expect(refusal).toBeHidden();
    await expect(otherForm.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    await expect(otherForm.getByRole("textbox", { name: "Price (£, VAT included)" })).toHaveValue("21.00");
    // Ends the second session: signed out on purpose, sign-in starts afresh (no return address).
    await signOutOfBackOffice(other);
  } finally {
    await otherContext.close();
  }
});

test("restoring an old revision brings its price back to the storefront", async ({ page, made }) => {
  const name = uniqueName("Candle");
  const product = await createProduct(page.request, made, { name, pence: 1850 });

  await page.goto(`/product/${product.id}`);
  await expect(productInfo(page, name)).toContainText(gbp(1850));

  // A new price, saved on the edit screen.
  await page.goto(backoffice(`products/${product.id}`));
  const form = productForm(page);
  await expect(form.getByRole("textbox", { name: "Price (£, VAT included)" })).toHaveValue("18.50");
  await form.getByRole("textbox", { name: "Price (£, VAT included)" }).fill("27.00");
  await form.getByRole("button", { name: "Save product" }).click();
  await expect(notification(page, "Product saved")).toBeVisible();
  const edited = String(Number(product.revision) + 1);
  await expect(page.getByText(`Revision ${edited},`)).toBeVisible();

  await page.goto(`/product/${product.id}`);
  await expect(productInfo(page, name)).toContainText(gbp(2700));

  // History: the edit's diff shows the price before and after; restore the first revision.
  await page.goto(backoffice(`products/${product.id}`));
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(backofficeURLPattern(`products/${product.id}/history`));
  await expect(page.getByRole("heading", { level: 1, name: `History of ${name}` })).toBeVisible();
  const revisions = page.getByRole("list", { name: "Revisions, newest first" });
  const latest = revisions.getByRole("listitem", { name: `Revision ${edited} (current)` });
  await expect(latest).toBeVisible();
  const diff = latest.getByRole("table", { name: `What revision ${edited} changed` });
  await expect(diff.getByRole("row", { name: /Price/ })).toContainText("£18.50");
  await expect(diff.getByRole("row", { name: /Price/ })).toContainText("£27.00");
  await expectNoSeriousA11yViolations(page, "the product history");
  await shots(page, "bo-product-history");

  const first = revisions.getByRole("listitem", { name: `Revision ${product.revision}`, exact: true });
  await first.getByRole("button", { name: `Restore revision ${product.revision}` }).click();
  const dialog = page.getByRole("dialog", { name: `Restore revision ${product.revision}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  const restored = String(Number(edited) + 1);
  await expect(
    notification(page, `Revision ${product.revision} restored as revision ${restored}`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const now = revisions.getByRole("listitem", { name: `Revision ${restored} (current)` });
  await expect(now).toContainText(`Restored from revision ${product.revision}`);

  // The storefront shows the old price again.
  await page.goto(`/product/${product.id}`);
  await expect(productInfo(page, name)).toContainText(gbp(1850));
  await expect(productInfo(page, name)).not.toContainText(gbp(2700));
});

test("bulk unpublish and publish from the list, for the products selected", async ({ page, made }) => {
  const prefix = uniqueName("Bowl");
  const names = [`${prefix} one`, `${prefix} two`];
  for (const name of names) await createProduct(page.request, made, { name, pence: 1200 });

  await page.goto(backoffice("products"));
  await page.getByRole("searchbox", { name: "Search" }).fill(prefix);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole("table", { name: "Products" });
  const rows = table.getByRole("row").filter({ hasText: prefix });
  await expect(rows).toHaveCount(2);
  for (const name of names) {
    await expect(rows.filter({ hasText: name })).toContainText("Published");
  }

  // Unpublish both: they become drafts and leave the shop.
  for (const name of names) await table.getByRole("checkbox", { name: `Select ${name}` }).check();
  const bulk = page.getByText("2 products selected");
  await expect(bulk).toBeVisible();
  await page.getByRole("button", { name: "Unpublish", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "Unpublish 2 products?" });
  await dialog.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(notification(page, "2 products unpublished")).toBeVisible();
  for (const name of names) {
    await expect(rows.filter({ hasText: name }).getByText("Draft", { exact: true })).toBeVisible();
    await expect(table.getByRole("checkbox", { name: `Select ${name}` })).not.toBeChecked();
  }
  await expect
    .poll(async () => (await listProducts(page.request, { search: prefix, page_size: 12 })).products.length)
    .toBe(0);

  // Publish one of them again: only it changes.
  await table.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Publish 1 product?" });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(notification(page, "1 product published")).toBeVisible();
  await expect(rows.filter({ hasText: names[0] }).getByText("Published", { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: names[1] }).getByText("Draft", { exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      (await listProducts(page.request, { search: prefix, page_size: 12 })).products.map((p) => p.name),
    )
    .toEqual([names[0]]);
});
