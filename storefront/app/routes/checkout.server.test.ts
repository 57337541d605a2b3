// The checkout route's loader and action against a stand-in API: what the page gets, and what each
// submission does — validation, placing the order with an idempotency key, paying with the test
// card, the guest's order token, and every refusal.
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import {
  apiCart,
  apiCheckoutConfig,
  apiCheckoutQuote,
  apiOrder,
  cartId,
  mediaOrigin,
  orderId,
} from "~/components/checkout/fixtures";
import { GetCartResponseSchema } from "~/gen/atelier/store/v1/cart_service_pb";
import { CheckoutResponseSchema, PaymentMode } from "~/gen/atelier/store/v1/checkout_service_pb";
import { OrderStatus } from "~/gen/atelier/store/v1/order_pb";
import { ConfirmTestPaymentResponseSchema } from "~/gen/atelier/store/v1/payment_service_pb";
import { type CheckoutActionData, type CheckoutPageData, checkoutText } from "~/lib/models/checkout";
import type { Api } from "~/lib/server/api.server";
import { pagePolicyFor } from "~/lib/server/csp.server";
import {
  actionArgs,
  apiError,
  customerAccount,
  type FakeApi,
  fieldError,
  loaderArgs,
} from "~/lib/testing/api";
import { irisAddress } from "~/lib/testing/checkout";
import { action, loader } from "./checkout";

const cartCookie = { cookie: `atelier_cart=${cartId}` };
const postedKey = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";

type Checkout = Api["checkout"]["checkout"];
type Confirm = Api["testPayments"]["confirmTestPayment"];

function fakeApi(
  over: {
    checkout?: Checkout;
    confirm?: Confirm;
    mode?: PaymentMode;
    getOrder?: Api["orders"]["getOrder"];
  } = {},
) {
  const checkout = vi.fn<Checkout>(
    over.checkout ??
      (async () =>
        create(CheckoutResponseSchema, {
          order: apiOrder({ status: OrderStatus.PENDING_PAYMENT }),
          payment: { mode: PaymentMode.TEST, clientSecret: "tp_1_secret_abc" },
          orderAccessToken: "guest.token-1",
        })),
  );
  const confirmTestPayment = vi.fn<Confirm>(
    over.confirm ?? (async () => create(ConfirmTestPaymentResponseSchema, { orderId, status: "succeeded" })),
  );
  const getCart = vi.fn(async () => create(GetCartResponseSchema, { cart: apiCart() }));
  const fake: FakeApi = {
    cart: { getCart },
    checkout: {
      checkout,
      getCheckoutConfig: vi.fn(async () => apiCheckoutConfig(over.mode)),
      quoteCheckout: vi.fn(async () => apiCheckoutQuote()),
    },
    testPayments: { confirmTestPayment },
    orders: { getOrder: vi.fn(over.getOrder ?? (async () => ({ order: apiOrder() }) as never)) },
  };
  return { fake, checkout, confirmTestPayment, getCart };
}

const filled: Record<string, string> = {
  idempotencyKey: postedKey,
  intent: "pay",
  email: "iris@example.com",
  "shippingAddress.firstName": "Iris",
  "shippingAddress.lastName": "Fairweather",
  "shippingAddress.addressLine1": "1 Bond Street",
  "shippingAddress.addressLine2": "",
  "shippingAddress.city": "London",
  "shippingAddress.region": "",
  "shippingAddress.postcode": "W1S 1AA",
  "shippingAddress.countryCode": "GB",
  billingSame: "on",
  "billingAddress.firstName": "",
  "billingAddress.countryCode": "GB",
  deliveryOptionCode: "standard",
  requiresSignature: "on",
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12 / 30",
  cvc: "123",
};

async function post(
  fields: Record<string, string>,
  fake: FakeApi,
  session: typeof customerAccount | null = null,
) {
  try {
    return await action(
      actionArgs("/checkout", fields, fake, {
        session,
        headers: { ...cartCookie, origin: "http://shop.test" },
      }) as never,
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataResult = { data: CheckoutActionData; init: ResponseInit | null };

function failure(result: unknown) {
  const d = (result as DataResult).data;
  if (d.ok) throw new Error("expected a refusal");
  return { ...d, status: (result as DataResult).init?.status };
}

describe("checkout loader", () => {
  it("sends a shopper with nothing to check out back to the cart", async () => {
    const { fake } = fakeApi();
    const res = await loader(loaderArgs("/checkout", fake) as never).catch((r: unknown) => r);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe("/cart");
  });

  it("sends a shopper whose every product left the shop back to the bag, which says why", async () => {
    const { fake, getCart } = fakeApi();
    const cart = apiCart({ itemCount: 0 });
    for (const line of cart.lines) line.unavailable = true;
    getCart.mockResolvedValue(create(GetCartResponseSchema, { cart }));
    const res = await loader(loaderArgs("/checkout", fake, { headers: cartCookie }) as never).catch(
      (r: unknown) => r,
    );
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe("/cart");
  });

  it("gives the page the cart, delivery options, countries, test payment mode and a fresh idempotency key", async () => {
    const { fake } = fakeApi();
    const args = loaderArgs("/checkout", fake, { headers: cartCookie });
    const res = (await loader(args as never)) as unknown as { data: CheckoutPageData; init: ResponseInit };
    const page = res.data;
    expect(page.cart.lines.map((l) => l.product.name)).toEqual(["Rose Serum", "Moss Cleanser"]);
    expect(page.deliveryOptions?.map((o) => o.code)).toEqual([
      "standard",
      "express",
      "priority",
      "next-day",
      "premium",
    ]);
    expect(page.defaultDelivery).toBe("standard");
    expect(page.countries[0]).toEqual({ code: "GB", name: "United Kingdom" });
    expect(page.defaultCountry).toBe("GB");
    expect(page.payment).toEqual({ mode: "test" });
    expect(page.accountEmail).toBeNull();
    expect(page.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(new Headers(res.init.headers).get("Cache-Control")).toBe("private, no-store");
    // The document is sent with checkout's CSP (Stripe allowed), allowing the API's media origin (API_URL here) and the cart's pictures.
    expect(pagePolicyFor(args.context)).toEqual({
      checkout: true,
      imageOrigins: ["http://localhost:8080", mediaOrigin],
    });

    const again = (await loader(
      loaderArgs("/checkout", fake, { headers: cartCookie }) as never,
    )) as unknown as { data: CheckoutPageData };
    expect(again.data.idempotencyKey).not.toBe(page.idempotencyKey);
  });

  it("locks a signed-in shopper's e-mail to the account's", async () => {
    const { fake } = fakeApi();
    const res = (await loader(
      loaderArgs("/checkout", fake, { headers: cartCookie }, customerAccount) as never,
    )) as unknown as { data: CheckoutPageData };
    expect(res.data.accountEmail).toBe("ada@example.com");
  });

  it("knows Stripe mode and its publishable key", async () => {
    const { fake } = fakeApi({ mode: PaymentMode.STRIPE });
    const res = (await loader(
      loaderArgs("/checkout", fake, { headers: cartCookie }) as never,
    )) as unknown as { data: CheckoutPageData };
    expect(res.data.payment).toEqual({ mode: "stripe", publishableKey: "pk_test_123" });
  });

  it("cannot take payment when the API cannot say how", async () => {
    const { fake } = fakeApi();
    fake.checkout!.getCheckoutConfig = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = (await loader(
      loaderArgs("/checkout", fake, { headers: cartCookie }) as never,
    )) as unknown as { data: CheckoutPageData };
    expect(res.data.payment).toEqual({ mode: "unavailable" });
    expect(res.data.countries).toEqual([{ code: "GB", name: "United Kingdom" }]);
  });
});

describe("checkout action (test payment mode)", () => {
  it("places the order, pays with the test card and goes to the success page, keeping the guest's order token", async () => {
    const { fake, checkout, confirmTestPayment } = fakeApi();
    const res = (await post(filled, fake)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(res.headers.get("Set-Cookie")).toMatch(/^atelier_orders=.+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(decodeURIComponent(res.headers.get("Set-Cookie")!.split(";")[0]!.split("=")[1]!)).toBe(
      JSON.stringify([[orderId, "guest.token-1"]]),
    );

    expect(checkout).toHaveBeenCalledTimes(1);
    expect(checkout.mock.calls[0]![0]).toEqual({
      cartId,
      idempotencyKey: postedKey,
      email: "iris@example.com",
      shippingAddress: irisAddress,
      billingAddress: undefined,
      deliveryOptionCode: "standard",
      requiresSignature: true,
    });
    expect(confirmTestPayment.mock.calls[0]![0]).toEqual({
      clientSecret: "tp_1_secret_abc",
      cardNumber: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: 30,
      cvc: "123",
    });
  });

  it("sends a separate billing address only when the box is unticked, and no signature when that box is", async () => {
    const { fake, checkout } = fakeApi();
    const { billingSame: _same, requiresSignature: _sig, ...rest } = filled;
    await post(
      {
        ...rest,
        "billingAddress.firstName": "Ada",
        "billingAddress.lastName": "Lovelace",
        "billingAddress.addressLine1": "2 Rue de Rivoli",
        "billingAddress.city": "Paris",
        "billingAddress.postcode": "75001",
        "billingAddress.countryCode": "FR",
      },
      fake,
    );
    const req = checkout.mock.calls[0]![0];
    expect(req.billingAddress).toMatchObject({
      firstName: "Ada",
      addressLine1: "2 Rue de Rivoli",
      countryCode: "FR",
    });
    expect(req.requiresSignature).toBe(false);
  });

  it("ignores the billing fields while billing is the same as shipping (the form always posts them without JavaScript)", async () => {
    const { fake, checkout } = fakeApi();
    await post(
      { ...filled, "billingAddress.firstName": "Someone", "billingAddress.city": "Elsewhere" },
      fake,
    );
    expect(checkout.mock.calls[0]![0].billingAddress).toBeUndefined();
  });

  it("asks for every required field before calling the API, keeping what was typed but never the card", async () => {
    const { fake, checkout } = fakeApi();
    const result = failure(
      await post({ ...filled, "shippingAddress.firstName": "", "shippingAddress.city": "" }, fake),
    );
    expect(result.status).toBe(400);
    expect(result.error).toBe("Please fill in all required fields.");
    expect(result.fields).toEqual(["shippingAddress.firstName", "shippingAddress.city"]);
    expect(result.values.shippingAddress.addressLine1).toBe("1 Bond Street");
    expect(JSON.stringify(result)).not.toContain("4242");
    expect(result.idempotencyKey).toBe(postedKey);
    expect(checkout).not.toHaveBeenCalled();
  });

  it("asks for a delivery option", async () => {
    const { fake } = fakeApi();
    expect(failure(await post({ ...filled, deliveryOptionCode: "" }, fake)).error).toBe(
      "Please select a delivery option.",
    );
  });

  it("stops an obviously incomplete card before placing an order", async () => {
    const { fake, checkout } = fakeApi();
    const result = failure(await post({ ...filled, cardNumber: "" }, fake));
    expect(result.error).toBe("Your card number is incomplete.");
    expect(result.fields).toEqual(["cardNumber"]);
    expect(checkout).not.toHaveBeenCalled();
  });

  it("shows a decline under the card and renews the key, so the next attempt is a new order", async () => {
    const { fake } = fakeApi({
      confirm: async () => {
        throw apiError(Code.FailedPrecondition, "Your card was declined.", "card_declined");
      },
    });
    const result = failure(await post({ ...filled, cardNumber: "4000 0000 0000 0002" }, fake));
    expect(result.status).toBe(402);
    expect(result.error).toBe("Your card was declined.");
    expect(result.fields).toEqual(["cardNumber"]);
    expect(result.idempotencyKey).not.toBe(postedKey);
    expect(result.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(result.values.email).toBe("iris@example.com");
  });

  it("keeps the key after a card typo: the corrected card pays the same order", async () => {
    const { fake } = fakeApi({
      confirm: async () => {
        throw fieldError("card_number", "Your card number is incorrect.");
      },
    });
    const result = failure(await post({ ...filled, cardNumber: "4242 4242 4242 4241" }, fake));
    expect(result.error).toBe("Your card number is incorrect.");
    expect(result.fields).toEqual(["cardNumber"]);
    expect(result.idempotencyKey).toBe(postedKey);
  });

  it("puts an expiry refusal on the expiry field", async () => {
    const { fake } = fakeApi({
      confirm: async () => {
        throw fieldError("exp_year", "Your card's expiration year is in the past.");
      },
    });
    const result = failure(await post({ ...filled, cardExpiry: "01 / 20" }, fake));
    expect(result).toMatchObject({
      error: "Your card's expiration year is in the past.",
      fields: ["cardExpiry"],
    });
  });

  it("shows the API's words on the field it names", async () => {
    const { fake } = fakeApi({
      checkout: async () => {
        throw fieldError("shipping_address.postcode", "Please enter a valid UK postcode.");
      },
    });
    const result = failure(await post({ ...filled, "shippingAddress.postcode": "XYZ" }, fake));
    expect(result).toMatchObject({
      status: 400,
      error: "Please enter a valid UK postcode.",
      fields: ["shippingAddress.postcode"],
    });
  });

  it("shows a stock problem with the way back to the cart", async () => {
    const { fake } = fakeApi({
      checkout: async () => {
        throw apiError(
          Code.FailedPrecondition,
          "Only 1 of Rose Serum is in stock.",
          "insufficient_stock",
          undefined,
          { product_id: "p", available: "1" },
        );
      },
    });
    const result = failure(await post(filled, fake));
    expect(result).toMatchObject({
      status: 409,
      error: "Only 1 of Rose Serum is in stock.",
      cartProblem: true,
    });
  });

  it("refuses a cart holding a product that left the shop in the API's words, with the way back to the bag", async () => {
    const message = "Iris Oil is no longer available. Please remove it from your bag to continue.";
    const { fake } = fakeApi({
      checkout: async () => {
        throw apiError(Code.FailedPrecondition, message, "product_unavailable", undefined, {
          product_id: "p",
        });
      },
    });
    const result = failure(await post(filled, fake));
    expect(result).toMatchObject({ status: 409, error: message, cartProblem: true, fields: [] });
  });

  it("says what to do when the shopper holds too many orders awaiting payment", async () => {
    const message =
      "You have too many orders awaiting payment. Please pay for one, or try again in 12 minutes.";
    const { fake } = fakeApi({
      checkout: async () => {
        throw apiError(Code.ResourceExhausted, message, "too_many_unpaid_orders", { "Retry-After": "700" });
      },
    });
    const result = failure(await post(filled, fake));
    expect(result).toMatchObject({ status: 429, error: message });
  });

  it("asks a throttled shopper to wait, for how long", async () => {
    const { fake } = fakeApi({
      checkout: async () => {
        throw apiError(Code.ResourceExhausted, "Too many requests.", "too_many_attempts", {
          "Retry-After": "90",
        });
      },
    });
    const result = failure(await post(filled, fake));
    expect(result).toMatchObject({
      status: 429,
      error: "Too many attempts. Please wait 2 minutes and try again.",
    });
  });

  it("sends a shopper whose cart emptied meanwhile back to it", async () => {
    const { fake } = fakeApi({
      checkout: async () => {
        throw apiError(Code.FailedPrecondition, "Your cart is empty.", "cart_empty");
      },
    });
    const res = (await post(filled, fake)) as Response;
    expect(res.headers.get("Location")).toBe("/cart");
  });

  it("places a new order with a new key when the details changed since the key was used", async () => {
    const { fake, checkout } = fakeApi();
    const placed = checkout.getMockImplementation()!;
    checkout.mockImplementationOnce(async () => {
      throw apiError(
        Code.AlreadyExists,
        "This idempotency key was used with other details.",
        "idempotency_key_reused",
      );
    });
    checkout.mockImplementationOnce(placed);
    const res = (await post(filled, fake)) as Response;
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(checkout).toHaveBeenCalledTimes(2);
    expect(checkout.mock.calls[1]![0].idempotencyKey).not.toBe(postedKey);
  });

  it("goes straight to the success page when the same submission was already paid", async () => {
    const { fake, confirmTestPayment } = fakeApi({
      checkout: async () =>
        create(CheckoutResponseSchema, {
          order: apiOrder({ status: OrderStatus.PAID }),
          payment: { mode: PaymentMode.TEST, clientSecret: "s" },
        }),
    });
    const res = (await post(filled, fake)) as Response;
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(confirmTestPayment).not.toHaveBeenCalled();
  });

  it("places a new order when this key's order can no longer be paid (declined earlier, reservation lapsed)", async () => {
    const { fake, checkout, confirmTestPayment } = fakeApi();
    const placed = checkout.getMockImplementation()!;
    checkout.mockImplementationOnce(async () =>
      create(CheckoutResponseSchema, {
        order: apiOrder({ status: OrderStatus.PAYMENT_FAILED, paymentError: "Your card was declined." }),
        payment: { mode: PaymentMode.TEST, clientSecret: "old" },
      }),
    );
    checkout.mockImplementationOnce(placed);
    const res = (await post(filled, fake)) as Response;
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(checkout).toHaveBeenCalledTimes(2);
    expect(checkout.mock.calls[0]![0].idempotencyKey).toBe(postedKey);
    expect(checkout.mock.calls[1]![0].idempotencyKey).not.toBe(postedKey);
    expect(confirmTestPayment.mock.calls[0]![0].clientSecret).toBe("tp_1_secret_abc");
  });

  it("treats 'no longer payable' as paid when the order was paid meanwhile", async () => {
    const { fake } = fakeApi({
      confirm: async () => {
        throw apiError(Code.FailedPrecondition, "This order can no longer be paid.", "payment_not_payable");
      },
    });
    const res = (await post(filled, fake)) as Response;
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
  });

  it("says an unexpected payment status in the spec's words", async () => {
    const { fake } = fakeApi({
      confirm: async () => create(ConfirmTestPaymentResponseSchema, { orderId, status: "requires_action" }),
    });
    expect(failure(await post(filled, fake)).error).toBe("Payment failed with status: requires_action");
  });

  it("keeps the key through an outage, so retrying the same submission finds the same order", async () => {
    const { fake } = fakeApi({
      confirm: async () => {
        throw new ConnectError("upstream", Code.Unavailable);
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = failure(await post(filled, fake));
    expect(result).toMatchObject({
      status: 503,
      error: "Payment failed. Please try again.",
      idempotencyKey: postedKey,
    });
  });

  it("makes its own key when the form's is missing or malformed", async () => {
    const { fake, checkout } = fakeApi();
    await post({ ...filled, idempotencyKey: "bad key" }, fake);
    expect(checkout.mock.calls[0]![0].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  });

  it("uses the account's address for a signed-in shopper, with no guest token", async () => {
    const { fake, checkout } = fakeApi({
      checkout: async () =>
        create(CheckoutResponseSchema, {
          order: apiOrder({ status: OrderStatus.PENDING_PAYMENT }),
          payment: { mode: PaymentMode.TEST, clientSecret: "s" },
        }),
    });
    const res = (await post({ ...filled, email: "" }, fake, customerAccount)) as Response;
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(checkout.mock.calls[0]![0].email).toBe("ada@example.com");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("checkout action with an empty cart", () => {
  const emptyCart = async () =>
    create(GetCartResponseSchema, {
      cart: apiCart({
        lines: [],
        itemCount: 0,
        subtotal: undefined,
        total: undefined,
        vatIncluded: undefined,
      }),
    });

  it("still asks the API, which finds the order this key already paid (the answer to the first submission was lost)", async () => {
    const { fake, checkout, confirmTestPayment, getCart } = fakeApi({
      checkout: async () =>
        create(CheckoutResponseSchema, {
          order: apiOrder({ status: OrderStatus.PAID }),
          payment: { mode: PaymentMode.TEST, clientSecret: "tp_1_secret_abc" },
          orderAccessToken: "guest.token-1",
        }),
    });
    getCart.mockImplementation(emptyCart);
    const res = (await post(filled, fake)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(checkout.mock.calls[0]![0]).toMatchObject({ cartId, idempotencyKey: postedKey });
    expect(confirmTestPayment).not.toHaveBeenCalled();
  });

  it("goes back to the cart when the API finds no order for the key and says the cart is empty", async () => {
    const { fake, checkout, confirmTestPayment, getCart } = fakeApi({
      checkout: async () => {
        throw apiError(Code.FailedPrecondition, "Your cart is empty.", "cart_empty");
      },
    });
    getCart.mockImplementation(emptyCart);
    const res = (await post(filled, fake)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/cart");
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(checkout.mock.calls[0]![0].idempotencyKey).toBe(postedKey);
    expect(confirmTestPayment).not.toHaveBeenCalled();
  });

  it("goes back to the cart without asking the API when there is no cart at all", async () => {
    const { fake, checkout, getCart } = fakeApi();
    getCart.mockImplementation(async () => {
      throw new ConnectError("cart not found", Code.NotFound);
    });
    const res = (await post(filled, fake)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/cart");
    expect(checkout).not.toHaveBeenCalled();
  });
});

describe("checkout action when the order's total is not the one the page showed", () => {
  // The page's hidden fields: the API's quoted total for each option (apiCheckoutQuote).
  const shownTotals = {
    "total.standard": "5135",
    "total.express": "5899",
    "total.priority": "6650",
    "total.next-day": "7924",
    "total.premium": "9376",
  };
  const placedFor = (pence: number, mode: PaymentMode = PaymentMode.TEST) =>
    create(CheckoutResponseSchema, {
      order: apiOrder({
        status: OrderStatus.PENDING_PAYMENT,
        total: { currencyCode: "GBP", minorUnits: BigInt(pence) },
      }),
      payment: { mode, clientSecret: mode === PaymentMode.TEST ? "tp_1_secret_abc" : "pi_1_secret_2" },
      orderAccessToken: "guest.token-1",
    });

  it("shows the new total instead of paying, with the way back to the cart and a new key for the next attempt", async () => {
    const { fake, checkout, confirmTestPayment } = fakeApi({ checkout: async () => placedFor(5899) });
    const result = failure(await post({ ...filled, ...shownTotals }, fake));
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(checkout.mock.calls[0]![0].idempotencyKey).toBe(postedKey);
    expect(confirmTestPayment).not.toHaveBeenCalled();
    expect(result.status).toBe(409);
    expect(result.error).toBe(checkoutText.totalChanged("£58.99"));
    expect(result.error).toBe(
      "Your cart or its prices changed: your order now comes to £58.99. Please check the summary and pay again.",
    );
    expect(result.cartProblem).toBe(true);
    expect(result.fields).toEqual([]);
    expect(result.idempotencyKey).not.toBe(postedKey);
    expect(result.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(result.values.deliveryOptionCode).toBe("standard");
    expect(JSON.stringify(result)).not.toContain("4242");
  });

  it("compares with the total shown for the option chosen", async () => {
    // Express was chosen and the page showed £58.99 with it: the order at £51.35 is not that.
    const { fake, confirmTestPayment } = fakeApi({ checkout: async () => placedFor(5135) });
    const result = failure(await post({ ...filled, ...shownTotals, deliveryOptionCode: "express" }, fake));
    expect(confirmTestPayment).not.toHaveBeenCalled();
    expect(result).toMatchObject({
      status: 409,
      error: checkoutText.totalChanged("£51.35"),
      cartProblem: true,
    });
  });

  it("pays as before when the order comes to the total shown", async () => {
    const { fake, confirmTestPayment } = fakeApi({ checkout: async () => placedFor(5899) });
    const res = (await post({ ...filled, ...shownTotals, deliveryOptionCode: "express" }, fake)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(confirmTestPayment).toHaveBeenCalledTimes(1);
    expect(confirmTestPayment.mock.calls[0]![0].clientSecret).toBe("tp_1_secret_abc");
  });

  it("pays as before when the form posted no total", async () => {
    const { fake, confirmTestPayment } = fakeApi({ checkout: async () => placedFor(9999) });
    const res = (await post(filled, fake)) as Response;
    expect(res.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(confirmTestPayment).toHaveBeenCalledTimes(1);
  });

  it("gives Stripe.js no client secret when the total changed", async () => {
    const { fake } = fakeApi({ checkout: async () => placedFor(5899, PaymentMode.STRIPE) });
    const { cardNumber: _n, cardExpiry: _e, cvc: _c, ...noCard } = filled;
    const result = failure(await post({ ...noCard, ...shownTotals, intent: "checkout" }, fake));
    expect(result).toMatchObject({
      status: 409,
      error: checkoutText.totalChanged("£58.99"),
      cartProblem: true,
    });
    expect(result.idempotencyKey).not.toBe(postedKey);
    expect(JSON.stringify(result)).not.toContain("secret");
  });
});

describe("the guest's order token cookie", () => {
  it("is kept for one day", async () => {
    const { fake } = fakeApi();
    const res = (await post(filled, fake)) as Response;
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^atelier_orders=/);
    expect(cookie).toMatch(/; Max-Age=86400(;|$)/);
  });
});

describe("checkout action (Stripe mode)", () => {
  it("places the order and answers with its client secret for Stripe.js, without any card", async () => {
    const { fake, confirmTestPayment } = fakeApi({
      checkout: async () =>
        create(CheckoutResponseSchema, {
          order: apiOrder({ status: OrderStatus.PENDING_PAYMENT }),
          payment: {
            mode: PaymentMode.STRIPE,
            clientSecret: "pi_1_secret_2",
            stripePublishableKey: "pk_test_123",
          },
          orderAccessToken: "guest.token-1",
        }),
    });
    const { cardNumber: _n, cardExpiry: _e, cvc: _c, ...noCard } = filled;
    const result = (await post({ ...noCard, intent: "checkout" }, fake)) as unknown as DataResult & {
      init: ResponseInit;
    };
    expect(result.data).toEqual({
      ok: true,
      orderId,
      clientSecret: "pi_1_secret_2",
      // The configured origin (STOREFRONT_URL; http://localhost:3000 here), never the request's Host.
      returnUrl: `http://localhost:3000/payment-success?order_id=${orderId}`,
      idempotencyKey: postedKey,
    });
    expect(new Headers(result.init.headers).get("Set-Cookie")).toMatch(/^atelier_orders=/);
    expect(confirmTestPayment).not.toHaveBeenCalled();
  });
});
