import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { confirmStripePayment, loadStripeWithTimeout, submitPaymentElement } from "./stripe";

afterEach(() => {
  vi.useRealTimers();
});

const fakeStripe = (confirmPayment: (...args: unknown[]) => Promise<unknown>) =>
  ({ confirmPayment: vi.fn(confirmPayment) }) as unknown as Stripe & {
    confirmPayment: ReturnType<typeof vi.fn>;
  };
const elements = {} as StripeElements;

describe("loadStripeWithTimeout", () => {
  it("gives up when Stripe.js never answers", async () => {
    vi.useFakeTimers();
    const pending = loadStripeWithTimeout("pk_test_x", 10_000, () => new Promise(() => {}));
    const outcome = expect(pending).rejects.toThrow("did not load within 10000 ms");
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
  });

  it("passes on a failure to load", async () => {
    await expect(
      loadStripeWithTimeout("pk_test_x", 10_000, () => Promise.reject(new Error("Failed to load Stripe.js"))),
    ).rejects.toThrow("Failed to load Stripe.js");
    await expect(loadStripeWithTimeout("pk_test_x", 10_000, () => Promise.resolve(null))).rejects.toThrow(
      "not available",
    );
  });

  it("answers with Stripe when it loads in time", async () => {
    const stripe = fakeStripe(async () => ({}));
    await expect(loadStripeWithTimeout("pk_test_x", 10_000, async () => stripe)).resolves.toBe(stripe);
  });
});

describe("confirmStripePayment", () => {
  it("confirms the order's payment in the page, returning to the success page if the bank needs a step", async () => {
    const stripe = fakeStripe(async () => ({ paymentIntent: { status: "succeeded" } }));
    await expect(
      confirmStripePayment(
        stripe,
        elements,
        "pi_1_secret_2",
        "https://shop.test/payment-success?order_id=o1",
      ),
    ).resolves.toEqual({ ok: true });
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      clientSecret: "pi_1_secret_2",
      redirect: "if_required",
      confirmParams: { return_url: "https://shop.test/payment-success?order_id=o1" },
    });
  });

  it("counts a processing payment as placed (the webhook settles it)", async () => {
    await expect(
      confirmStripePayment(
        fakeStripe(async () => ({ paymentIntent: { status: "processing" } })),
        elements,
        "s",
        "u",
      ),
    ).resolves.toEqual({ ok: true });
  });

  it("words card errors as Stripe does, anything else as ours", async () => {
    const declined = fakeStripe(async () => ({
      error: { type: "card_error", message: "Your card was declined." },
    }));
    await expect(confirmStripePayment(declined, elements, "s", "u")).resolves.toEqual({
      ok: false,
      message: "Your card was declined.",
    });
    const apiError = fakeStripe(async () => ({
      error: { type: "api_error", message: "Something internal" },
    }));
    await expect(confirmStripePayment(apiError, elements, "s", "u")).resolves.toEqual({
      ok: false,
      message: "Payment failed. Please try again.",
    });
    const thrown = fakeStripe(async () => {
      throw new Error("network");
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(confirmStripePayment(thrown, elements, "s", "u")).resolves.toEqual({
      ok: false,
      message: "Payment failed. Please try again.",
    });
  });

  it("reports any other status", async () => {
    const stripe = fakeStripe(async () => ({ paymentIntent: { status: "requires_payment_method" } }));
    await expect(confirmStripePayment(stripe, elements, "s", "u")).resolves.toEqual({
      ok: false,
      message: "Payment failed with status: requires_payment_method",
    });
  });
});

describe("submitPaymentElement", () => {
  it("passes on the element's own complaint", async () => {
    const incomplete = {
      submit: async () => ({
        error: { type: "validation_error", message: "Your card number is incomplete." },
      }),
    } as unknown as StripeElements;
    await expect(submitPaymentElement(incomplete)).resolves.toEqual({
      ok: false,
      message: "Your card number is incomplete.",
    });
    const complete = { submit: async () => ({ selectedPaymentMethod: "card" }) } as unknown as StripeElements;
    await expect(submitPaymentElement(complete)).resolves.toEqual({ ok: true });
  });
});
