// Stripe mode with a stand-in Stripe object (Stripe.js cannot load here): the Payment Element is
// mounted once Stripe.js is there, the order is placed through the action, and its payment is
// confirmed in the page; a Stripe.js that never loads says the payment system is not ready.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutPage, orderId } from "~/components/checkout/fixtures";
import { StripeCardField } from "~/components/checkout/stripe-card-field";
import type { CheckoutActionData } from "~/lib/models/checkout";
import { fillShippingAddress } from "~/lib/testing/checkout";
import { Where } from "~/lib/testing/route";
import CheckoutRoute from "~/routes/checkout";

const stripeLoad = vi.hoisted(() => ({ impl: null as null | (() => Promise<unknown>) }));
vi.mock("~/lib/stripe", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/lib/stripe")>();
  return {
    ...real,
    loadStripeWithTimeout: (key: string, ms: number, load?: () => Promise<unknown>) =>
      real.loadStripeWithTimeout(
        key,
        ms,
        (load ?? stripeLoad.impl ?? (() => new Promise(() => {}))) as never,
      ),
  };
});

afterEach(() => {
  stripeLoad.impl = null;
  vi.useRealTimers();
});

/** Just enough of Stripe.js for React Stripe.js and our confirm step. */
function fakeStripe(confirm: () => Promise<unknown>) {
  const element = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn() };
  const elements = {
    create: vi.fn(() => element),
    getElement: vi.fn(() => null),
    update: vi.fn(),
    submit: vi.fn(async () => ({ selectedPaymentMethod: "card" })),
  };
  return {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(confirm),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
    _elements: elements,
  };
}

function renderStripeCheckout(action: (form: FormData) => CheckoutActionData) {
  const posts: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/checkout",
      Component: CheckoutRoute as never,
      loader: () => checkoutPage({ payment: { mode: "stripe", publishableKey: "pk_test_123" } }),
      action: async ({ request }) => {
        const form = await request.formData();
        posts.push(form);
        return action(form);
      },
    },
    { path: "*", Component: Where },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return { posts };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), "iris@example.com");
  await fillShippingAddress(user);
}

const placed = (form: FormData): CheckoutActionData => ({
  ok: true,
  orderId,
  clientSecret: "pi_1_secret_2",
  returnUrl: `http://shop.test/payment-success?order_id=${orderId}`,
  idempotencyKey: String(form.get("idempotencyKey")),
});

describe("Stripe mode", () => {
  it("places the order through the action, then confirms its payment with Stripe.js and shows the success page", async () => {
    const stripe = fakeStripe(async () => ({ paymentIntent: { status: "succeeded" } }));
    stripeLoad.impl = async () => stripe;
    const user = userEvent.setup();
    const { posts } = renderStripeCheckout(placed);
    await waitFor(() => expect(stripe._elements.create).toHaveBeenCalledWith("payment", expect.anything()));
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ mode: "payment", amount: 5135, currency: "gbp" }),
    );
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));

    await waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent(`/payment-success?order_id=${orderId}`),
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]!.get("intent")).toBe("checkout");
    expect(posts[0]!.get("cardNumber")).toBeNull();
    expect(stripe._elements.submit).toHaveBeenCalled();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe._elements,
      clientSecret: "pi_1_secret_2",
      redirect: "if_required",
      confirmParams: { return_url: `http://shop.test/payment-success?order_id=${orderId}` },
    });
  });

  it("shows Stripe's words for a declined card under the card field and stays", async () => {
    const stripe = fakeStripe(async () => ({
      error: { type: "card_error", message: "Your card was declined." },
    }));
    stripeLoad.impl = async () => stripe;
    const user = userEvent.setup();
    renderStripeCheckout(placed);
    await waitFor(() => expect(stripe._elements.create).toHaveBeenCalled());
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your card was declined.");
    expect(screen.getByRole("button", { name: "Pay £51.35" })).toBeEnabled();
    expect(screen.queryByTestId("where")).not.toBeInTheDocument();
  });

  it("checks the shopper's details before placing anything", async () => {
    const stripe = fakeStripe(async () => ({}));
    stripeLoad.impl = async () => stripe;
    const user = userEvent.setup();
    const { posts } = renderStripeCheckout(placed);
    await waitFor(() => expect(stripe._elements.create).toHaveBeenCalled());
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please fill in all required fields.");
    expect(posts).toHaveLength(0);
    expect(stripe._elements.submit).not.toHaveBeenCalled();
  });

  it("says the payment system is not ready when Stripe.js does not load in time, and places no order", async () => {
    const user = userEvent.setup();
    const { posts } = renderStripeCheckout(placed);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading the secure card form…");
    await fillDetails(user);
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Payment system not ready. Please refresh the page.",
    );
    expect(posts).toHaveLength(0);
  });
});

describe("StripeCardField", () => {
  it("gives up after the time limit with the spec's message", async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => new Promise<never>(() => {}));
    render(
      <StripeCardField
        publishableKey="pk_test_123"
        amount={5135}
        controller={{ current: null }}
        load={load}
        timeoutMs={10_000}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading the secure card form…");
    expect(load).toHaveBeenCalledWith("pk_test_123");
    vi.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Payment system not ready. Please refresh the page.");
  });

  it("says the same when Stripe.js fails to load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <StripeCardField
        publishableKey="pk_test_123"
        amount={5135}
        controller={{ current: null }}
        load={() => Promise.reject(new Error("Failed to load Stripe.js"))}
      />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Payment system not ready. Please refresh the page.",
    );
  });
});
