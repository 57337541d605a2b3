import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { detail } from "~/lib/testing/product";
import { ProductTabs } from "./product-tabs";

function renderTabs(
  product = detail(),
  freeDelivery: string | null = "Free standard delivery on orders over £50",
) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <ProductTabs product={product} freeDelivery={freeDelivery} /> },
  ]);
  render(<Stub />);
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("ProductTabs", () => {
  it("shows the description first", () => {
    renderTabs();
    expect(screen.getByRole("tablist", { name: "Product information" })).toBeInTheDocument();
    expect(tab("Description")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Description" })).toHaveTextContent("A calming rose serum.");
    expect(screen.queryByRole("tabpanel", { name: "Specifications" })).not.toBeInTheDocument();
  });

  it("lists specifications as table rows", async () => {
    renderTabs();
    await userEvent.click(tab("Specifications"));
    const panel = screen.getByRole("tabpanel", { name: "Specifications" });
    expect(within(panel).getByRole("rowheader", { name: "Size" })).toBeInTheDocument();
    expect(within(panel).getByRole("row", { name: "Made in France" })).toBeInTheDocument();
  });

  it("says so when a product has no specifications", async () => {
    renderTabs(detail({ specifications: [] }));
    await userEvent.click(tab("Specifications"));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("No specifications are listed for this product.");
  });

  it("states the shipping and returns terms", async () => {
    renderTabs();
    await userEvent.click(tab("Shipping & Returns"));
    const panel = screen.getByRole("tabpanel", { name: "Shipping & Returns" });
    expect(panel).toHaveTextContent("Free standard delivery on orders over £50.");
    expect(panel).toHaveTextContent("Returns within 28 days of receipt.");
    expect(panel.textContent).not.toMatch(/\b(?!28\b)\d+ days/);
  });

  it("states the rule it is given, and only the returns when there is none", async () => {
    renderTabs(detail(), "Free express delivery on orders over £49.50");
    await userEvent.click(tab("Shipping & Returns"));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Free express delivery on orders over £49.50.");
    cleanup();
    renderTabs(detail(), null);
    await userEvent.click(tab("Shipping & Returns"));
    const panel = screen.getByRole("tabpanel");
    expect(panel).not.toHaveTextContent(/free|£/i);
    expect(panel).toHaveTextContent("Returns within 28 days of receipt.");
  });

  it("moves between tabs with the arrow keys, wrapping around, and jumps with Home and End", () => {
    renderTabs();
    fireEvent.keyDown(tab("Description"), { key: "ArrowRight" });
    expect(tab("Specifications")).toHaveAttribute("aria-selected", "true");
    expect(tab("Specifications")).toHaveFocus();
    fireEvent.keyDown(tab("Specifications"), { key: "ArrowRight" });
    fireEvent.keyDown(tab("Shipping & Returns"), { key: "ArrowRight" });
    expect(tab("Description")).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(tab("Description"), { key: "ArrowLeft" });
    expect(tab("Shipping & Returns")).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(tab("Shipping & Returns"), { key: "Home" });
    expect(tab("Description")).toHaveFocus();
    fireEvent.keyDown(tab("Description"), { key: "End" });
    expect(tab("Shipping & Returns")).toHaveFocus();
    expect(screen.getByRole("tabpanel", { name: "Shipping & Returns" })).toBeVisible();
  });

  it("keeps only the selected tab in the tab order", () => {
    renderTabs();
    expect(tab("Description")).toHaveAttribute("tabindex", "0");
    expect(tab("Specifications")).toHaveAttribute("tabindex", "-1");
  });
});
