import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CollectionBanner } from "./collection-banner";

describe("CollectionBanner", () => {
  it("sets the house's still life behind the collection's name", () => {
    const { container } = render(<CollectionBanner heading="Verdant & Co Collection" house="Verdant & Co" />);
    expect(screen.getByRole("heading", { level: 1, name: "Verdant & Co Collection" })).toBeInTheDocument();
    const img = screen.getByRole("img", { name: /Verdant & Co's botanical bottles/ });
    expect(img.getAttribute("src")).toMatch(/^\/editorial\/banner-verdant-2400\.webp\?v=\w+$/);
    // Below the fold on phones (where it is hidden), so never fetched eagerly.
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("width", "2400");
    expect(img).toHaveAttribute("height", "400");
    expect(container.querySelector("header")).toHaveClass("shop__header--banner");
  });

  it("is the plain heading for the whole shop, a search, or a house without a still life", () => {
    for (const house of [null, "Third House"]) {
      const { container, unmount } = render(<CollectionBanner heading="All Products" house={house} />);
      expect(screen.getByRole("heading", { level: 1, name: "All Products" })).toBeInTheDocument();
      expect(screen.queryByRole("img")).not.toBeInTheDocument();
      expect(container.querySelector("header")).not.toHaveClass("shop__header--banner");
      unmount();
    }
  });
});
