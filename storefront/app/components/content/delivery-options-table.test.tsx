import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { carrierMonogram } from "~/components/ui/carrier-mark";
import type { DeliveryOptionView } from "~/lib/models/content";
import { expressDelivery, standardDelivery } from "~/lib/testing/delivery";
import { expectLink } from "~/lib/testing/links";
import { DeliveryOptionsTable } from "./delivery-options-table";

const options = [standardDelivery, expressDelivery];

function renderTable(value: DeliveryOptionView[] | null) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <DeliveryOptionsTable options={value} /> }]);
  render(<Stub />);
}

describe("DeliveryOptionsTable", () => {
  it("lists each option with carrier, estimate and price", async () => {
    renderTable(options);
    const table = await screen.findByRole("table", { name: "Delivery options, prices including VAT" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Service", "Carrier", "Estimated delivery", "Price"]);

    const standard = within(table).getByRole("row", { name: /Standard/ });
    expect(within(standard).getByRole("rowheader")).toHaveTextContent("Standard");
    expect(within(standard).getByText("Royal Mail")).toBeInTheDocument();
    expect(within(standard).getByText("5–7 working days")).toBeInTheDocument();
    expect(within(standard).getByText("£17.35")).toBeInTheDocument();
    expect(within(standard).getByText("Free on orders over £50")).toBeInTheDocument();
  });

  it("writes the free-over rule only for options that have one", async () => {
    renderTable(options);
    const express = await screen.findByRole("row", { name: /Express/ });
    expect(within(express).getByText("£24.99")).toBeInTheDocument();
    expect(within(express).queryByText(/Free on orders over/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/Free on orders over/)).toHaveLength(1);
  });

  it("explains calmly when the options could not be loaded", async () => {
    renderTable(null);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Our delivery options cannot be shown just now.",
    );
    expectLink("contact us", "/contact");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("carrierMonogram", () => {
  it.each([
    ["Royal Mail", "RM"],
    ["DPD", "DPD"],
    ["DHL", "DHL"],
    ["FedEx", "FE"],
    ["Hermes", "H"],
    ["parcelforce", "P"],
    ["", ""],
  ])("%s → %s", (carrier, letters) => {
    expect(carrierMonogram(carrier)).toBe(letters);
  });
});
