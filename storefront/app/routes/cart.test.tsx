import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordingAction, toastRoutesStub } from "~/components/ui/toast-routes-stub";
import { CreateCartResponseSchema, GetCartResponseSchema } from "~/gen/atelier/store/v1/cart_service_pb";
import type { CartView } from "~/lib/models/cart";
import { cartLine, cartView, price, productSummary, unavailableLine } from "~/lib/models/cart.fixtures";
import type { Api } from "~/lib/server/api.server";
import { customerAccount, loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import CartRoute, { loader } from "./cart";

const hydration = vi.hoisted(() => ({ done: true }));
vi.mock("~/lib/hooks/use-hydrated", () => ({ useHydrated: () => hydration.done }));

afterEach(() => {
  hydration.done = true;
});

type PageData = { cart: CartView | null; error: string | null; loadFailed: boolean; signedIn: boolean };

function renderCart(data: Partial<PageData> = {}, action?: (form: FormData) => unknown) {
  let current: PageData = { cart: cartView(), error: null, loadFailed: false, signedIn: false, ...data };
  const recorded = recordingAction((form) =>
    action ? action(form) : { ok: true, intent: form.get("intent") },
  );
  const Stub = toastRoutesStub([
    {
      path: "/cart",
      Component: CartRoute,
      // Like the server, which hands a no-JS error over once and clears its cookie.
      loader: () => {
        const page = current;
        current = { ...current, error: null };
        return page;
      },
      action: recorded.action,
    },
  ]);
  render(<Stub initialEntries={["/cart"]} />);
  return {
    submissions: recorded.submissions,
    setData: (next: Partial<PageData>) => {
      current = { ...current, ...next };
    },
  };
}

describe("cart page", () => {
  it("lists each line with a link to the product, price, quantity and line total", async () => {
    renderCart();
    expect(await screen.findByRole("heading", { level: 1, name: "Your Shopping Cart" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Items in your cart" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const rose = rows[1]!;
    expectLink("Rose Serum", "/product/0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11", rose);
    expect(within(rose).getByRole("button", { name: "Remove Rose Serum" })).toBeInTheDocument();
    expect(within(rose).getByRole("spinbutton", { name: "Quantity of Rose Serum" })).toHaveValue(2);
    expect(within(rose).getByText("£42.00")).toBeInTheDocument();
    expect(within(rose).getByText("£84.00")).toBeInTheDocument();
  });

  it("summarises the API's totals with free delivery and the threshold note", async () => {
    renderCart();
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(within(summary).getByText("Subtotal (3 items)").nextElementSibling).toHaveTextContent("£102.00");
    expect(within(summary).getByText("Delivery (Standard)").nextElementSibling).toHaveTextContent("Free");
    expect(within(summary).getByText("Your order qualifies for free standard delivery.")).toBeInTheDocument();
    expect(within(summary).getByText("VAT included").nextElementSibling).toHaveTextContent("£17.00");
    expect(within(summary).getByText("Total").nextElementSibling).toHaveTextContent("£102.00");
    expectLink("Proceed to Checkout", "/checkout", summary);
    expectLink("Continue Shopping", "/shop", summary);
  });

  it("shows a delivery charge and how to get it free below the threshold", async () => {
    renderCart({
      cart: cartView({ delivery: { name: "Standard", price: price(1735), freeOver: price(5000) } }),
    });
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(within(summary).getByText("Delivery (Standard)").nextElementSibling).toHaveTextContent("£17.35");
    expect(within(summary).getByText("Free standard delivery on orders over £50")).toBeInTheDocument();
  });

  it("offers guests a faster checkout by signing in", async () => {
    renderCart();
    expect(await screen.findByRole("link", { name: "Sign in for a faster checkout" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fcart",
    );
  });

  it("does not offer signing in to a signed-in shopper", async () => {
    renderCart({ signedIn: true });
    await screen.findByRole("table");
    expect(screen.queryByRole("link", { name: "Sign in for a faster checkout" })).not.toBeInTheDocument();
  });

  it("shows an empty cart with a way to the shop", async () => {
    renderCart({ cart: null });
    expect(await screen.findByRole("heading", { name: "Your cart is empty" })).toBeInTheDocument();
    expectLink("Shop Now", "/shop");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the error a plain form post brought back", async () => {
    renderCart({ error: "Only 3 of Rose Serum are in stock." });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only 3 of Rose Serum are in stock.");
  });

  it("drops the old no-JS error once the shopper changes the cart in the background", async () => {
    const user = userEvent.setup();
    const { submissions, setData } = renderCart({ error: "Only 3 of Rose Serum are in stock." });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only 3 of Rose Serum are in stock.");
    setData({ cart: cartView({ lines: [cartLine({ quantity: 3 })] }) });
    const input = screen.getByRole("spinbutton", { name: "Quantity of Rose Serum" });
    await user.clear(input);
    await user.type(input, "3{Enter}");
    await waitFor(() => expect(submissions).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
  });

  it("says so when the cart could not be loaded", async () => {
    renderCart({ cart: null, loadFailed: true });
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your cart");
    expect(screen.queryByRole("heading", { name: "Your cart is empty" })).not.toBeInTheDocument();
  });

  it("warns about a line that asks for more than the stock", async () => {
    const line = cartLine({
      product: productSummary({ stock: 1, stockLevel: "low_stock" }),
      quantity: 2,
      exceedsStock: true,
    });
    renderCart({ cart: cartView({ lines: [line] }) });
    const input = await screen.findByRole("spinbutton", { name: "Quantity of Rose Serum" });
    expect(input).toHaveAccessibleDescription(
      "Only 1 of Rose Serum is in stock. Please lower the quantity to check out.",
    );
    expect(screen.getByText(/Some items are no longer available/)).toBeInTheDocument();
  });
});

describe("a line whose product left the shop", () => {
  const mixed = () =>
    cartView({ lines: [cartLine({ quantity: 2 }), unavailableLine()], itemCount: 2, subtotal: price(8400) });

  it("is shown muted as no longer available, without a price, a quantity control or a link", async () => {
    renderCart({ cart: mixed() });
    const table = await screen.findByRole("table", { name: "Items in your cart" });
    const iris = within(table).getAllByRole("row")[2]!;
    expect(iris).toHaveClass("cart-line--unavailable");
    expect(within(iris).getByText("Iris Oil")).toBeInTheDocument();
    expect(iris).toHaveTextContent("No longer available. Please remove it from your bag to check out.");
    expect(within(iris).queryByRole("link")).not.toBeInTheDocument();
    expect(within(iris).queryByRole("spinbutton")).not.toBeInTheDocument();
    expect(within(iris).queryByText(/£/)).not.toBeInTheDocument();
    expect(within(iris).getByRole("cell", { name: "2" })).toBeInTheDocument();
    const summary = screen.getByRole("region", { name: "Order Summary" });
    expect(within(summary).getByText("Subtotal (2 items)").nextElementSibling).toHaveTextContent("£84.00");
    expect(within(summary).getByRole("note")).toHaveTextContent(
      "Some items are no longer available. Please remove them from your bag to check out.",
    );
  });

  it("can be removed", async () => {
    const user = userEvent.setup();
    const { submissions, setData } = renderCart({ cart: mixed() });
    const remove = await screen.findByRole("button", { name: "Remove Iris Oil" });
    setData({ cart: cartView({ lines: [cartLine({ quantity: 2 })], itemCount: 2 }) });
    await user.click(remove);
    await waitFor(() => expect(screen.queryByText("Iris Oil")).not.toBeInTheDocument());
    expect(Object.fromEntries(submissions[0]!)).toMatchObject({
      intent: "remove",
      productId: unavailableLine().product.id,
    });
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("is removed by a plain form before JavaScript has loaded", async () => {
    hydration.done = false;
    renderCart({ cart: mixed() });
    const form = (await screen.findByRole("button", { name: "Remove Iris Oil" })).closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/cart");
    expect(form.querySelector('input[name="intent"]')).toHaveValue("remove");
    expect(form.querySelector('input[name="productId"]')).toHaveValue(unavailableLine().product.id);
    expect(screen.queryByRole("button", { name: "Update quantity of Iris Oil" })).not.toBeInTheDocument();
  });
});

describe("cart quantity", () => {
  it("sends the new quantity in the background, capped at the stock", async () => {
    const user = userEvent.setup();
    const { submissions } = renderCart({
      cart: cartView({ lines: [cartLine({ product: productSummary({ stock: 3 }), quantity: 1 })] }),
    });
    const input = await screen.findByRole("spinbutton", { name: "Quantity of Rose Serum" });
    expect(input).toHaveAttribute("min", "1");
    expect(input).toHaveAttribute("max", "3");
    await user.clear(input);
    await user.type(input, "9{Enter}");
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(Object.fromEntries(submissions[0]!)).toEqual({
      intent: "update",
      productId: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
      quantity: "3",
      enhanced: "1",
    });
    expect(input).toHaveValue(3);
  });

  it("sends a changed number on its own once the shopper pauses", async () => {
    const user = userEvent.setup();
    const { submissions } = renderCart({ cart: cartView({ lines: [cartLine({ quantity: 1 })] }) });
    const input = await screen.findByRole("spinbutton", { name: "Quantity of Rose Serum" });
    await user.clear(input);
    await user.type(input, "2");
    expect(input).toHaveValue(2);
    expect(submissions).toHaveLength(0);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]!.get("quantity")).toBe("2");
  });

  it("turns an emptied field into 1 when it loses focus", async () => {
    const user = userEvent.setup();
    const { submissions } = renderCart({ cart: cartView({ lines: [cartLine({ quantity: 4 })] }) });
    const input = await screen.findByRole("spinbutton", { name: "Quantity of Rose Serum" });
    await user.clear(input);
    await user.tab();
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]!.get("quantity")).toBe("1");
  });

  it("shows a refused change beside its line and puts the quantity back", async () => {
    const user = userEvent.setup();
    renderCart({ cart: cartView({ lines: [cartLine({ quantity: 2 })] }) }, () => ({
      ok: false,
      intent: "update",
      error: "Only 2 of Rose Serum are in stock.",
    }));
    const input = await screen.findByRole("spinbutton", { name: "Quantity of Rose Serum" });
    await user.clear(input);
    await user.type(input, "5{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("Only 2 of Rose Serum are in stock.");
    expect(input).toHaveValue(2);
  });

  it("has an Update button and posts a plain form before JavaScript has loaded", async () => {
    hydration.done = false;
    renderCart();
    const update = await screen.findByRole("button", { name: "Update quantity of Rose Serum" });
    const form = update.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/cart");
    expect(within(form).getByRole("spinbutton", { name: "Quantity of Rose Serum" })).toHaveAttribute(
      "name",
      "quantity",
    );
    expect(form.querySelector('input[name="intent"]')).toHaveValue("update");
    expect(form.querySelector('input[name="enhanced"]')).toBeNull();
  });
});

describe("cart quantity steps", () => {
  it("has − and + like the product page's, sending one less or one more at once", async () => {
    const user = userEvent.setup();
    const { submissions } = renderCart({ cart: cartView({ lines: [cartLine({ quantity: 2 })] }) });
    const plus = await screen.findByRole("button", { name: "Increase quantity of Rose Serum" });
    await user.click(plus);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]!.get("quantity")).toBe("3");
    expect(submissions[0]!.get("enhanced")).toBe("1");
  });

  it("sends one less with −", async () => {
    const user = userEvent.setup();
    const { submissions } = renderCart({ cart: cartView({ lines: [cartLine({ quantity: 2 })] }) });
    await user.click(await screen.findByRole("button", { name: "Decrease quantity of Rose Serum" }));
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]!.get("quantity")).toBe("1");
  });

  it("cannot go below one or above the stock", async () => {
    renderCart({
      cart: cartView({ lines: [cartLine({ product: productSummary({ stock: 1 }), quantity: 1 })] }),
    });
    expect(await screen.findByRole("button", { name: "Decrease quantity of Rose Serum" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Increase quantity of Rose Serum" })).toBeDisabled();
  });

  it("posts − and + as plain forms of the line's quantity one less and one more before JavaScript", async () => {
    hydration.done = false;
    renderCart({ cart: cartView({ lines: [cartLine({ quantity: 2 })] }) });
    for (const [name, quantity] of [
      ["Decrease quantity of Rose Serum", "1"],
      ["Increase quantity of Rose Serum", "3"],
    ] as const) {
      const button = await screen.findByRole("button", { name });
      expect(button).toHaveAttribute("type", "submit");
      const form = (button as HTMLButtonElement).form!;
      expect(form).toHaveAttribute("method", "post");
      expect(form).toHaveAttribute("action", "/cart");
      expect(Object.fromEntries(new FormData(form))).toEqual({
        intent: "update",
        productId: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
        quantity,
      });
    }
  });

  it("confirms a change in its own line, never with a toast over the order summary", async () => {
    const user = userEvent.setup();
    renderCart({ cart: cartView({ lines: [cartLine({ quantity: 2 })] }) });
    await user.click(await screen.findByRole("button", { name: "Increase quantity of Rose Serum" }));
    const row = screen.getByRole("link", { name: "Rose Serum" }).closest("tr")!;
    await waitFor(() => expect(row.querySelector("[aria-live]")).toHaveTextContent("Updated"));
    expect(document.querySelector(".toasts")).toBeEmptyDOMElement();
  });
});

describe("removing a line", () => {
  it("posts remove, then announces it and keeps focus on the page", async () => {
    const user = userEvent.setup();
    const { submissions, setData } = renderCart();
    const remove = await screen.findByRole("button", { name: "Remove Rose Serum" });
    const moss = cartView().lines[1]!;
    setData({ cart: cartView({ lines: [moss], itemCount: 1 }) });
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole("link", { name: "Rose Serum" })).not.toBeInTheDocument());
    expect(Object.fromEntries(submissions[0]!)).toMatchObject({
      intent: "remove",
      productId: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
      enhanced: "1",
    });
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Rose Serum removed from your cart"),
    );
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
  });
});

describe("cart loader", () => {
  const cartId = "7f1c2a9e-0d4b-4c3e-9b8a-6e5d4c3b2a10";
  const cookie = `atelier_cart=${cartId}; atelier_cart_error=${encodeURIComponent("Only 3 of Rose Serum are in stock.")}`;

  it("loads the shopper's cart and hands over a no-JS error once, clearing its cookie", async () => {
    const getCart = vi.fn<Api["cart"]["getCart"]>(() =>
      Promise.resolve(
        create(GetCartResponseSchema, {
          cart: {
            id: cartId,
            itemCount: 2,
            subtotal: { currencyCode: "GBP", minorUnits: 8400n },
            lines: [
              {
                product: { id: "p1", name: "Rose Serum" },
                quantity: 2,
                lineTotal: { currencyCode: "GBP", minorUnits: 8400n },
              },
            ],
          },
        }),
      ),
    );
    const res = await loader(loaderArgs("/cart", { cart: { getCart } }, { headers: { cookie } }));
    expect(getCart).toHaveBeenCalledWith({ cartId });
    expect(res.data).toMatchObject({
      error: "Only 3 of Rose Serum are in stock.",
      loadFailed: false,
      signedIn: false,
    });
    expect(res.data.cart).toMatchObject({ id: cartId, itemCount: 2, subtotal: { formatted: "£84.00" } });
    expect(res.data.cart?.lines.map((l) => [l.product.name, l.quantity])).toEqual([["Rose Serum", 2]]);
    expect(new Headers(res.init?.headers).get("set-cookie")).toMatch(/^atelier_cart_error=; .*Max-Age=0/);
  });

  it("says the cart could not be loaded, rather than that it is empty, when the API fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const getCart = () => Promise.reject(new ConnectError("down", Code.Unavailable));
    const res = await loader(loaderArgs("/cart", { cart: { getCart } }, { headers: { cookie } }));
    expect(res.data).toEqual({
      cart: null,
      error: "Only 3 of Rose Serum are in stock.",
      loadFailed: true,
      signedIn: false,
    });
  });

  it("shows a signed-in shopper the account's cart when this device has no cart cookie, and sets it", async () => {
    const createCart = vi.fn<Api["cart"]["createCart"]>(() =>
      Promise.resolve(
        create(CreateCartResponseSchema, {
          cart: {
            id: cartId,
            itemCount: 1,
            lines: [{ product: { id: "p1", name: "Rose Serum" }, quantity: 1 }],
          },
        }),
      ),
    );
    const res = await loader(loaderArgs("/cart", { cart: { createCart } }, undefined, customerAccount));
    expect(createCart).toHaveBeenCalledTimes(1);
    expect(res.data.cart?.lines.map((l) => l.product.name)).toEqual(["Rose Serum"]);
    expect(new Headers(res.init?.headers).getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^atelier_cart=${cartId};`)),
    ]);
  });

  it("knows a signed-in shopper, who is not offered signing in", async () => {
    const getCart = () => Promise.resolve(create(GetCartResponseSchema, { cart: { id: cartId } }));
    const res = await loader(
      loaderArgs("/cart", { cart: { getCart } }, { headers: { cookie } }, customerAccount),
    );
    expect(res.data.signedIn).toBe(true);
  });
});
