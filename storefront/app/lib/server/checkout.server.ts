// Checkout on the server: what the page needs (the cart, delivery options, countries, how cards are
// taken, a fresh idempotency key), and the action that turns a submitted form into an order and —
// in test payment mode — pays for it. Every amount and rule is the API's; this file orders the
// calls, keeps the idempotency key honest, and words the answers.
import { randomUUID } from "node:crypto";
import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { data, redirect } from "react-router";
import { CheckoutRequestSchema, PaymentMode } from "~/gen/atelier/store/v1/checkout_service_pb";
import type { Order } from "~/gen/atelier/store/v1/order_pb";
import { ConfirmTestPaymentRequestSchema } from "~/gen/atelier/store/v1/payment_service_pb";
import { errorInfo, fieldViolations } from "~/lib/error-info";
import { formFieldOf, formInput } from "~/lib/form-schema";
import { nothingToBuy } from "~/lib/models/cart";
import {
  type CardValues,
  type CheckoutActionData,
  type CheckoutFailure,
  type CheckoutField,
  type CheckoutPageData,
  type CheckoutValues,
  type Country,
  cardSchema,
  checkoutProblem,
  checkoutText,
  type DeliveryChoice,
  idempotencyKeyPattern,
  isCardField,
  type PaymentSetup,
  parseExpiry,
  readCheckoutForm,
} from "~/lib/models/checkout";
import { formatPence, toPrice } from "~/lib/models/money";
import { isPaidStatus, statusKey } from "~/lib/models/orders";
import type { Api } from "./api.server";
import { loadCart } from "./cart.server";
import { config } from "./config.server";
import { rememberOrderToken } from "./order-access.server";
import { type Account, throttledMessage } from "./session.server";

export type CheckoutApi = Pick<Api, "cart" | "checkout" | "testPayments" | "orders">;

export function newIdempotencyKey(): string {
  return randomUUID();
}

const fallbackCountry: Country = { code: "GB", name: "United Kingdom" };

/** The checkout page's data, or a redirect to the cart when there is nothing to check out. */
export async function loadCheckoutPage(
  client: CheckoutApi,
  request: Request,
  account: Account | null,
): Promise<{ page: CheckoutPageData; setCookie: string | null }> {
  const [cartLoad, config] = await Promise.allSettled([
    loadCart(client, request, { signedIn: account !== null }),
    client.checkout.getCheckoutConfig({}),
  ]);
  if (cartLoad.status === "rejected") throw cartLoad.reason;
  const { cart, setCookie } = cartLoad.value;
  // Nothing to buy: the bag says why (an empty cart, or every product has left the shop).
  if (!cart || nothingToBuy(cart)) {
    throw redirect("/cart", setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
  }
  if (config.status === "rejected")
    console.error("checkout: reading the checkout configuration failed", config.reason);
  // Every amount the page shows for a delivery option is the API's quote for this cart.
  const quote = await client.checkout.quoteCheckout({ cartId: cart.id }).catch((err: unknown) => {
    console.error("checkout: pricing the delivery options failed", err);
    return null;
  });
  const deliveryOptions: DeliveryChoice[] | null = quote
    ? quote.deliveryQuotes.flatMap((q) =>
        q.option
          ? [
              {
                code: q.option.code,
                name: q.option.name,
                carrier: q.option.carrier,
                estimatedDelivery: q.option.estimatedDelivery,
                freeOver: q.option.freeOver ? toPrice(q.option.freeOver) : null,
                charge: toPrice(q.deliveryPrice),
                total: toPrice(q.total),
                vatIncluded: toPrice(q.vatIncluded),
              },
            ]
          : [],
      )
    : null;
  // Before a choice: the subtotal alone, with its VAT (the cart's own amounts if the quote failed,
  // when no order can be placed anyway).
  const withoutDelivery = quote
    ? {
        delivery: toPrice(undefined),
        total: toPrice(quote.subtotal),
        vatIncluded: toPrice(quote.subtotalVatIncluded),
      }
    : {
        delivery: cart.delivery?.price ?? toPrice(undefined),
        total: cart.total,
        vatIncluded: cart.vatIncluded,
      };
  const cfg = config.status === "fulfilled" ? config.value : null;
  let payment: PaymentSetup = { mode: "unavailable" };
  if (cfg?.paymentMode === PaymentMode.TEST) payment = { mode: "test" };
  else if (cfg?.paymentMode === PaymentMode.STRIPE && cfg.stripePublishableKey)
    payment = { mode: "stripe", publishableKey: cfg.stripePublishableKey };
  const countries =
    cfg && cfg.countries.length > 0
      ? cfg.countries.map((c) => ({ code: c.code, name: c.name }))
      : [fallbackCountry];
  const defaultCountry =
    cfg?.defaultCountryCode && countries.some((c) => c.code === cfg.defaultCountryCode)
      ? cfg.defaultCountryCode
      : (countries[0] ?? fallbackCountry).code;
  const defaultDelivery =
    deliveryOptions?.find((o) => o.name === cart.delivery?.name)?.code ?? deliveryOptions?.[0]?.code ?? "";

  return {
    page: {
      cart,
      accountEmail: account?.email ?? null,
      deliveryOptions,
      withoutDelivery,
      defaultDelivery,
      countries,
      defaultCountry,
      payment,
      idempotencyKey: newIdempotencyKey(),
    },
    setCookie,
  };
}

// ---------- The action ----------

/**
 * The form field an API refusal of `request` names (BadRequest's field, by proto path), found by
 * the request's generated field names, which the form's fields carry; the card's expiry is one
 * field for the request's two.
 */
function refusedField(err: unknown, request: DescMessage): CheckoutField | null {
  const [violation] = fieldViolations(err);
  const field = violation ? formFieldOf(request, violation.field) : null;
  if (field === "expMonth" || field === "expYear") return "cardExpiry";
  if (field === "email" || field === "deliveryOptionCode" || /^(shipping|billing)Address\./.test(field ?? ""))
    return field as CheckoutField;
  return field && isCardField(field as CheckoutField) ? (field as CheckoutField) : null;
}

export function successPath(orderId: string): string {
  return `/payment-success?${new URLSearchParams({ order_id: orderId })}`;
}

const cartProblemReasons = new Set(["out_of_stock", "insufficient_stock", "product_unavailable"]);

/**
 * Handles the checkout form. `intent=pay` (test payment mode; also how the form posts without
 * JavaScript) places the order and pays with the test card, then goes to the payment success
 * page; `intent=checkout` (Stripe mode) places the order and answers with the payment's client
 * secret for Stripe.js to confirm in the page.
 *
 * The idempotency key names one order: it is kept while that order can still be paid (a card typo,
 * an outage, the same form sent twice — the API answers with the same order) and renewed once it
 * cannot (declined, no longer payable), so the next attempt places a new order.
 */
export async function handleCheckoutAction(client: CheckoutApi, request: Request, account: Account | null) {
  const form = await request.formData();
  const intent = form.get("intent") === "checkout" ? "checkout" : "pay";
  const values = readCheckoutForm(form);
  const postedKey = String(form.get("idempotencyKey") ?? "");
  let key = idempotencyKeyPattern.test(postedKey) ? postedKey : newIdempotencyKey();
  const headers = new Headers();

  const fail = (
    error: string,
    fields: CheckoutField[],
    status: number,
    extra: Partial<CheckoutFailure> = {},
  ) =>
    data<CheckoutActionData>(
      { ok: false, error, fields, values, idempotencyKey: key, ...extra },
      { status, headers },
    );

  const problem = checkoutProblem(form, { guest: account === null, card: intent === "pay" });
  if (problem) return fail(problem.message, problem.fields, 400);

  const { cart, setCookie } = await loadCart(client, request, { signedIn: account !== null });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // An empty cart may be this very submission's, paid already (its answer was lost and the form
  // sent again): the API finds the key's order before it looks at the cart, and answers
  // cart_empty only when there is none.
  if (!cart) throw redirect("/cart", { headers });

  // Place the order (or find the one this key already placed).
  let order: Order | undefined;
  let clientSecret = "";
  let accessToken = "";
  const placeOrder = async () => {
    const res = await client.checkout.checkout(checkoutRequest(cart.id, key, values, account));
    order = res.order;
    clientSecret = res.payment?.clientSecret ?? "";
    accessToken = res.orderAccessToken;
    if (res.orderAccessToken && order?.id) {
      const cookie = rememberOrderToken(request, order.id, res.orderAccessToken);
      if (cookie) headers.append("Set-Cookie", cookie);
    }
  };
  const deadOrder = () => {
    const status = order ? statusKey(order.status) : "unknown";
    return status === "payment_failed" || status === "cancelled";
  };
  try {
    try {
      await placeOrder();
    } catch (err) {
      // The key went with other details (the form changed after an attempt whose answer was lost):
      // these details are a new attempt.
      if (
        !(
          err instanceof ConnectError &&
          err.code === Code.AlreadyExists &&
          errorInfo(err).reason === "idempotency_key_reused"
        )
      )
        throw err;
      key = newIdempotencyKey();
      await placeOrder();
    }
    // This key's order can no longer be paid (declined — Stripe says so by webhook, or an earlier
    // answer was lost — or its reservation lapsed). The shopper is trying again: a new key places
    // a new order. Nothing can be paid twice: the old order is closed.
    if (deadOrder()) {
      key = newIdempotencyKey();
      await placeOrder();
    }
  } catch (err) {
    return checkoutRefusal(err, fail, headers);
  }
  if (!order?.id) {
    console.error("checkout: the API answered without an order");
    return fail(checkoutText.paymentFailed, [], 502);
  }

  const status = statusKey(order.status);
  // A repeat of a submission that was paid: done.
  if (isPaidStatus(status)) return redirect(successPath(order.id), { headers });
  if (status !== "pending_payment") {
    key = newIdempotencyKey();
    return fail(order.paymentError || checkoutText.paymentFailed, [], 409);
  }
  // The page showed the API's quote for the option chosen; if the order came to another total
  // (the cart or a price changed meanwhile), the shopper sees the new one before paying. The next
  // submission places a new order, which supersedes this one.
  const shown = form.get(`total.${values.deliveryOptionCode}`);
  const placedTotal = Number(order.total?.minorUnits ?? 0n);
  if (typeof shown === "string" && shown !== "" && Number(shown) !== placedTotal) {
    key = newIdempotencyKey();
    return fail(
      checkoutText.totalChanged(formatPence(placedTotal, order.total?.currencyCode || "GBP")),
      [],
      409,
      { cartProblem: true },
    );
  }
  if (!clientSecret) {
    console.error("checkout: the API answered without a payment");
    return fail(checkoutText.paymentFailed, [], 502);
  }

  if (intent === "checkout") {
    return data<CheckoutActionData>(
      {
        ok: true,
        orderId: order.id,
        clientSecret,
        returnUrl: config.publicUrl + successPath(order.id),
        idempotencyKey: key,
      },
      { headers },
    );
  }
  const card: CardValues = cardSchema.parse(formInput(form));
  return payWithTestCard(client, { orderId: order.id, accessToken, clientSecret }, card, {
    fail,
    headers,
    renewKey: () => (key = newIdempotencyKey()),
  });
}

function checkoutRequest(
  cartId: string,
  key: string,
  v: CheckoutValues,
  account: Account | null,
): MessageInitShape<typeof CheckoutRequestSchema> {
  return {
    cartId,
    idempotencyKey: key,
    email: account ? account.email : v.email,
    shippingAddress: v.shippingAddress,
    billingAddress: v.billingSame ? undefined : v.billingAddress,
    deliveryOptionCode: v.deliveryOptionCode,
    requiresSignature: v.requiresSignature,
  };
}

type Fail = (
  error: string,
  fields: CheckoutField[],
  status: number,
  extra?: Partial<CheckoutFailure>,
) => ReturnType<typeof data<CheckoutActionData>>;

/** Checkout refused the submission: the API's words for what is wrong, on the field it names. */
function checkoutRefusal(err: unknown, fail: Fail, headers: Headers) {
  if (!(err instanceof ConnectError)) {
    console.error("checkout: placing the order failed", err);
    return fail(checkoutText.paymentFailed, [], 500);
  }
  const { reason } = errorInfo(err);
  switch (err.code) {
    case Code.InvalidArgument: {
      const field = refusedField(err, CheckoutRequestSchema);
      return fail(err.rawMessage || checkoutText.requiredFields, field ? [field] : [], 400);
    }
    case Code.FailedPrecondition:
      if (reason === "cart_empty") throw redirect("/cart", { headers });
      return fail(err.rawMessage || checkoutText.paymentFailed, [], 409, {
        cartProblem: reason ? cartProblemReasons.has(reason) : false,
      });
    case Code.NotFound:
      // The cart itself is gone.
      throw redirect("/cart", { headers });
    case Code.ResourceExhausted:
      // The cap on orders awaiting payment says what to do (pay one, or wait); other throttles
      // only ask the shopper to wait.
      if (reason === "too_many_unpaid_orders" && err.rawMessage) return fail(err.rawMessage, [], 429);
      return fail(throttledMessage(err, "attempts"), [], 429);
    default:
      console.error("checkout: placing the order failed", err);
      return fail(checkoutText.paymentFailed, [], 503);
  }
}

/** Test payment mode: pay for the order with the test card, then show the shopper their order. */
async function payWithTestCard(
  client: CheckoutApi,
  { orderId, accessToken, clientSecret }: { orderId: string; accessToken: string; clientSecret: string },
  card: CardValues,
  { fail, headers, renewKey }: { fail: Fail; headers: Headers; renewKey: () => void },
) {
  const expiry = parseExpiry(card.cardExpiry);
  if (!expiry) return fail(checkoutText.expiryIncomplete, ["cardExpiry"], 400);
  try {
    const res = await client.testPayments.confirmTestPayment({
      clientSecret,
      cardNumber: card.cardNumber,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: card.cvc,
    });
    if (res.status !== "succeeded" && res.status !== "processing") {
      return fail(checkoutText.paymentStatus(res.status || "unknown"), [], 402);
    }
  } catch (err) {
    if (!(err instanceof ConnectError)) {
      console.error("checkout: confirming the test payment failed", err);
      return fail(checkoutText.paymentFailed, [], 500);
    }
    const { reason } = errorInfo(err);
    if (err.code === Code.InvalidArgument) {
      const field = refusedField(err, ConfirmTestPaymentRequestSchema);
      return fail(err.rawMessage || checkoutText.paymentFailed, [field ?? "cardNumber"], 400);
    }
    if (err.code === Code.FailedPrecondition) {
      if (reason === "card_declined" || reason === "payment_not_payable") {
        // Declined: the order is not paid and never will be. If it was paid meanwhile (the answer
        // to an earlier identical submission got lost), that is what the shopper should see.
        if (reason === "payment_not_payable" && (await orderIsPaid(client, orderId, accessToken)))
          return redirect(successPath(orderId), { headers });
        renewKey();
        return fail(err.rawMessage || checkoutText.paymentFailed, ["cardNumber"], 402);
      }
      if (reason === "test_mode_off") return fail(checkoutText.paymentNotReady, [], 503);
      return fail(err.rawMessage || checkoutText.paymentFailed, ["cardNumber"], 402);
    }
    if (err.code === Code.ResourceExhausted) return fail(throttledMessage(err, "payment attempts"), [], 429);
    console.error("checkout: confirming the test payment failed", err);
    return fail(checkoutText.paymentFailed, [], 503);
  }
  return redirect(successPath(orderId), { headers });
}

async function orderIsPaid(client: CheckoutApi, orderId: string, accessToken: string): Promise<boolean> {
  try {
    const { order } = await client.orders.getOrder({ orderId, accessToken });
    return order ? isPaidStatus(statusKey(order.status)) : false;
  } catch {
    return false;
  }
}
