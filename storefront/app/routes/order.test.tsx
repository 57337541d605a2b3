import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { apiOrder, orderId } from "~/components/checkout/fixtures";
import { OrderStatus } from "~/gen/atelier/store/v1/order_pb";
import { type OrderView, toOrderView } from "~/lib/models/orders";
import type { Api } from "~/lib/server/api.server";
import { loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import OrderRoute, { loader } from "./order";

type GetOrder = Api["orders"]["getOrder"];

async function load(path: string, getOrder: GetOrder, cookie?: string) {
  const args = {
    ...loaderArgs(path, { orders: { getOrder } }, cookie ? { headers: { cookie } } : undefined),
    params: { orderId },
  };
  try {
    return (await loader(args as never)) as unknown as { data: { order: OrderView } };
  } catch (thrown) {
    return thrown;
  }
}

const notFound: GetOrder = async () => {
  throw new ConnectError("order not found", Code.NotFound);
};

describe("order loader", () => {
  it("checks the e-mail link's token, keeps it in the orders cookie and takes it out of the address bar", async () => {
    const getOrder = vi.fn<GetOrder>(async () => ({ order: apiOrder() }) as never);
    const res = (await load(`/orders/${orderId}?token=signed.token-1`, getOrder)) as Response;
    expect(getOrder).toHaveBeenCalledWith({ orderId, accessToken: "signed.token-1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/orders/${orderId}`);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Set-Cookie")).toMatch(/^atelier_orders=.+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("keeps nothing for a token the API does not accept: the 404 page", async () => {
    const res = await load(`/orders/${orderId}?token=forged`, notFound);
    expect(res).toMatchObject({ init: { status: 404 } });
    expect(await load(`/orders/${orderId}?token=${encodeURIComponent("bad;token")}`, vi.fn())).toMatchObject({
      init: { status: 404 },
    });
  });

  it("opens the order with the token this browser keeps, or the session", async () => {
    const getOrder = vi.fn<GetOrder>(async () => ({ order: apiOrder() }) as never);
    const cookie = `atelier_orders=${encodeURIComponent(JSON.stringify([[orderId, "kept.token"]]))}`;
    const res = (await load(`/orders/${orderId}`, getOrder, cookie)) as { data: { order: OrderView } };
    expect(getOrder).toHaveBeenCalledWith({ orderId, accessToken: "kept.token" });
    expect(res.data.order.number).toBe("AL-7K3F9Q2M");
    await load(`/orders/${orderId}`, getOrder);
    expect(getOrder).toHaveBeenLastCalledWith({ orderId, accessToken: "" });
  });

  it("is the 404 page for anyone else", async () => {
    expect(await load(`/orders/${orderId}`, notFound)).toMatchObject({ init: { status: 404 } });
  });
});

function renderOrderOnce(order: OrderView, signedIn = true) {
  const Stub = createRoutesStub([
    { path: "/orders/:orderId", Component: OrderRoute as never, loader: () => ({ order, signedIn }) },
  ]);
  return render(<Stub initialEntries={[`/orders/${orderId}`]} />);
}

function renderOrder(order: OrderView, signedIn = true) {
  renderOrderOnce(order, signedIn);
}

describe("order page", () => {
  it("shows the number, date, status and its timeline", async () => {
    renderOrder(toOrderView(apiOrder()));
    expect(await screen.findByRole("heading", { level: 1, name: "Order AL-7K3F9Q2M" })).toBeInTheDocument();
    expect(screen.getByText("12 May 2026")).toHaveAttribute("datetime", "2026-05-12T13:05:00.000Z");
    const timeline = screen.getByRole("list", { name: "Order status history" });
    const steps = within(timeline).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual([
      "Awaiting payment12 May 2026 at 14:05",
      "Paid12 May 2026 at 14:06",
    ]);
    expect(steps[1]).toHaveAttribute("aria-current", "step");
    expectLink("Your Orders", "/orders");
  });

  it("lists the products with pictures and links, the delivery with its carrier, signature, addresses and amounts", async () => {
    renderOrder(
      toOrderView(
        apiOrder({
          billingDiffers: true,
          billingAddress: {
            firstName: "Ada",
            lastName: "Lovelace",
            addressLine1: "2 Rue de Rivoli",
            city: "Paris",
            postcode: "75001",
            countryCode: "FR",
          },
        }),
      ),
    );
    const items = await screen.findByRole("list", { name: "Items in this order" });
    const lines = within(items).getAllByRole("listitem");
    expect(within(lines[0]!).getByRole("img", { name: "Rose Serum" })).toHaveAttribute(
      "src",
      "http://media.test:8080/media/rose-800.webp",
    );
    expect(within(lines[0]!).getByRole("link", { name: "Rose Serum" })).toHaveAttribute(
      "href",
      "/product/0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
    );
    expect(lines[0]).toHaveTextContent("Quantity 1");
    // A product that no longer exists is named, not linked, and has the placeholder.
    expect(within(lines[1]!).queryByRole("link")).toBeNull();
    expect(
      within(lines[1]!).getByRole("img", { name: "Moss Cleanser: image unavailable" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Royal Mail · 5–7 working days")).toBeInTheDocument();
    expect(screen.getByText("Signature required on delivery")).toBeInTheDocument();
    expect(screen.getByText("1 Bond Street")).toBeInTheDocument();
    expect(screen.getByText("2 Rue de Rivoli")).toBeInTheDocument();
    expect(screen.getByText("France")).toBeInTheDocument();
    expect(screen.getByText("Subtotal (2 items)").nextElementSibling).toHaveTextContent("£34.00");
    expect(screen.getByText("Delivery (Standard)").nextElementSibling).toHaveTextContent("£17.35");
    expect(screen.getByText("VAT included").nextElementSibling).toHaveTextContent("£8.56");
    expect(screen.getByText("Total").nextElementSibling).toHaveTextContent("£51.35");
  });

  it("says billing is the shipping address when it is, and no signature when none was asked", async () => {
    renderOrder(toOrderView(apiOrder({ requiresSignature: false, status: OrderStatus.SHIPPED })), false);
    expect(await screen.findByText("Same as shipping address")).toBeInTheDocument();
    expect(screen.getByText(/No signature required/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Your Orders" })).toBeNull();
  });

  it("shows a shipped order's carrier, tracking number and a link to the carrier's tracking page", async () => {
    const trackingUrl = "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB";
    renderOrder(
      toOrderView(
        apiOrder({
          status: OrderStatus.SHIPPED,
          shipment: { carrier: "Royal Mail", trackingNumber: "RM123456785GB", trackingUrl },
        }),
      ),
    );
    const delivery = await screen.findByRole("region", { name: "Delivery" });
    expect(within(delivery).getByRole("heading", { level: 3, name: "Your parcel" })).toBeInTheDocument();
    expect(within(delivery).getByText("Carrier").nextElementSibling).toHaveTextContent("Royal Mail");
    expect(within(delivery).getByText("Tracking number").nextElementSibling).toHaveTextContent(
      "RM123456785GB",
    );
    const link = within(delivery).getByRole("link", { name: "Track your parcel on the Royal Mail website" });
    expect(link).toHaveAttribute("href", trackingUrl);
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("gives only the number when the shop has no tracking page for the carrier (or an unsafe one)", async () => {
    for (const trackingUrl of ["", "javascript:alert(1)", "http://tracking.example/RM1"]) {
      const { unmount } = renderOrderOnce(
        toOrderView(
          apiOrder({
            status: OrderStatus.SHIPPED,
            shipment: { carrier: "", trackingNumber: "PARCEL-42", trackingUrl },
          }),
        ),
      );
      const delivery = await screen.findByRole("region", { name: "Delivery" });
      expect(within(delivery).getByText("Tracking number").nextElementSibling).toHaveTextContent("PARCEL-42");
      // A shipment without a carrier of its own names the delivery option's.
      expect(within(delivery).getByText("Carrier").nextElementSibling).toHaveTextContent("Royal Mail");
      expect(within(delivery).queryByRole("link", { name: /Track your parcel/ })).toBeNull();
      unmount();
    }
  });

  it("shows no parcel before the order ships", async () => {
    renderOrder(toOrderView(apiOrder({ status: OrderStatus.PROCESSING })));
    const delivery = await screen.findByRole("region", { name: "Delivery" });
    expect(within(delivery).queryByRole("heading", { name: "Your parcel" })).toBeNull();
    expect(within(delivery).queryByText("Tracking number")).toBeNull();
    expect(screen.queryByRole("link", { name: /Track your parcel/ })).toBeNull();
  });
});
