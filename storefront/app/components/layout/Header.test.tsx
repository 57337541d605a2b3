import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Header } from "./Header";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderHeader(cartCount = 0) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <>
          <Header categories={["Maison Lumière", "Verdant & Co"]} cartCount={cartCount} />
          <p>outside</p>
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("Header", () => {
  it("links to both brand collections from the Shop menu", async () => {
    renderHeader();
    await userEvent.click(screen.getByRole("button", { name: /shop/i }));
    expect(screen.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/shop");
    expect(screen.getByRole("link", { name: "Maison Lumière Collection" })).toHaveAttribute("href", "/shop?category=Maison+Lumi%C3%A8re");
    expect(screen.getByRole("link", { name: "Verdant & Co Collection" })).toHaveAttribute("href", "/shop?category=Verdant+%26+Co");
  });

  it("shows the cart quantity in the cart link's name", () => {
    renderHeader(3);
    expect(screen.getByRole("link", { name: "Cart 3 items" })).toHaveAttribute("href", "/cart");
  });

  it("searches the shop with the trimmed text and clears the box", async () => {
    renderHeader();
    const box = screen.getByRole("searchbox", { name: "Search products" });
    await userEvent.type(box, "  rose serum  {Enter}");
    expect(screen.getByTestId("where")).toHaveTextContent("/shop?search=rose+serum");
    expect(box).toHaveValue("");
  });

  it("does nothing for an empty or blank search", async () => {
    renderHeader();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search products" }), "   {Enter}");
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/$/);
  });

  it("opens the menu, locks scrolling, and closes on Escape", async () => {
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Close menu");
    expect(document.documentElement.style.overflow).toBe("hidden");
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("closes the menu on a click outside the header", async () => {
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByText("outside"));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
