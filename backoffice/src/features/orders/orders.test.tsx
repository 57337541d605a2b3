import { screen, waitFor, within } from "@testing-library/react";
import { Outlet, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type FakeRoutes, type RecordedCall, refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import { listOf, paidOrder, shippedOrder } from "./order-fixtures";
import type { AdminOrder } from "./order-model";
import { routes } from "./routes";

/** The feature's screens under a parent, as the app mounts them under its layout. */
const appRoutes: RouteObject[] = [{ path: "/", element: <Outlet />, children: routes }];

const list = (orders: AdminOrder[] = [paidOrder]): FakeRoutes => ({
  "/api/v1/admin/orders": { get: () => listOf(orders) },
});

const detail = (order: AdminOrder, more: FakeRoutes = {}): FakeRoutes => ({
  "/api/v1/admin/orders/{order_id}": { get: () => ({ order }) },
  ...list([order]),
  ...more,
});

const orderUrl = `/orders/${paidOrder.id}`;

/** sent is the body of the last request to a path ending so, as the test reads it. */
function sent(calls: RecordedCall[], ending: string): Record<string, unknown> | undefined {
  return calls.findLast((c) => c.path.endsWith(ending))?.body as Record<string, unknown> | undefined;
}

describe("the orders list", () => {
  it("asks the API for the view the URL holds", async () => {
    const { calls } = renderRoutes(appRoutes, {
      url: "/orders?status=paid,shipped&q=hopper&from=2026-11-01&before=2026-07-01&sort=-total&page=2",
      api: list(),
    });
    expect(await screen.findByRole("link", { name: "AL-7K2M9QXD" })).toHaveAttribute("href", orderUrl);
    const query = calls.find((c) => c.path === "/api/v1/admin/orders")?.query;
    expect(query?.getAll("statuses")).toEqual(["ORDER_STATUS_PAID", "ORDER_STATUS_SHIPPED"]);
    expect(query?.get("search")).toBe("hopper");
    // London midnight: GMT in November, BST in July.
    expect(query?.get("placed_from")).toBe("2026-11-01T00:00:00.000Z");
    expect(query?.get("placed_before")).toBe("2026-06-30T23:00:00.000Z");
    expect(query?.get("sort")).toBe("ORDER_SORT_TOTAL_HIGH_TO_LOW");
    expect(query?.get("page")).toBe("2");
    expect(screen.getByRole("checkbox", { name: "Paid" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Delivered" })).not.toBeChecked();
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("hopper");
  });

  it("shows each order's customer, status, payment and total", async () => {
    renderRoutes(appRoutes, { url: "/orders", api: list() });
    const row = (await screen.findByRole("link", { name: "AL-7K2M9QXD" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("Grace Hopper")).toBeInTheDocument();
    expect(within(row).getByText("grace@example.com")).toBeInTheDocument();
    expect(within(row).getAllByText("Paid")).toHaveLength(2);
    expect(within(row).getByText("£157.35")).toBeInTheDocument();
    expect(within(row).getByText("26 Nov 2026, 09:14")).toBeInTheDocument();
  });

  it("puts filters, search and sort in the URL and back on page 1", async () => {
    const { user, router, calls } = renderRoutes(appRoutes, { url: "/orders?page=3", api: list() });
    await user.click(await screen.findByRole("checkbox", { name: "Processing" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=processing"));
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "W1U");
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("q")).toBe("W1U"));
    await waitFor(() => expect(calls.at(-1)?.query.get("search")).toBe("W1U"));
    expect(calls.at(-1)?.query.getAll("statuses")).toEqual(["ORDER_STATUS_PROCESSING"]);
    // A search is sent once typing pauses, not once per key.
    expect(calls.filter((c) => c.query.get("search") === "W")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: /Total/ }));
    await waitFor(() => expect(calls.at(-1)?.query.get("sort")).toBe("ORDER_SORT_TOTAL_HIGH_TO_LOW"));
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("-total");
  });

  it("says when no order matches", async () => {
    renderRoutes(appRoutes, { url: "/orders?status=refunded", api: list([]) });
    expect(await screen.findByText("No orders match these filters.")).toBeInTheDocument();
  });

  it("shows why the list could not be loaded", async () => {
    renderRoutes(appRoutes, {
      url: "/orders",
      api: { "/api/v1/admin/orders": { get: () => refuse(403, "admin_only", "Admins only.") } },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Admins only.");
  });
});

describe("an order", () => {
  it("shows its lines, totals, addresses, payment and timeline", async () => {
    renderRoutes(appRoutes, { url: orderUrl, api: detail(paidOrder) });
    expect(await screen.findByRole("heading", { name: "Order AL-7K2M9QXD" })).toBeInTheDocument();
    const items = screen.getByRole("table", { name: "Items of order AL-7K2M9QXD" });
    const rows = within(items).getAllByRole("row");
    expect(rows[2]).toHaveTextContent("Rose Facial OilRFO-302£28.00£56.00");
    const totals = screen.getByRole("region", { name: "Items" });
    expect(within(totals).getByText("Subtotal").nextSibling).toHaveTextContent("£140.00");
    expect(within(totals).getByText("Delivery").nextSibling).toHaveTextContent("£17.35");
    expect(within(totals).getByText("VAT included").nextSibling).toHaveTextContent("£26.22");
    expect(within(totals).getByText("Total").nextSibling).toHaveTextContent("£157.35");
    const addresses = screen.getByRole("region", { name: "Addresses" });
    expect(addresses).toHaveTextContent("12 Marylebone High Street");
    expect(addresses).toHaveTextContent("1 Harbour Road");
    const timeline = within(screen.getByRole("region", { name: "Timeline" })).getAllByRole("listitem");
    expect(timeline.map((li) => li.textContent)).toEqual([
      "Order placedSystem · 26 Nov 2026, 09:14",
      "Payment confirmed by the providerSystem · 26 Nov 2026, 09:15",
      "Order confirmation e-mailedSystem · 26 Nov 2026, 09:16",
    ]);
  });

  it("shows tracking, refunds and a pending refund as pending", async () => {
    renderRoutes(appRoutes, { url: orderUrl, api: detail(shippedOrder) });
    expect(
      await screen.findByText("Refund of £20.00 pending with the payment provider."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /RM123456785GB/ })).toHaveAttribute(
      "href",
      shippedOrder.tracking?.tracking_url,
    );
    const refunds = within(screen.getByRole("region", { name: "Refunds" })).getAllByRole("listitem");
    expect(refunds[0]).toHaveTextContent("Failed");
    expect(refunds[0]).toHaveTextContent("The provider refused it: The card was closed.");
    expect(refunds[1]).toHaveTextContent("Pending");
    expect(screen.getByRole("region", { name: "Timeline" })).toHaveTextContent(
      "Shipped with Royal Mail, tracking RM123456785GBAda Lovelace",
    );
  });

  it.each([
    ["paid", paidOrder, ["Mark processing", "Ship…", "Refund…", "Cancel order…"]],
    ["shipped", shippedOrder, ["Mark delivered", "Refund…"]],
    ["delivered and refunded", { ...paidOrder, allowed_actions: [] }, []],
  ])("offers only the moves the API allows a %s order", async (_case, order, buttons) => {
    renderRoutes(appRoutes, { url: orderUrl, api: detail(order) });
    await screen.findByRole("heading", { name: "Order AL-7K2M9QXD" });
    const offered = ["Mark processing", "Ship…", "Mark delivered", "Refund…", "Cancel order…"].filter(
      (name) => screen.queryByRole("button", { name }),
    );
    expect(offered).toEqual(buttons);
  });

  it("refuses a bad tracking number before sending, then ships with a good one", async () => {
    let current = paidOrder;
    const { user, calls } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: {
        ...detail(paidOrder),
        "/api/v1/admin/orders/{order_id}": { get: () => ({ order: current }) },
        "/api/v1/admin/orders/{order_id}/ship": {
          post: () => {
            current = shippedOrder;
            return { order: shippedOrder };
          },
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Ship…" }));
    const dialog = screen.getByRole("dialog", { name: "Ship order AL-7K2M9QXD" });
    const field = within(dialog).getByRole("textbox", { name: "Tracking number" });
    await user.type(field, "R#1");
    await user.click(within(dialog).getByRole("button", { name: "Ship order" }));
    expect(field).toHaveAccessibleDescription(/4 to 40 letters, digits, spaces or hyphens\.$/);
    expect(field).toBeInvalid();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await user.clear(field);
    await user.type(field, " rm123456785gb ");
    await user.click(within(dialog).getByRole("button", { name: "Ship order" }));
    expect(await screen.findByText(/Order AL-7K2M9QXD shipped/)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/ship"))?.path).toBe(
      `/api/v1/admin/orders/${paidOrder.id}/ship`,
    );
    expect(sent(calls, "/ship")).toMatchObject({ tracking_number: "RM123456785GB" });
    expect(sent(calls, "/ship")?.idempotency_key).toMatch(/^[A-Za-z0-9-]{36}$/);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("button", { name: "Mark delivered" })).toBeInTheDocument();
  });

  it("shows the API's refusal of a tracking number on the field", async () => {
    const { user } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(paidOrder, {
        "/api/v1/admin/orders/{order_id}/ship": {
          post: () =>
            refuse(400, "invalid_tracking_number", "That is not a Royal Mail number.", {
              fields: { tracking_number: "That is not a Royal Mail number." },
            }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Ship…" }));
    const field = screen.getByRole("textbox", { name: "Tracking number" });
    await user.type(field, "ABCD1234");
    await user.click(screen.getByRole("button", { name: "Ship order" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/That is not a Royal Mail number\.$/));
  });

  it("refuses a refund of more than can be refunded before sending, and sends pence", async () => {
    const { user, calls } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(shippedOrder, {
        "/api/v1/admin/orders/{order_id}/refunds": { post: () => ({ order: shippedOrder }) },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Refund…" }));
    const dialog = screen.getByRole("dialog", { name: "Refund order AL-7K2M9QXD" });
    await user.click(within(dialog).getByRole("radio", { name: "Part of it" }));
    const amount = within(dialog).getByRole("textbox", { name: "Amount (£)" });
    expect(amount).toHaveAccessibleDescription("Up to £137.35");
    await user.type(amount, "137.36");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(amount).toHaveAccessibleDescription("Up to £137.35 At most £137.35 can be refunded.");
    await user.clear(amount);
    await user.type(amount, "0");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(amount).toHaveAccessibleDescription("Up to £137.35 A refund must be more than £0.00.");
    const oil = within(dialog).getByRole("spinbutton", { name: "Rose Facial Oil (ordered 2)" });
    await user.clear(oil);
    await user.type(oil, "3");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(within(dialog).getByText(/at most what was ordered \(2 of Rose Facial Oil\)/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "12.5");
    await user.clear(oil);
    await user.type(oil, "1");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason (optional)" }), "Broken bottle");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(
      await screen.findByText("Refund of £12.50 pending with the payment provider."),
    ).toBeInTheDocument();
    expect(sent(calls, "/refunds")).toMatchObject({
      amount_minor_units: "1250",
      reason: "Broken bottle",
      restock: [{ product_id: "22222222-2222-4222-8222-222222222222", quantity: 1 }],
    });
    expect(sent(calls, "/refunds")?.idempotency_key).toHaveLength(36);
  });

  it("refunds everything refundable by default", async () => {
    const { user, calls } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(paidOrder, {
        "/api/v1/admin/orders/{order_id}/refunds": { post: () => ({ order: paidOrder }) },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Refund…" }));
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await waitFor(() =>
      expect(sent(calls, "/refunds")).toMatchObject({
        amount_minor_units: "15735",
        restock: [],
      }),
    );
  });

  it("asks before cancelling, saying what goes back and what is refunded", async () => {
    const { user, calls } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(paidOrder, {
        "/api/v1/admin/orders/{order_id}/cancel": {
          post: () => ({ order: { ...paidOrder, status: "ORDER_STATUS_CANCELLED", allowed_actions: [] } }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Cancel order…" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel order AL-7K2M9QXD?" });
    expect(dialog).toHaveTextContent("Its stock goes back at once.");
    expect(dialog).toHaveTextContent("£157.35 is refunded to the customer");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel order…" }));
    const again = screen.getByRole("dialog", { name: "Cancel order AL-7K2M9QXD?" });
    await user.click(within(again).getByRole("button", { name: "Cancel order" }));
    expect(
      await screen.findByText(/Order AL-7K2M9QXD cancelled; refund of £157.35 pending/),
    ).toBeInTheDocument();
    expect(sent(calls, "/cancel")?.idempotency_key).toHaveLength(36);
  });

  it("makes a fresh idempotency key for each opening of a dialog", async () => {
    const { user, calls } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(paidOrder, {
        "/api/v1/admin/orders/{order_id}/process": {
          post: () => refuse(500, "internal", "Try again later."),
        },
      }),
    });
    for (let i = 0; i < 2; i++) {
      await user.click(await screen.findByRole("button", { name: "Mark processing" }));
      const dialog = screen.getByRole("dialog", { name: "Mark order AL-7K2M9QXD as processing?" });
      await user.click(within(dialog).getByRole("button", { name: "Mark processing" }));
      await within(dialog).findByText("Try again later.");
      await user.click(within(dialog).getByRole("button", { name: "Mark processing" }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/process"))).toHaveLength(2 * i + 2));
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    }
    const keys = calls
      .filter((c) => c.path.endsWith("/process"))
      .map((c) => (c.body as Record<string, unknown>).idempotency_key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[0]).not.toBe(keys[2]);
  });

  it("shows a refused move's message and changes nothing", async () => {
    const { user } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(paidOrder, {
        "/api/v1/admin/orders/{order_id}/process": {
          post: () =>
            refuse(412, "invalid_transition", "an order that is shipped cannot be moved to processing", {
              metadata: { from: "ORDER_STATUS_SHIPPED", action: "ORDER_ACTION_PROCESS" },
            }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Mark processing" }));
    const dialog = screen.getByRole("dialog", { name: "Mark order AL-7K2M9QXD as processing?" });
    await user.click(within(dialog).getByRole("button", { name: "Mark processing" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("This order has moved on: reload");
    expect(alert).toHaveTextContent("an order that is shipped cannot be moved to processing");
    expect(screen.getByRole("heading", { name: "Order AL-7K2M9QXD" }).parentElement).toHaveTextContent(
      "Paid",
    );
    await user.click(within(dialog).getByRole("button", { name: "Reload the order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says what the API said when a refund exceeds what is left", async () => {
    const { user } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail(paidOrder, {
        "/api/v1/admin/orders/{order_id}/refunds": {
          post: () =>
            refuse(412, "refund_exceeds_refundable", "£100.00 can be refunded at most", {
              metadata: { refundable_minor_units: "10000" },
            }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Refund…" }));
    await user.click(screen.getByRole("button", { name: "Refund" }));
    const alert = await within(screen.getByRole("dialog")).findByRole("alert");
    expect(alert).toHaveTextContent("At most £100.00 can be refunded now");
  });

  it("says when the order cannot be found", async () => {
    renderRoutes(appRoutes, {
      url: orderUrl,
      api: {
        "/api/v1/admin/orders/{order_id}": { get: () => refuse(404, "not_found", "No such order.") },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("No such order.");
  });
});

describe("a refund with nothing left to refund", () => {
  it("is refused before sending", async () => {
    const { user, calls } = renderRoutes(appRoutes, {
      url: orderUrl,
      api: detail({ ...shippedOrder, refundable: { currency_code: "GBP", minor_units: "0" } }),
    });
    await user.click(await screen.findByRole("button", { name: "Refund…" }));
    await user.click(screen.getByRole("button", { name: "Refund" }));
    expect(within(screen.getByRole("dialog")).getByRole("alert")).toHaveTextContent(
      "Nothing is left to refund",
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});

describe("between list and order", () => {
  it("returns to the list as it was left", async () => {
    const { user, router } = renderRoutes(appRoutes, {
      url: "/orders?status=paid&page=2",
      api: detail(paidOrder),
    });
    await user.click(await screen.findByRole("link", { name: "AL-7K2M9QXD" }));
    await user.click(await screen.findByRole("link", { name: "All orders" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(router.state.location.search).toBe("?status=paid&page=2");
  });
});
