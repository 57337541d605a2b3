import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiOrder, mediaOrigin, orderId, placedAt } from "~/components/checkout/fixtures";
import { maxPolls } from "~/components/orders/use-order-polling";
import { OrderStatus } from "~/gen/atelier/store/v1/order_pb";
import { type OrderView, toOrderView } from "~/lib/models/orders";
import type { Api } from "~/lib/server/api.server";
import { pagePolicyFor } from "~/lib/server/csp.server";
import { customerAccount, loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import PaymentSuccessRoute, { loader } from "./payment-success";

type GetOrder = Api["orders"]["getOrder"];

afterEach(() => {
  vi.useRealTimers();
});

async function load(path: string, getOrder: GetOrder, init?: RequestInit) {
  const args = loaderArgs(path, { orders: { getOrder } }, init);
  try {
    const res = (await loader(args as never)) as unknown as {
      data: { order: OrderView; check: number };
      init: ResponseInit;
    };
    return { ...res, context: args.context };
  } catch (thrown) {
    return { thrown, context: args.context };
  }
}

describe("payment success loader", () => {
  it("opens the order with the guest's token from the orders cookie, under checkout's CSP", async () => {
    const getOrder = vi.fn<GetOrder>(async () => ({ order: apiOrder() }) as never);
    const cookie = `atelier_orders=${encodeURIComponent(JSON.stringify([[orderId, "guest.token-1"]]))}`;
    const res = await load(`/payment-success?order_id=${orderId}`, getOrder, { headers: { cookie } });
    expect(getOrder).toHaveBeenCalledWith({ orderId, accessToken: "guest.token-1" });
    expect("data" in res && res.data.order.number).toBe("AL-7K3F9Q2M");
    expect(pagePolicyFor(res.context)).toEqual({
      checkout: true,
      imageOrigins: ["http://localhost:8080", mediaOrigin],
    });
  });

  it("is the 404 page for an order the API does not show this shopper, or no order at all", async () => {
    const notFound = vi.fn<GetOrder>(async () => {
      throw new ConnectError("order not found", Code.NotFound);
    });
    for (const path of [
      `/payment-success?order_id=${orderId}`,
      "/payment-success",
      "/payment-success?order_id=nonsense",
    ]) {
      const res = await load(path, notFound);
      expect((res as { thrown: { init: ResponseInit } }).thrown).toMatchObject({ init: { status: 404 } });
    }
    expect(notFound).toHaveBeenCalledTimes(1);
  });

  it("moves Stripe's return (with the PaymentIntent's client secret) on at once to the plain URL, sending no Referer", async () => {
    const getOrder = vi.fn<GetOrder>(async () => ({ order: apiOrder() }) as never);
    const stripeReturn = `/payment-success?order_id=${orderId}&payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_XyZ&redirect_status=succeeded`;
    const res = await load(stripeReturn, getOrder);
    const thrown = (res as { thrown: unknown }).thrown;
    expect(thrown).toBeInstanceOf(Response);
    const redirect = thrown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
    expect(redirect.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(redirect.headers.get("Cache-Control")).toBe("private, no-store");
    expect(getOrder).not.toHaveBeenCalled();
  });

  it("moves on when either of Stripe's parameters is there alone", async () => {
    const getOrder = vi.fn<GetOrder>(async () => ({ order: apiOrder() }) as never);
    for (const extra of ["payment_intent=pi_3Abc", "payment_intent_client_secret=pi_3Abc_secret_XyZ"]) {
      const redirect = (await load(`/payment-success?${extra}&order_id=${orderId}`, getOrder)) as {
        thrown: Response;
      };
      expect(redirect.thrown.headers.get("Location")).toBe(`/payment-success?order_id=${orderId}`);
      expect(redirect.thrown.headers.get("Referrer-Policy")).toBe("no-referrer");
    }
    expect(getOrder).not.toHaveBeenCalled();
  });

  it("counts the visits of the no-JavaScript refresh", async () => {
    const getOrder = vi.fn<GetOrder>(
      async () => ({ order: apiOrder({ status: OrderStatus.PENDING_PAYMENT }) }) as never,
    );
    expect(
      ((await load(`/payment-success?order_id=${orderId}&check=3`, getOrder)) as { data: { check: number } })
        .data.check,
    ).toBe(3);
    expect(
      (
        (await load(`/payment-success?order_id=${orderId}&check=999`, getOrder)) as {
          data: { check: number };
        }
      ).data.check,
    ).toBe(maxPolls);
  });
});

function renderSuccess(orders: OrderView[] | (() => OrderView), check = 0) {
  let calls = 0;
  const next = typeof orders === "function" ? orders : () => orders[Math.min(calls, orders.length - 1)]!;
  const loaderFn = vi.fn(() => {
    const order = next();
    calls++;
    return { order, signedIn: false, check };
  });
  const Stub = createRoutesStub([
    { path: "/payment-success", Component: PaymentSuccessRoute as never, loader: loaderFn },
  ]);
  render(<Stub initialEntries={[`/payment-success?order_id=${orderId}`]} />);
  return { loaderFn };
}

describe("payment success page", () => {
  it("thanks the shopper with the order number, its paid status, the delivery estimate and the ways on", async () => {
    renderSuccess([toOrderView(apiOrder())]);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you for your order" }),
    ).toBeInTheDocument();
    expect(screen.getByText("AL-7K3F9Q2M")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Paid — we're preparing your order");
    expect(screen.getByText("Standard · 5–7 working days")).toBeInTheDocument();
    expect(screen.queryByText(/3–5 business days/)).toBeNull();
    expect(screen.getByText("£51.35")).toBeInTheDocument();
    expectLink("Continue Shopping", "/shop");
    expectLink("My Account", "/account");
    expectLink("View order details", `/orders/${orderId}`);
  });

  it("says the order's status once: in its status line, not again as a badge", async () => {
    renderSuccess([toOrderView(apiOrder())]);
    expect(await screen.findByRole("status")).toHaveTextContent("Paid — we're preparing your order");
    expect(screen.queryByText("Status")).not.toBeInTheDocument();
    expect(screen.getAllByText(/\bPaid\b/)).toHaveLength(1);
  });

  it("waits for the payment's confirmation, asking again every 2 seconds, then shows it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = toOrderView(apiOrder({ status: OrderStatus.PENDING_PAYMENT }));
    const paid = toOrderView(apiOrder({ status: OrderStatus.PAID }));
    const { loaderFn } = renderSuccess([pending, pending, paid]);
    expect(await screen.findByRole("status")).toHaveTextContent("Waiting for payment confirmation…");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(loaderFn).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("status")).toHaveTextContent("Waiting for payment confirmation…");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByText("Paid — we're preparing your order")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(loaderFn).toHaveBeenCalledTimes(3);
  });

  it("stops asking after a while, with a calm word", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = toOrderView(apiOrder({ status: OrderStatus.PENDING_PAYMENT }));
    const { loaderFn } = renderSuccess(() => pending);
    await screen.findByRole("status");
    for (let i = 0; i < maxPolls + 5; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
    }
    expect(loaderFn).toHaveBeenCalledTimes(maxPolls + 1);
    expect(screen.getByRole("status")).toHaveTextContent("Your payment is still being confirmed.");
  });

  it("says so when the payment failed, with the way back to checkout", async () => {
    const history = [
      { status: OrderStatus.PENDING_PAYMENT, at: timestampFromDate(placedAt) },
      { status: OrderStatus.PAYMENT_FAILED, at: timestampFromDate(new Date(placedAt.getTime() + 60_000)) },
    ];
    renderSuccess([
      toOrderView(
        apiOrder({ status: OrderStatus.PAYMENT_FAILED, paymentError: "Your card was declined.", history }),
      ),
    ]);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Your payment did not go through" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Payment failed — Your card was declined.");
    expectLink("Return to Checkout", "/checkout");
    expect(screen.queryByText(/working days|business days/)).toBeNull();
  });

  it("promises the chosen option's own estimate", async () => {
    const order = apiOrder();
    if (order.delivery) {
      order.delivery.name = "Express";
      order.delivery.carrier = "DPD";
      order.delivery.estimatedDelivery = "3–4 days";
    }
    renderSuccess([toOrderView(order)]);
    expect(await screen.findByText("Express · 3–4 days")).toBeInTheDocument();
  });
});

describe("signed-in shoppers", () => {
  it("open their own order without a token", async () => {
    const getOrder = vi.fn<GetOrder>(async () => ({ order: apiOrder() }) as never);
    await loader(
      loaderArgs(
        `/payment-success?order_id=${orderId}`,
        { orders: { getOrder } },
        undefined,
        customerAccount,
      ) as never,
    );
    expect(getOrder).toHaveBeenCalledWith({ orderId, accessToken: "" });
  });
});
