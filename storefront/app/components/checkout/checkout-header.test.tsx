import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CheckoutHeader, focusedLayout, isFocusedLayout } from "./checkout-header";

describe("focused checkout layout", () => {
  it("is asked for by the focused handle, and no other handle is taken for it", () => {
    expect(isFocusedLayout(focusedLayout)).toBe(true);
    for (const other of [undefined, null, "focused", {}, { layout: "site" }]) {
      expect(isFocusedLayout(other)).toBe(false);
    }
  });

  it("has the brand and a way back to the cart, and no navigation", () => {
    const Stub = createRoutesStub([{ path: "/checkout", Component: CheckoutHeader }]);
    render(<Stub initialEntries={["/checkout"]} />);
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Back to cart" })).toHaveAttribute("href", "/cart");
    expect(within(banner).getByRole("link", { name: "Atelier London, home" })).toHaveAttribute("href", "/");
    expect(within(banner).getAllByRole("link")).toHaveLength(2);
    expect(within(banner).queryByRole("navigation")).not.toBeInTheDocument();
    expect(within(banner).queryByRole("searchbox")).not.toBeInTheDocument();
  });
});
