import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QuantityField } from "./quantity-field";

const field = () => screen.getByRole("spinbutton", { name: "Quantity" });
const decrease = () => screen.getByRole("button", { name: "Decrease quantity" });
const increase = () => screen.getByRole("button", { name: "Increase quantity" });

describe("QuantityField", () => {
  it("starts at 1 with decrease disabled, and posts as `quantity`", () => {
    render(<QuantityField stock={5} />);
    expect(field()).toHaveValue(1);
    expect(field()).toHaveAttribute("name", "quantity");
    expect(field()).toHaveAttribute("min", "1");
    expect(field()).toHaveAttribute("max", "5");
    expect(decrease()).toBeDisabled();
    expect(increase()).toBeEnabled();
  });

  it("steps up to the stock and no further, and back down to 1", async () => {
    render(<QuantityField stock={3} />);
    await userEvent.click(increase());
    await userEvent.click(increase());
    expect(field()).toHaveValue(3);
    expect(increase()).toBeDisabled();
    await userEvent.click(decrease());
    expect(field()).toHaveValue(2);
    await userEvent.click(decrease());
    expect(field()).toHaveValue(1);
    expect(decrease()).toBeDisabled();
  });

  it("turns a non-number into 1 when the shopper leaves the field", async () => {
    render(<QuantityField stock={5} />);
    await userEvent.clear(field());
    await userEvent.type(field(), "abc");
    await userEvent.tab();
    expect(field()).toHaveValue(1);
  });

  it("keeps a typed number within 1 and the stock", async () => {
    render(<QuantityField stock={4} />);
    await userEvent.clear(field());
    await userEvent.type(field(), "9");
    await userEvent.tab();
    expect(field()).toHaveValue(4);
    expect(increase()).toBeDisabled();
    await userEvent.clear(field());
    await userEvent.type(field(), "0");
    await userEvent.tab();
    expect(field()).toHaveValue(1);
  });

  it("cannot be increased when only one is left", () => {
    render(<QuantityField stock={1} />);
    expect(increase()).toBeDisabled();
    expect(decrease()).toBeDisabled();
  });
});

describe("QuantityField before JavaScript", () => {
  it("draws no dead step buttons: the number field alone posts the quantity", () => {
    const html = renderToString(<QuantityField stock={5} />);
    expect(html).not.toContain("<button");
    expect(html).toMatch(/<input[^>]*name="quantity"/);
  });
});
