import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatPence, type Price } from "~/lib/models/money";
import { Totals } from "./totals";

const gbp = (pence: number): Price => ({ pence, currency: "GBP", formatted: formatPence(pence) });

describe("Totals", () => {
  it("lists subtotal, delivery, VAT and total as given", () => {
    const { container } = render(
      <Totals
        className="order-totals"
        itemCount={2}
        subtotal={gbp(6800)}
        deliveryName="Express"
        deliveryText="£4.95"
        vatIncluded={gbp(1216)}
        total={gbp(7295)}
      />,
    );
    const rows = [...container.querySelectorAll("dl > div")].map((row) => row.textContent);
    expect(rows).toEqual([
      "Subtotal (2 items)£68.00",
      "Delivery (Express)£4.95",
      "VAT included£12.16",
      "Total£72.95",
    ]);
    expect(container.querySelector("dl")).toHaveClass("totals", "order-totals");
    expect(screen.getByText("Total").parentElement).toHaveClass("totals__total", "order-totals__total");
  });

  it("names no option before one is chosen, and shows the delivery note", () => {
    const { container } = render(
      <Totals
        className="cart-summary__rows"
        totalClassName="cart-summary__total"
        itemCount={1}
        subtotal={gbp(3400)}
        deliveryName={null}
        deliveryText="Calculated at checkout"
        deliveryNote={<dd>Free delivery on orders over £50</dd>}
        vatIncluded={gbp(567)}
        total={gbp(3400)}
      />,
    );
    const delivery = within(container.querySelectorAll("dl > div")[1] as HTMLElement);
    expect(delivery.getByText("Delivery")).toBeInTheDocument();
    expect(delivery.getByText("Free delivery on orders over £50")).toBeInTheDocument();
    expect(screen.getByText("Subtotal (1 item)")).toBeInTheDocument();
    expect(screen.getByText("Total").parentElement).toHaveClass("cart-summary__total");
  });
});
