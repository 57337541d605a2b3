import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { aProduct } from "~/lib/testing/catalog";
import { ProductCard } from "./product-card";
import { ToastProvider } from "./toast";

function renderCard(props: Partial<Parameters<typeof ProductCard>[0]> = {}) {
  const product = props.product ?? aProduct(2);
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ToastProvider>
          <ProductCard {...props} product={product} />
        </ToastProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("article", { name: product.name });
}

describe("ProductCard", () => {
  it("has one quiet action: a single link, the product's name, opens the product", () => {
    const card = renderCard();
    const links = within(card).getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName("Product 2");
    expect(links[0]).toHaveAttribute("href", `/product/${aProduct(2).id}`);
    expect(links[0]).toHaveClass("product-card__link");
    // No second, hidden link around the picture and no "View Details" button.
    expect(card.querySelectorAll("a")).toHaveLength(1);
    expect(within(card).queryByText(/View (Details|Product)/)).not.toBeInTheDocument();
  });

  it("offers Add to Cart as a secondary action, and Quick View where the page provides it", () => {
    const onQuickView = vi.fn();
    const card = renderCard({ onQuickView });
    const actions = card.querySelector(".product-card__actions");
    expect(actions).not.toBeNull();
    expect(within(actions as HTMLElement).getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    within(card).getByRole("button", { name: "Quick view of Product 2" }).click();
    expect(onQuickView).toHaveBeenCalledWith(aProduct(2));
  });

  it("draws Quick View only once JavaScript runs: never a dead button", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <ProductCard product={aProduct(2)} onQuickView={() => {}} /> },
    ]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain("Add to Cart");
    expect(html).not.toContain("Quick View");
  });

  it("never turns its picture into a separate control", () => {
    const card = renderCard();
    expect(
      within(card)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Add to Cart"]);
  });

  it("counts the product's photos from the API, though a list carries only the first", () => {
    const card = renderCard({ product: aProduct(2, { imageCount: 4 }) });
    expect(within(card).getAllByRole("img")).toHaveLength(1);
    expect(within(card).getByText("4 Photos")).toBeInTheDocument();
  });

  it("shows no photo count for a single photo", () => {
    const card = renderCard({ product: aProduct(2, { imageCount: 1 }) });
    expect(within(card).queryByText(/Photos/)).not.toBeInTheDocument();
  });
});
