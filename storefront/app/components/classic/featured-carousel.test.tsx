import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reducedMotionQuery } from "~/lib/hooks/use-media-query";
import { aProduct, stubMatchMedia } from "~/lib/testing/catalog";
import { wideViewportQuery } from "./carousel";
import { carouselIntervalMs, FeaturedCarousel } from "./featured-carousel";

const products = [1, 2, 3, 4, 5].map((n) => aProduct(n));

function renderCarousel() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <h2 id="featured-heading">Featured Products</h2>
          <FeaturedCarousel products={products} labelledBy="featured-heading" />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

/** Names of the product cards a screen reader can reach. */
function cardsInView() {
  return screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);
}

describe("FeaturedCarousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows three products at a time on wide screens, with a dot per view", () => {
    stubMatchMedia(wideViewportQuery);
    renderCarousel();
    expect(cardsInView()).toEqual(["Product 1", "Product 2", "Product 3"]);
    expect(
      screen.getAllByRole("button", { name: /^Show products/ }).map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Show products 1 to 3", "Show products 2 to 4", "Show products 3 to 5"]);
  });

  it("shows one product at a time below 768px", () => {
    stubMatchMedia();
    renderCarousel();
    expect(cardsInView()).toEqual(["Product 1"]);
    expect(screen.getAllByRole("button", { name: /^Show product \d$/ })).toHaveLength(5);
  });

  it("moves with the arrows, wrapping at both ends", () => {
    stubMatchMedia(wideViewportQuery);
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Next products" }));
    expect(cardsInView()).toEqual(["Product 2", "Product 3", "Product 4"]);
    fireEvent.click(screen.getByRole("button", { name: "Next products" }));
    fireEvent.click(screen.getByRole("button", { name: "Next products" }));
    expect(cardsInView()).toEqual(["Product 1", "Product 2", "Product 3"]);
    fireEvent.click(screen.getByRole("button", { name: "Previous products" }));
    expect(cardsInView()).toEqual(["Product 3", "Product 4", "Product 5"]);
  });

  it("jumps to a view with its dot", () => {
    stubMatchMedia();
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Show product 4" }));
    expect(cardsInView()).toEqual(["Product 4"]);
    expect(screen.getByRole("button", { name: "Show product 4" })).toHaveAttribute("aria-current", "true");
  });

  it("advances every five seconds, but not while hovered or focused", () => {
    stubMatchMedia(wideViewportQuery);
    renderCarousel();
    act(() => vi.advanceTimersByTime(carouselIntervalMs));
    expect(cardsInView()).toEqual(["Product 2", "Product 3", "Product 4"]);

    const carousel = screen.getByRole("region", { name: "Featured Products" });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(carouselIntervalMs * 2));
    expect(cardsInView()).toEqual(["Product 2", "Product 3", "Product 4"]);
    fireEvent.mouseLeave(carousel);

    fireEvent.focus(screen.getByRole("link", { name: "Product 2" }));
    act(() => vi.advanceTimersByTime(carouselIntervalMs * 2));
    expect(cardsInView()).toEqual(["Product 2", "Product 3", "Product 4"]);
    fireEvent.blur(screen.getByRole("link", { name: "Product 2" }));
    act(() => vi.advanceTimersByTime(carouselIntervalMs));
    expect(cardsInView()).toEqual(["Product 3", "Product 4", "Product 5"]);
  });

  it("stays still under reduced motion", () => {
    stubMatchMedia(wideViewportQuery, reducedMotionQuery);
    renderCarousel();
    act(() => vi.advanceTimersByTime(carouselIntervalMs * 3));
    expect(cardsInView()).toEqual(["Product 1", "Product 2", "Product 3"]);
    expect(screen.getByRole("button", { name: "Play carousel" })).toBeInTheDocument();
  });
});
