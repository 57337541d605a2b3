// The back office's webhooks (issue 14), in the browser against the whole stack: an admin registers
// an endpoint pointing at a receiver the test starts on this machine (the stack allows loopback
// receivers, WEBHOOK_ALLOW_LOOPBACK), subscribed to product.updated, and copies its signing secret
// shown once; a product the test made is changed, and the signed event reaches the receiver (its
// signature checked with the Standard Webhooks library) and shows in the delivery log as
// succeeded; a replay sends the same event (the same webhook-id) again; the endpoint is deleted.
// Axe scans the screens and dialogs on the way.
//
// The endpoint's URL is unique to the run and any endpoint with it is deleted when the test ends,
// and the product the test made is archived, so a run leaves nothing behind.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { adminTest, backoffice, backofficeOrigin, doorURL } from "./support/backoffice.ts";
import { shoot } from "./support/backoffice-operations.ts";
import { expectNoSeriousA11yViolations } from "./support/shop.ts";

type Received = { id: string; headers: IncomingHttpHeaders; body: string };

/** Receiver is the partner's server: it answers 200 to every POST and keeps what it got. */
type Receiver = { url: string; received: Received[]; server: Server };

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        id: String(req.headers["webhook-id"] ?? ""),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const path = `/hooks/e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { url: `http://127.0.0.1:${port}${path}`, received, server };
}

type Endpoint = { id: string; url: string };
type AdminProduct = { id: string; name: string; revision: string; archived_at?: string };

/** The endpoints registered with `url`, as the admin API lists them. */
async function endpointsAt(request: APIRequestContext, url: string): Promise<Endpoint[]> {
  const res = await request.get(doorURL("api/v1/admin/webhook-endpoints"));
  expect(res.status(), "GET admin webhook-endpoints").toBe(200);
  const body = (await res.json()) as { endpoints?: Endpoint[] };
  return (body.endpoints ?? []).filter((e) => e.url === url);
}

async function readProduct(request: APIRequestContext, id: string): Promise<AdminProduct> {
  const res = await request.get(doorURL(`api/v1/admin/products/${id}`));
  expect(res.status(), `GET admin product ${id}`).toBe(200);
  return ((await res.json()) as { product: AdminProduct }).product;
}

function productInput(name: string, category: string, description: string) {
  return {
    name,
    description,
    price_minor_units: "2500",
    stock_quantity: 5,
    active: true,
    published: false,
    attributes: { attributes: [{ name: "category", value: category }] },
  };
}

/**
 * A test with `receiver` (stopped at the end, its endpoints deleted) and `made` (the products the
 * test created, archived at the end).
 */
const test = adminTest.extend<{ receiver: Receiver; made: string[] }>({
  receiver: async ({ page }, use) => {
    const receiver = await startReceiver();
    await use(receiver);
    for (const e of await endpointsAt(page.request, receiver.url)) {
      const res = await page.request.delete(doorURL(`api/v1/admin/webhook-endpoints/${e.id}`), {
        headers: { Origin: backofficeOrigin() },
      });
      expect(res.status(), `deleting the test's endpoint ${e.id}`).toBe(200);
    }
    await new Promise((resolve) => receiver.server.close(resolve));
  },
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

function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" });
}

test("an admin registers a webhook endpoint, sees a product change delivered, replays it and deletes the endpoint", async ({
  page,
  context,
  receiver,
  made,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: backofficeOrigin() });
  await page.goto(backoffice());
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Webhooks" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page).toHaveTitle("Webhooks · Atelier back office");
  await expect(
    main.getByRole("table", { name: "Webhook endpoints" }).or(main.getByText("No webhook endpoints yet.")),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the back office's webhooks list");

  // Register the endpoint: the local receiver, product.updated only.
  await main.getByRole("button", { name: "New endpoint" }).first().click();
  const form = page.getByRole("dialog", { name: "New webhook endpoint" });
  await form.getByRole("textbox", { name: "URL" }).fill(receiver.url);
  await form.getByRole("textbox", { name: "Description" }).fill("End-to-end receiver");
  await form.getByRole("checkbox", { name: "product.updated" }).check();
  await expectNoSeriousA11yViolations(page, "the new webhook endpoint dialog");
  await shoot(page, "bo-webhook-new");
  await form.getByRole("button", { name: "Register endpoint" }).click();

  // The signing secret, shown once: copy it.
  const shown = page.getByRole("dialog", { name: "Copy the signing secret now" });
  await expect(shown.getByText("This secret will not be shown again")).toBeVisible();
  const field = shown.getByRole("textbox", { name: "Signing secret" });
  await expect(field).toHaveValue(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByText("Copied to the clipboard.")).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  await expect(field).toHaveValue(secret);
  await expectNoSeriousA11yViolations(page, "the new endpoint's one-time secret");
  await shoot(page, "bo-webhook-secret");
  await shown.getByRole("button", { name: "I have stored it" }).click();
  await expect(shown).toBeHidden();

  // Its own screen: what it receives, and an empty log.
  await expect(main.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
  await expect(main.getByText(receiver.url).first()).toBeVisible();
  await expect(main).toContainText("product.updated");
  await expect(main).toContainText("Enabled");
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(page.url()).not.toContain(secret);
  await expectNoSeriousA11yViolations(page, "a webhook endpoint's screen");

  // A product the test made changes: product.updated fires.
  const cats = await page.request.get(doorURL("api/v1/admin/product-categories"));
  const category = ((await cats.json()) as { categories?: string[] }).categories?.[0] ?? "Candles";
  const name = `E2E Webhook ${Date.now().toString(36)}`;
  const createdRes = await page.request.post(doorURL("api/v1/admin/products"), {
    headers: { Origin: backofficeOrigin() },
    data: productInput(name, category, "Made by the end-to-end suite."),
  });
  expect(createdRes.status(), "POST admin product").toBe(200);
  const { product } = (await createdRes.json()) as { product: AdminProduct };
  made.push(product.id);
  const updated = await page.request.patch(doorURL(`api/v1/admin/products/${product.id}`), {
    headers: { Origin: backofficeOrigin() },
    params: { expected_revision: product.revision },
    data: productInput(name, category, "Changed by the end-to-end suite."),
  });
  expect(updated.status(), "PATCH admin product").toBe(200);

  // The receiver gets it, signed with the secret shown once.
  const ours = () =>
    receiver.received.filter((r) => {
      try {
        const body = JSON.parse(r.body) as {
          type?: string;
          data?: { product?: { id?: string }; id?: string };
        };
        return body.type === "product.updated" && JSON.stringify(body.data ?? {}).includes(product.id);
      } catch {
        return false;
      }
    });
  await expect
    .poll(() => ours().length, { timeout: 60_000, message: "the receiver gets product.updated" })
    .toBeGreaterThan(0);
  const first = ours()[0];
  if (!first) throw new Error("no delivery received");
  const headers = Object.fromEntries(
    Object.entries(first.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")]),
  );
  expect(() => new Webhook(secret).verify(first.body, headers), "the signature verifies").not.toThrow();
  const eventId = first.id;

  // The delivery log shows it, succeeded.
  const log = main.getByRole("table", { name: "Deliveries" });
  const row = log.getByRole("row").filter({ hasText: eventId });
  await expect(async () => {
    await page.reload();
    await expect(row.first()).toContainText("Succeeded", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.first()).toContainText("product.updated");
  await expect(row.first()).toContainText("HTTP 200");
  await row.first().getByText("Show body").click();
  await expect(row.first()).toContainText('{"received":true}');
  await expectNoSeriousA11yViolations(page, "a webhook endpoint's delivery log");
  await shoot(page, "bo-webhook-log");

  // Replayed: the receiver gets the same event (the same webhook-id) again.
  const before = receiver.received.filter((r) => r.id === eventId).length;
  await row
    .first()
    .getByRole("button", { name: `Replay product.updated ${eventId}` })
    .click();
  await expect(toasts(page).getByText("Event product.updated queued to be sent again.")).toBeVisible();
  await expect
    .poll(() => receiver.received.filter((r) => r.id === eventId).length, {
      timeout: 60_000,
      message: "the receiver gets the replayed event",
    })
    .toBeGreaterThan(before);
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(2, { timeout: 2_000 });
    await expect(row.filter({ hasText: "Replayed" }).first()).toContainText("Succeeded", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // Deleted after asking: back to the list, without it.
  await main.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this endpoint?" });
  await expect(confirm).toContainText(receiver.url);
  await expectNoSeriousA11yViolations(page, "the delete endpoint dialog");
  await confirm.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(toasts(page).getByText(`Endpoint ${receiver.url} deleted.`)).toBeVisible();
  await expect(main.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(main.getByText(receiver.url)).toHaveCount(0);
  expect(await endpointsAt(page.request, receiver.url)).toHaveLength(0);
});
