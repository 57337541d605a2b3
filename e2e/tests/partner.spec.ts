// A partner's journey (issue 14), through public interfaces only: the shop's admin gives a partner
// a secret API key (catalog:read, carts:write, checkout:write) and registers the partner's webhook
// endpoint for order.paid; the partner, with the TypeScript SDK and that key, walks the catalogue
// by page tokens, opens a product, fills a cart, quotes and checks out in the shop's test payment
// mode and pays with the test card; the shop then POSTs the signed order.paid event to the
// partner's receiver (a local HTTP server), which verifies it with a Standard Webhooks library.
// A second test holds the key to its rules: rate-limit headers on every answer, scope_missing
// outside its scopes, invalid_api_key once revoked.
//
// Each test makes its own key and endpoint under a unique name and removes them at the end,
// whatever happened.
import { randomUUID } from "node:crypto";
import {
  type AtelierClient,
  AtelierError,
  createAtelierClient,
  isAtelierError,
  type OrderEvent,
  type Product,
  unwrap,
} from "@atelier-commerce/sdk";
import { expect, test } from "@playwright/test";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { ownStack } from "../stack/target.ts";
import { cleanUp, type Delivery, ShopAdmin, uniqueName, WebhookReceiver } from "./support/partner.ts";
import { apiURL, skipWithoutTestPayments } from "./support/shop.ts";

const partnerScopes = ["catalog:read", "carts:write", "checkout:write"];

/** What a call that must fail threw: the SDK's error, or the test fails. */
async function refusal(call: Promise<unknown>): Promise<AtelierError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof AtelierError) return err;
    throw err;
  }
  throw new Error("the call succeeded, but it should have been refused");
}

/** Every product, page by page, following next_page_token (AIP-158), as a partner syncs it. */
async function walkCatalogue(partner: AtelierClient) {
  const pages: Product[][] = [];
  let token = "";
  do {
    const page = await unwrap(
      partner.GET("/api/v1/products", {
        params: { query: { page_size: 6, ...(token ? { page_token: token } : {}) } },
      }),
    );
    pages.push(page.products ?? []);
    token = page.next_page_token ?? "";
  } while (token && pages.length < 100);
  return pages;
}

/** The receiver's deliveries of `type` about the order `orderId` (each verified first). */
function eventsAbout(deliveries: Delivery[], hook: Webhook, type: string, orderId: string) {
  return deliveries
    .map((d) => ({ delivery: d, event: hook.verify(d.rawBody, d.headers) as OrderEvent }))
    .filter(({ event }) => event.type === type && event.data.id === orderId);
}

test("a partner checks out with the SDK and its API key, and verifies the signed order.paid webhook", async ({
  request,
}) => {
  test.skip(
    !ownStack(),
    "the shop must reach a webhook receiver on this machine (WEBHOOK_ALLOW_LOOPBACK): only on the suite's own stack",
  );
  await skipWithoutTestPayments(request);
  test.setTimeout(120_000);
  const admin = await ShopAdmin.signIn();
  if (typeof admin === "string") {
    test.skip(true, admin);
    return;
  }
  const receiver = await WebhookReceiver.start();
  const made: { keyId?: string; endpointId?: string } = {};
  try {
    // The shop's admin sets the partner up: a key, and an endpoint for order.paid.
    const key = await admin.createSecretKey(uniqueName("Partner checkout"), partnerScopes);
    made.keyId = key.api_key.id;
    expect(key.secret).toMatch(/^atl_sk_[A-Za-z0-9]{40,}$/);
    expect(key.api_key.scopes).toEqual(expect.arrayContaining(partnerScopes));
    const endpoint = await admin.createWebhookEndpoint(receiver.url, uniqueName("Partner receiver"), [
      "order.paid",
    ]);
    made.endpointId = endpoint.endpoint.id;
    expect(endpoint.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    // The partner: the SDK with the key.
    const partner = createAtelierClient({ baseUrl: apiURL(), apiKey: key.secret });

    // Browse: the catalogue by page tokens (no product twice), then one product.
    const pages = await walkCatalogue(partner);
    expect(pages.length, "the demo catalogue spans several pages of 6").toBeGreaterThanOrEqual(2);
    expect(pages[0]).toHaveLength(6);
    const ids = pages.flat().map((p) => p.id);
    expect(new Set(ids).size, "no product on two pages").toBe(ids.length);
    const chosen = pages
      .flat()
      .reverse()
      .find((p) => (p.stock_quantity ?? 0) >= 20);
    if (!chosen?.id) throw new Error("no product with 20 in stock in the catalogue");
    const { product } = await unwrap(
      partner.GET("/api/v1/products/{id}", { params: { path: { id: chosen.id } } }),
    );
    expect(product?.id).toBe(chosen.id);
    expect(product?.name).toBe(chosen.name);
    const unit = Number(product?.price?.minor_units);
    expect(unit).toBeGreaterThan(0);

    // A cart with two of it.
    const { cart } = await unwrap(partner.POST("/api/v1/carts", { body: {} }));
    if (!cart?.id) throw new Error("CreateCart answered no cart id");
    const added = await unwrap(
      partner.POST("/api/v1/carts/{cart_id}/items", {
        params: { path: { cart_id: cart.id } },
        body: { product_id: chosen.id, quantity: 2 },
      }),
    );
    expect(added.cart?.lines?.map((l) => [l.product?.id, l.quantity])).toEqual([[chosen.id, 2]]);

    // The quote, then the order in test mode.
    const quote = await unwrap(
      partner.GET("/api/v1/carts/{cart_id}/checkout-quote", { params: { path: { cart_id: cart.id } } }),
    );
    expect(Number(quote.subtotal?.minor_units)).toBe(2 * unit);
    const delivery = quote.delivery_quotes?.[0];
    const deliveryCode = delivery?.option?.code;
    if (!deliveryCode) throw new Error("the quote offers no delivery option");
    const email = `partner-${randomUUID().slice(0, 8)}@example.com`;
    const placed = await unwrap(
      partner.POST("/api/v1/carts/{cart_id}/checkout", {
        params: { path: { cart_id: cart.id } },
        body: {
          cart_id: cart.id,
          idempotency_key: randomUUID(),
          email,
          shipping_address: {
            first_name: "Ines",
            last_name: "Partner",
            address_line1: "2 Bond Street",
            city: "London",
            postcode: "W1S 1AB",
            country_code: "GB",
          },
          delivery_option_code: deliveryCode,
        },
      }),
    );
    const order = placed.order;
    if (!order?.id || !order.number) throw new Error("Checkout answered no order");
    expect(placed.payment?.mode).toBe("PAYMENT_MODE_TEST");
    expect(order.total?.minor_units).toBe(delivery?.total?.minor_units);
    const clientSecret = placed.payment?.client_secret;
    if (!clientSecret) throw new Error("Checkout answered no client secret");

    // Paid with the test card, as the test mode takes it.
    const paid = await unwrap(
      partner.POST("/api/v1/payments/test/confirm", {
        body: {
          client_secret: clientSecret,
          card_number: "4242 4242 4242 4242",
          exp_month: 12,
          exp_year: 2034,
          cvc: "123",
        },
      }),
    );
    expect(paid).toEqual({ order_id: order.id, status: "succeeded" });
    await expect
      .poll(
        async () => {
          const { order: now } = await unwrap(
            partner.GET("/api/v1/orders/{order_id}", {
              params: {
                path: { order_id: order.id as string },
                query: { access_token: placed.order_access_token },
              },
            }),
          );
          return now?.status;
        },
        { message: "the order is paid" },
      )
      .toBe("ORDER_STATUS_PAID");

    // The signed order.paid event reaches the receiver (outbox → River), and verifies.
    const hook = new Webhook(endpoint.signing_secret);
    await expect
      .poll(() => eventsAbout(receiver.deliveries, hook, "order.paid", order.id as string).length, {
        message: `order.paid for ${order.number} delivered to ${receiver.url}`,
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(1);
    const [{ delivery: received, event }] = eventsAbout(
      receiver.deliveries,
      hook,
      "order.paid",
      order.id,
    ) as [{ delivery: Delivery; event: OrderEvent }];
    expect(received.headers["webhook-id"]).toBeTruthy();
    expect(received.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$/);
    expect(received.headers["content-type"]).toMatch(/^application\/json/);
    expect(Math.abs(Number(received.headers["webhook-timestamp"]) * 1000 - Date.now())).toBeLessThan(
      5 * 60_000,
    );
    expect(event.type).toBe("order.paid");
    expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
    expect(event.data).toMatchObject({ id: order.id, number: order.number, status: "paid", email });
    // Amounts have the API's own shape: minor units (pence) as a string, with the currency.
    expect(event.data.subtotal).toEqual({ currency_code: "GBP", minor_units: String(2 * unit) });
    expect(event.data.delivery).toEqual({
      currency_code: "GBP",
      minor_units: delivery?.delivery_price?.minor_units,
    });
    expect(event.data.total).toEqual({ currency_code: "GBP", minor_units: order.total?.minor_units });
    expect(event.data.lines).toEqual([
      expect.objectContaining({
        product_id: chosen.id,
        quantity: 2,
        unit_price: { currency_code: "GBP", minor_units: String(unit) },
        line_total: { currency_code: "GBP", minor_units: String(2 * unit) },
      }),
    ]);

    // A body changed on the way (here: a lower total) fails verification.
    const tampered = received.rawBody.replace(
      // (The body's keys come in the order the shop stored them, not the struct's: find the amount.)
      /("total":\s*\{[^}]*"minor_units":\s*")(\d+)/,
      (_, before: string, amount: string) => `${before}${Number(amount) - 1}`,
    );
    expect(tampered, "the body was changed").not.toBe(received.rawBody);
    expect(() => hook.verify(tampered, received.headers)).toThrow(WebhookVerificationError);
    // And so does the right body under another endpoint's secret.
    expect(() =>
      new Webhook(`whsec_${Buffer.from(randomUUID()).toString("base64")}`).verify(
        received.rawBody,
        received.headers,
      ),
    ).toThrow(WebhookVerificationError);
  } finally {
    await cleanUp(
      async () => made.keyId && (await admin.revokeKey(made.keyId, "end of test")),
      async () => made.endpointId && (await admin.deleteWebhookEndpoint(made.endpointId)),
      () => receiver.stop(),
      () => admin.signOut(),
    );
  }
});

test("a partner's key carries its rate limit, is refused outside its scopes, and at once when revoked", async () => {
  const admin = await ShopAdmin.signIn();
  if (typeof admin === "string") {
    test.skip(true, admin);
    return;
  }
  let keyId: string | undefined;
  try {
    const key = await admin.createSecretKey(uniqueName("Partner rules"), partnerScopes);
    keyId = key.api_key.id;
    const partner = createAtelierClient({ baseUrl: apiURL(), apiKey: key.secret });

    // Every answer says the key's allowance (IETF RateLimit headers).
    const listed = await partner.GET("/api/v1/products", { params: { query: { page_size: 6 } } });
    expect(listed.response.status).toBe(200);
    const limit = Number(listed.response.headers.get("RateLimit-Limit"));
    const remaining = Number(listed.response.headers.get("RateLimit-Remaining"));
    expect(limit).toBeGreaterThan(0);
    expect(remaining).toBeGreaterThanOrEqual(0);
    expect(remaining).toBeLessThan(limit);
    expect(listed.response.headers.get("RateLimit-Reset")).toMatch(/^\d+$/);

    // The admin orders need orders:read, which this key lacks.
    const outOfScope = await refusal(
      unwrap(partner.GET("/api/v1/admin/orders", { params: { query: { page_size: 20 } } })),
    );
    expect(isAtelierError(outOfScope, "scope_missing"), `${outOfScope.status} ${outOfScope.reason}`).toBe(
      true,
    );
    expect(outOfScope.status).toBe(403);

    // Revoked: the very next call is refused, with the same answer as an unknown key.
    await admin.revokeKey(key.api_key.id, "partner offboarded");
    const revoked = await refusal(
      unwrap(partner.GET("/api/v1/products", { params: { query: { page_size: 6 } } })),
    );
    expect(isAtelierError(revoked, "invalid_api_key"), `${revoked.status} ${revoked.reason}`).toBe(true);
    expect(revoked.status).toBe(401);
    const unknown = await refusal(
      unwrap(
        createAtelierClient({ baseUrl: apiURL(), apiKey: `atl_sk_${"x".repeat(43)}` }).GET(
          "/api/v1/products",
          {
            params: { query: { page_size: 6 } },
          },
        ),
      ),
    );
    expect([unknown.status, unknown.reason]).toEqual([revoked.status, revoked.reason]);
  } finally {
    await cleanUp(
      async () => keyId && (await admin.revokeKey(keyId, "end of test")),
      () => admin.signOut(),
    );
  }
});
