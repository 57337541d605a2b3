import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ListDeliveryOptionsResponseSchema } from "~/gen/atelier/store/v1/shipping_service_pb";
import type { DeliveryOptionView } from "~/lib/models/content";
import { loaderArgs } from "~/lib/testing/api";
import { standardDelivery, standardDeliveryOption } from "~/lib/testing/delivery";
import { expectLink } from "~/lib/testing/links";
import ShippingRoute, { loader } from "./shipping";

function renderShipping(deliveryOptions: DeliveryOptionView[] | null) {
  const Stub = createRoutesStub([
    { path: "/shipping", Component: ShippingRoute, loader: () => ({ deliveryOptions }) },
  ]);
  render(<Stub initialEntries={["/shipping"]} />);
}

const sectionTitles = [
  "Order Processing Times",
  "Signing For Your Purchase",
  "Your Delivery Options",
  "Our Delivery Partners",
  "Shipping Restrictions",
  "Returns & Exchanges",
];

describe("Shipping page", () => {
  it("has the six policy sections in order, after the page's one h1 and its date", async () => {
    renderShipping([standardDelivery]);
    expect(await screen.findByRole("heading", { level: 1, name: "Shipping & Returns" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent("Last updated: 12 May 2025");
    const h2s = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(h2s.slice(0, 6)).toEqual(sectionTitles);
  });

  it("links each section from the table of contents", async () => {
    renderShipping([standardDelivery]);
    const contents = await screen.findByRole("navigation", { name: "On this page" });
    const links = within(contents).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(sectionTitles);
    for (const link of links) {
      const id = link.getAttribute("href")!.slice(1);
      expect(document.getElementById(id)).toHaveAccessibleName(link.textContent!);
    }
  });

  it("states the policy facts", async () => {
    renderShipping([standardDelivery]);
    const text = (await screen.findByRole("heading", { level: 1 })).closest(".page")!.textContent!;
    for (const fact of [
      "before 3PM GMT on a weekday are dispatched the same day",
      "processed within 24 hours",
      "delivery is expected in 3–5 working days",
      "two further delivery attempts",
      "reschedule delivery within 5 working days",
      "Fragrance, nail and aerosol items",
      "only be sent by Standard or Premium shipping",
      "PO Box",
      "within 28 days from receipt",
      "within 10 working days",
      "either as store credit or to your original payment method",
      "original shipping cost is not refunded unless the item was faulty",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("shows the delivery options and their carriers", async () => {
    renderShipping([standardDelivery]);
    const row = await screen.findByRole("row", { name: /Standard/ });
    expect(within(row).getByText("Free on orders over £50")).toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Our carriers" })).getByText("Royal Mail"),
    ).toBeInTheDocument();
  });

  it("still renders the whole policy when the options could not be loaded", async () => {
    renderShipping(null);
    expect(await screen.findByText(/Our delivery options cannot be shown just now/)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Returns & Exchanges" })).toBeInTheDocument();
    expectLink("Contact Us", "/contact");
  });
});

describe("Shipping loader", () => {
  it("loads the options from the API", async () => {
    const listDeliveryOptions = vi.fn(async () =>
      create(ListDeliveryOptionsResponseSchema, {
        deliveryOptions: [standardDeliveryOption],
      }),
    );
    const result = await loader(loaderArgs("/shipping", { shipping: { listDeliveryOptions } }));
    expect(result.deliveryOptions).toEqual([standardDelivery]);
  });

  it("gives no options, not an error, when the API fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await loader(
      loaderArgs("/shipping", {
        shipping: { listDeliveryOptions: () => Promise.reject(new ConnectError("down", Code.Unavailable)) },
      }),
    );
    expect(result).toEqual({ deliveryOptions: null });
  });
});
