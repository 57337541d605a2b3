import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { apiOrder, orderId } from "~/components/checkout/fixtures";
import { OrderStatus } from "~/gen/atelier/store/v1/order_pb";
import { type OrderSummaryView, toOrderSummaryView } from "~/lib/models/orders";
import type { Api } from "~/lib/server/api.server";
import { customerAccount, loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import OrdersRoute, { loader } from "./orders";

type ListOrders = Api["orders"]["listOrders"];

async function load(
  path: string,
  listOrders: ListOrders,
  session: typeof customerAccount | null = customerAccount,
) {
  try {
    return (await loader(
      loaderArgs(path, { orders: { listOrders } }, undefined, session) as never,
    )) as unknown as {
      data: { orders: OrderSummaryView[]; nextPage: string | null; laterPage: boolean; loadFailed: boolean };
    };
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("orders loader", () => {
  it("sends guests to sign in and back", async () => {
    const listOrders = vi.fn<ListOrders>();
    const res = (await load("/orders", listOrders, null)) as Response;
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Forders");
    expect(listOrders).not.toHaveBeenCalled();
  });

  it("lists the customer's orders a page at a time", async () => {
    const listOrders = vi.fn<ListOrders>(
      async () => ({ orders: [apiOrder()], nextPageToken: "next-1" }) as never,
    );
    const res = (await load("/orders?page=abc", listOrders)) as {
      data: { orders: OrderSummaryView[]; nextPage: string | null; laterPage: boolean };
    };
    expect(listOrders).toHaveBeenCalledWith({ pageSize: 20, pageToken: "abc" });
    expect(res.data.orders[0]).toMatchObject({
      id: orderId,
      number: "AL-7K3F9Q2M",
      status: "paid",
      itemCount: 2,
      placedOn: "12 May 2026",
    });
    expect(res.data.nextPage).toBe("next-1");
    expect(res.data.laterPage).toBe(true);
  });

  it("starts again from the newest when a page token is no longer accepted", async () => {
    const listOrders = vi.fn<ListOrders>(async () => {
      throw new ConnectError("bad token", Code.InvalidArgument);
    });
    expect(((await load("/orders?page=stale", listOrders)) as Response).headers.get("Location")).toBe(
      "/orders",
    );
  });

  it("says so when the orders cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const listOrders = vi.fn<ListOrders>(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    const res = (await load("/orders", listOrders)) as unknown as {
      data: { loadFailed: boolean };
      init: ResponseInit;
    };
    expect(res.data.loadFailed).toBe(true);
    expect(res.init.status).toBe(503);
  });
});

function renderOrders(data: {
  orders: OrderSummaryView[];
  nextPage?: string | null;
  laterPage?: boolean;
  loadFailed?: boolean;
}) {
  const Stub = createRoutesStub([
    {
      path: "/orders",
      Component: OrdersRoute as never,
      loader: () => ({ nextPage: null, laterPage: false, loadFailed: false, ...data }),
    },
  ]);
  render(<Stub initialEntries={["/orders"]} />);
}

describe("orders page", () => {
  it("lists each order's number (a link to it), date, status, items and total", async () => {
    renderOrders({
      orders: [
        toOrderSummaryView(apiOrder()),
        toOrderSummaryView(
          apiOrder({
            id: "9a9e5d2a-1b4f-4a6e-8c7d-9e0f1a2b3c4d",
            number: "AL-2B3C4D5E",
            status: OrderStatus.SHIPPED,
            itemCount: 1,
          }),
        ),
      ],
      nextPage: "next-1",
    });
    const list = await screen.findByRole("list", { name: "Your orders, newest first" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("link", { name: "Order AL-7K3F9Q2M" })).toHaveAttribute(
      "href",
      `/orders/${orderId}`,
    );
    expect(rows[0]).toHaveTextContent("Placed 12 May 2026");
    expect(rows[0]).toHaveTextContent("2 items");
    expect(rows[0]).toHaveTextContent("Paid");
    expect(rows[0]).toHaveTextContent("£51.35");
    expect(rows[1]).toHaveTextContent("Shipped");
    expect(rows[1]).toHaveTextContent("1 item");
    expectLink("Older orders", "/orders?page=next-1");
  });

  it("has an empty state with the way to the shop", async () => {
    renderOrders({ orders: [] });
    expect(
      await screen.findByRole("heading", { name: "You haven't placed any orders yet" }),
    ).toBeInTheDocument();
    expectLink("Start Shopping", "/shop");
  });
});
