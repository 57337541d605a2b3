// The checkout page as a shopper meets it: its sections, the delivery choice driving the summary
// and the Pay button, the in-page check, the processing state, and a refused payment.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isFocusedLayout } from "~/components/checkout/checkout-header";
import { checkoutPage, orderId } from "~/components/checkout/fixtures";
import { unavailableLine } from "~/lib/models/cart.fixtures";
import { type CheckoutActionData, type CheckoutPageData, emptyAddress } from "~/lib/models/checkout";
import { formatPence } from "~/lib/models/money";
import { fillShippingAddress, irisAddress } from "~/lib/testing/checkout";
import { expectAutocomplete } from "~/lib/testing/fields";
import { expectLink } from "~/lib/testing/links";
import { Where } from "~/lib/testing/route";
import CheckoutRoute, { handle } from "./checkout";

const hydration = vi.hoisted(() => ({ done: true }));
vi.mock("~/lib/hooks/use-hydrated", () => ({ useHydrated: () => hydration.done }));

afterEach(() => {
  hydration.done = true;
});

function renderCheckout(
  page: Partial<CheckoutPageData> = {},
  action?: (form: FormData) => Promise<unknown> | unknown,
) {
  const posts: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/checkout",
      Component: CheckoutRoute as never,
      loader: () => checkoutPage(page),
      action: async ({ request }) => {
        const form = await request.formData();
        posts.push(form);
        return action ? action(form) : null;
      },
    },
    { path: "*", Component: Where },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return { posts };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  const main = screen.getByRole("group", { name: /contact/i });
  await user.type(within(main).getByLabelText("Email"), "iris@example.com");
  await fillShippingAddress(user);
  await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4242");
  await user.type(screen.getByLabelText("Expiry (MM / YY)"), "12 / 30");
  await user.type(screen.getByLabelText("CVC"), "123");
}

const declined = (form: FormData): CheckoutActionData => ({
  ok: false,
  error: "Your card was declined.",
  fields: ["cardNumber"],
  values: {
    email: String(form.get("email")),
    shippingAddress: irisAddress,
    billingSame: true,
    billingAddress: emptyAddress(),
    deliveryOptionCode: String(form.get("deliveryOptionCode")),
    requiresSignature: true,
  },
  idempotencyKey: "fresh-key-after-decline-01",
});

describe("checkout page", () => {
  it("lays out contact, shipping, delivery, billing and payment, with the guest's way to sign in", async () => {
    renderCheckout();
    expect(await screen.findByRole("heading", { level: 1, name: "Secure Checkout" })).toBeInTheDocument();
    expectLink("Sign in for a faster checkout", "/login?redirectTo=%2Fcheckout");
    for (const step of ["Contact", "Shipping address", "Delivery", "Billing address", "Payment"]) {
      expect(screen.getByRole("heading", { level: 2, name: step })).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "email");
    const shipping = screen.getByRole("group", { name: /shipping address/i });
    expect(within(shipping).getByLabelText("First name")).toHaveAttribute(
      "autocomplete",
      "shipping given-name",
    );
    expect(within(shipping).getByLabelText("Postcode")).toHaveAttribute(
      "autocomplete",
      "shipping postal-code",
    );
    expect(within(shipping).getByLabelText("Apartment, suite or building (optional)")).not.toBeRequired();
    expect(within(shipping).getByLabelText("State / County (optional)")).not.toBeRequired();
    expect(within(shipping).getByRole("combobox", { name: "Country" })).toHaveValue("GB");
    expect(
      within(shipping)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["United Kingdom", "France"]);
    expect(screen.getByRole("checkbox", { name: "Billing address same as shipping" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Requires signature" })).toBeChecked();
  });

  it("offers the delivery options with their carrier, promise and price for this order", async () => {
    renderCheckout();
    const standard = await screen.findByRole("radio", { name: /^Standard/ });
    expect(standard).toBeChecked();
    expect(standard.closest("label")).toHaveTextContent("Royal Mail · 5–7 working days");
    expect(standard.closest("label")).toHaveTextContent("£17.35");
    expect(standard.closest("label")).toHaveTextContent("Free on orders over £50");
    expect(screen.getByRole("radio", { name: /^Premium/ }).closest("label")).toHaveTextContent("£59.76");
    expect(screen.getAllByRole("radio")).toHaveLength(5);
  });

  it("carries each option's quoted total in a hidden field, so the action can tell when the order comes to another", async () => {
    renderCheckout();
    const standard = await screen.findByRole("radio", { name: /^Standard/ });
    expect(standard.closest("label")!.querySelector('input[type="hidden"]')).toHaveAttribute(
      "name",
      "total.standard",
    );
    const totals = Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLInputElement>('input[type="hidden"][name^="total."]')).map(
        (i) => [i.name, i.value],
      ),
    );
    expect(totals).toEqual({
      "total.standard": "5135",
      "total.express": "5899",
      "total.priority": "6650",
      "total.next-day": "7924",
      "total.premium": "9376",
    });
  });

  it("shows Free when the API quotes the option free for this order", async () => {
    const page = checkoutPage();
    const gbp = (pence: number) => ({ pence, currency: "GBP", formatted: formatPence(pence) });
    renderCheckout({
      cart: { ...page.cart, subtotal: gbp(10200) },
      deliveryOptions: page.deliveryOptions!.map((o) =>
        o.code === "standard" ? { ...o, charge: gbp(0), total: gbp(10200), vatIncluded: gbp(1700) } : o,
      ),
    });
    expect((await screen.findByRole("radio", { name: /^Standard/ })).closest("label")).toHaveTextContent(
      "Free",
    );
    const summary = screen.getByRole("complementary", { name: "Order Summary" });
    expect(within(summary).getByText("Delivery (Standard)").nextElementSibling).toHaveTextContent("Free");
    expect(within(summary).getByText("Total").nextElementSibling).toHaveTextContent("£102.00");
  });

  it("summarises the order for the option chosen, and the Pay button follows it", async () => {
    const user = userEvent.setup();
    renderCheckout();
    const summary = await screen.findByRole("complementary", { name: "Order Summary" });
    expect(within(summary).getByText("Rose Serum")).toBeInTheDocument();
    expect(within(summary).getByText("Subtotal (2 items)").nextElementSibling).toHaveTextContent("£34.00");
    expect(within(summary).getByText("Delivery (Standard)").nextElementSibling).toHaveTextContent("£17.35");
    expect(within(summary).getByText("VAT included").nextElementSibling).toHaveTextContent("£8.56");
    expect(within(summary).getByText("Total").nextElementSibling).toHaveTextContent("£51.35");
    expect(screen.getByRole("button", { name: "Pay £51.35" })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /^Express/ }));
    expect(within(summary).getByText("Delivery (Express)").nextElementSibling).toHaveTextContent("£24.99");
    expect(within(summary).getByText("Total").nextElementSibling).toHaveTextContent("£58.99");
    expect(screen.getByRole("button", { name: "Pay £58.99" })).toBeInTheDocument();
  });

  it("asks root for the focused layout: the brand and a way back to the cart, no navigation or footer", () => {
    expect(isFocusedLayout(handle)).toBe(true);
  });

  it("folds the summary on narrower screens behind a line that shows the total", async () => {
    renderCheckout();
    const summary = await screen.findByRole("complementary", { name: "Order Summary" });
    const fold = summary.querySelector("details");
    expect(fold).not.toBeNull();
    expect(fold).not.toHaveAttribute("open");
    const line = fold!.querySelector("summary");
    expect(line).toHaveTextContent("Order summary (2 items)");
    expect(line).toHaveTextContent(", total £51.35");
    // Everything else of the summary is inside the fold.
    expect(within(fold!).getByText("Rose Serum")).toBeInTheDocument();
  });

  it("labels test payment mode and says which cards to use, with card autocomplete hints", async () => {
    renderCheckout();
    const payment = await screen.findByRole("group", { name: /payment/i });
    expect(within(payment).getByText("Test mode")).toBeInTheDocument();
    expect(within(payment).getByText(/^Use/)).toHaveTextContent(
      "Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.",
    );
    expectAutocomplete({ "Card number": "cc-number", "Expiry (MM / YY)": "cc-exp", CVC: "cc-csc" }, payment);
    expect(within(payment).getByLabelText("Card number")).toHaveAttribute("inputmode", "numeric");
  });

  it("asks for the required fields in the page, marking and focusing them, without posting", async () => {
    const user = userEvent.setup();
    const { posts } = renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Pay £51.35" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please fill in all required fields.");
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(expect.stringContaining("Email is required."));
    await waitFor(() => expect(email).toHaveFocus());
    const shipping = screen.getByRole("group", { name: /shipping address/i });
    expect(within(shipping).getByLabelText("First name")).toHaveAccessibleDescription(
      "First name is required.",
    );
    expect(within(shipping).getByLabelText("Apartment, suite or building (optional)")).not.toHaveAttribute(
      "aria-invalid",
    );
    expect(posts).toHaveLength(0);
  });

  it("asks for the billing address only when billing differs", async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole("heading", { level: 1 });
    await fillValidForm(user);
    await user.click(screen.getByRole("checkbox", { name: "Billing address same as shipping" }));
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please fill in all required fields.");
    const billing = screen.getByRole("group", { name: /billing address/i });
    expect(within(billing).getByLabelText("First name")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(within(billing).getByLabelText("First name")).toHaveFocus());
  });

  it("reads Processing Payment... while paying, then goes to the success page", async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const { posts } = renderCheckout(
      {},
      () =>
        new Promise(
          (resolve) =>
            (finish = () =>
              resolve(
                new Response(null, {
                  status: 302,
                  headers: { Location: `/payment-success?order_id=${orderId}` },
                }),
              )),
        ),
    );
    await screen.findByRole("heading", { level: 1 });
    await fillValidForm(user);
    await user.click(screen.getByRole("radio", { name: /^Next Day/ }));
    await user.click(screen.getByRole("button", { name: "Pay £79.24" }));
    const busy = await screen.findByRole("button", { name: "Processing Payment..." });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(posts).toHaveLength(1));
    const form = posts[0]!;
    expect(form.get("intent")).toBe("pay");
    expect(form.get("idempotencyKey")).toBe("key-from-the-loader-0001");
    expect(form.get("deliveryOptionCode")).toBe("next-day");
    expect(form.get("total.next-day")).toBe("7924");
    expect(form.get("total.standard")).toBe("5135");
    expect(form.get("requiresSignature")).toBe("on");
    expect(form.get("billingSame")).toBe("on");
    expect(form.get("shippingAddress.countryCode")).toBe("GB");
    await act(async () => finish());
    expect(await screen.findByTestId("where")).toHaveTextContent(`/payment-success?order_id=${orderId}`);
  });

  it("shows a decline under the card field, empties the card, keeps the rest and sends the fresh key next time", async () => {
    const user = userEvent.setup();
    const { posts } = renderCheckout({}, declined);
    await screen.findByRole("heading", { level: 1 });
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your card was declined.");
    const card = screen.getByLabelText("Card number");
    expect(card).toHaveAttribute("aria-invalid", "true");
    expect(card).toHaveAccessibleDescription("Your card was declined.");
    await waitFor(() => expect(card).toHaveValue(""));
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.getByLabelText("CVC")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("iris@example.com");
    // The error sits after the card fields, before the Pay button.
    expect(card.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(card, "4242 4242 4242 4242");
    await user.type(screen.getByLabelText("Expiry (MM / YY)"), "12 / 30");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.get("idempotencyKey")).toBe("fresh-key-after-decline-01");
  });

  it.each([
    ["a stock problem", "Only 1 of Rose Serum is in stock."],
    [
      "a product that left the shop",
      "Iris Oil is no longer available. Please remove it from your bag to continue.",
    ],
  ])("offers the way back to the cart for %s, in the API's words", async (_, error) => {
    const user = userEvent.setup();
    renderCheckout({}, (form) => ({ ...declined(form), error, fields: [], cartProblem: true }));
    await screen.findByRole("heading", { level: 1 });
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Pay £51.35" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(error);
    expectLink("Review your cart", "/cart", alert);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it("shows a product that left the shop muted and unpriced in the summary, with the way back to the bag", async () => {
    const cart = checkoutPage().cart;
    const iris = unavailableLine();
    renderCheckout({ cart: { ...cart, lines: [...cart.lines, iris] } });
    const summary = await screen.findByRole("complementary", { name: "Order Summary" });
    const line = within(summary).getByText("Iris Oil").closest("li")!;
    expect(line).toHaveClass("summary-line--unavailable");
    expect(line).toHaveTextContent("No longer available · Quantity 2");
    expect(line).not.toHaveTextContent("£");
    expect(within(summary).getByText("Subtotal (2 items)").nextElementSibling).toHaveTextContent("£34.00");
    const note = within(summary).getByRole("note");
    expect(note).toHaveTextContent(
      "Some items are no longer available. Remove them from your bag to place your order.",
    );
    expectLink("Remove them from your bag", "/cart", note);
  });

  it("locks a signed-in shopper's e-mail and offers no sign-in", async () => {
    renderCheckout({ accountEmail: "ada@example.com" });
    const email = await screen.findByLabelText("Email");
    expect(email).toHaveValue("ada@example.com");
    expect(email).toHaveAttribute("readonly");
    expect(screen.queryByRole("link", { name: "Sign in for a faster checkout" })).not.toBeInTheDocument();
  });

  it("reads Place Order before the page is hydrated (the total follows the option only once it is)", async () => {
    hydration.done = false;
    renderCheckout();
    expect(await screen.findByRole("button", { name: "Place Order" })).toBeEnabled();
  });

  it("says the payment system is not ready when the API could not say how to take cards", async () => {
    renderCheckout({ payment: { mode: "unavailable" } });
    expect(await screen.findByText("Payment system not ready. Please refresh the page.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay £51.35" })).toBeDisabled();
  });
});
