import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ActionFunctionArgs, createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stockText } from "~/components/ui/quick-view-dialog";
import type { CartActionResult } from "~/lib/models/cart";
import { aProduct, installDialogPolyfill } from "~/lib/testing/catalog";
import { expectLink } from "~/lib/testing/links";
import { FeaturedProducts } from "./featured-products";

const products = [
  aProduct(1),
  aProduct(2, { stockLevel: "low_stock" }),
  aProduct(3, { stockLevel: "out_of_stock" }),
];

function renderFeatured(
  cartAction = vi.fn(
    async (_args: ActionFunctionArgs): Promise<CartActionResult> => ({
      ok: true,
      intent: "add",
      productName: "Product 1",
    }),
  ),
) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <FeaturedProducts products={products} /> },
    { path: "/cart", action: cartAction },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return cartAction;
}

describe("Quick View", () => {
  beforeAll(installDialogPolyfill);

  it("opens a modal with the product's picture, price, stock and Add to Cart", async () => {
    renderFeatured();
    await userEvent.click(screen.getByRole("button", { name: "Quick view of Product 2" }));
    const dialog = screen.getByRole("dialog", { name: "Product 2" });
    expect(dialog).toHaveAttribute("open");
    expect(within(dialog).getByRole("img", { name: "Product 2, front view" })).toBeInTheDocument();
    expect(within(dialog).getByText("£25.00")).toBeInTheDocument();
    expect(within(dialog).getByText("Low Stock")).toBeInTheDocument();
    expect(within(dialog).getByText("Only 4 left")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    expectLink("View full details", `/product/${products[1]!.id}`, dialog);
  });

  it("locks page scroll while open, closes with its close button and gives focus back to the Quick View button", async () => {
    renderFeatured();
    const opener = screen.getByRole("button", { name: "Quick view of Product 1" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Product 1" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.documentElement.style.overflow).toBe("hidden");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close quick view" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("closes on Escape", async () => {
    renderFeatured();
    const opener = screen.getByRole("button", { name: "Quick view of Product 1" });
    await userEvent.click(opener);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("cannot add an out-of-stock product", async () => {
    renderFeatured();
    await userEvent.click(screen.getByRole("button", { name: "Quick view of Product 3" }));
    const dialog = screen.getByRole("dialog", { name: "Product 3" });
    expect(within(dialog).getByText("Currently unavailable")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Product 3 is out of stock" })).toBeDisabled();
  });

  it("adds the product to the cart and closes", async () => {
    const cartAction = renderFeatured();
    await userEvent.click(screen.getByRole("button", { name: "Quick view of Product 1" }));
    await userEvent.click(
      within(screen.getByRole("dialog", { name: "Product 1" })).getByRole("button", { name: "Add to Cart" }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(cartAction).toHaveBeenCalledOnce();
    const form = await cartAction.mock.calls[0]![0].request.formData();
    expect(Object.fromEntries(form)).toMatchObject({
      intent: "add",
      productId: products[0]!.id,
      quantity: "1",
    });
  });
});

describe("stockText", () => {
  it("words each stock level", () => {
    expect(stockText({ stock: 40, stockLevel: "in_stock" })).toBe("In stock");
    expect(stockText({ stock: 3, stockLevel: "low_stock" })).toBe("Only 3 left");
    expect(stockText({ stock: 0, stockLevel: "out_of_stock" })).toBe("Currently unavailable");
  });
});
