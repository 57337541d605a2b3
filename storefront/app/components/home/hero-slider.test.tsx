import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reducedMotionQuery } from "~/lib/hooks/use-media-query";
import { aProduct, stubMatchMedia } from "~/lib/testing/catalog";
import { expectLink } from "~/lib/testing/links";
import { HeroSlider, heroIntervalMs } from "./hero-slider";
import type { HeroSlide } from "./home-data";

const slides: HeroSlide[] = ["Luxury Beauty", "Maison Lumière", "Verdant & Co"].map((title, i) => ({
  id: `s${i}`,
  eyebrow: "Atelier London",
  title,
  text: `About ${title}.`,
  cta: { label: `Explore ${title}`, href: i ? `/shop?category=${encodeURIComponent(title)}` : "/shop" },
  main: null,
  inset: null,
}));

function renderSlider(shown: HeroSlide[] = slides) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <HeroSlider slides={shown} /> }]);
  render(<Stub initialEntries={["/"]} />);
}

/** The slide assistive technology can reach: the others are hidden. */
function currentSlide() {
  const visible = screen.getAllByRole("group", { name: /of 3$/ });
  expect(visible).toHaveLength(1);
  return visible[0]!;
}

function currentTitle() {
  return within(currentSlide()).getByRole("heading", { level: 2 }).textContent;
}

describe("HeroSlider", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubMatchMedia();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the first slide, with its link, and hides the others from assistive technology", () => {
    renderSlider();
    expect(currentSlide()).toHaveAccessibleName("1 of 3");
    expect(currentTitle()).toBe("Luxury Beauty");
    expectLink("Explore Luxury Beauty", "/shop");
    expect(screen.queryByRole("link", { name: "Explore Maison Lumière" })).not.toBeInTheDocument();
  });

  it("changes slide with the dots and marks the current dot", () => {
    renderSlider();
    fireEvent.click(screen.getByRole("button", { name: "Show slide 3: Verdant & Co" }));
    expect(currentTitle()).toBe("Verdant & Co");
    expectLink("Explore Verdant & Co", "/shop?category=Verdant%20%26%20Co");
    expect(screen.getByRole("button", { name: "Show slide 3: Verdant & Co" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    expect(screen.getByRole("button", { name: "Show slide 1: Luxury Beauty" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  it("advances every six seconds and wraps round to the first slide", () => {
    renderSlider();
    act(() => vi.advanceTimersByTime(heroIntervalMs - 1));
    expect(currentTitle()).toBe("Luxury Beauty");
    act(() => vi.advanceTimersByTime(1));
    expect(currentTitle()).toBe("Maison Lumière");
    act(() => vi.advanceTimersByTime(heroIntervalMs));
    expect(currentTitle()).toBe("Verdant & Co");
    act(() => vi.advanceTimersByTime(heroIntervalMs));
    expect(currentTitle()).toBe("Luxury Beauty");
  });

  it("stops advancing when paused and starts again on Play", () => {
    renderSlider();
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    act(() => vi.advanceTimersByTime(heroIntervalMs * 3));
    expect(currentTitle()).toBe("Luxury Beauty");

    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    act(() => vi.advanceTimersByTime(heroIntervalMs));
    expect(currentTitle()).toBe("Maison Lumière");
    expect(screen.getByRole("button", { name: "Pause slideshow" })).toBeInTheDocument();
  });

  it("holds still while the pointer rests on it", () => {
    renderSlider();
    const hero = screen.getByRole("region", { name: "Highlights" });
    fireEvent.mouseEnter(hero);
    act(() => vi.advanceTimersByTime(heroIntervalMs * 2));
    expect(currentTitle()).toBe("Luxury Beauty");
    fireEvent.mouseLeave(hero);
    act(() => vi.advanceTimersByTime(heroIntervalMs));
    expect(currentTitle()).toBe("Maison Lumière");
  });

  it("does not advance on its own when the shopper prefers reduced motion", () => {
    stubMatchMedia(reducedMotionQuery);
    renderSlider();
    act(() => vi.advanceTimersByTime(heroIntervalMs * 3));
    expect(currentTitle()).toBe("Luxury Beauty");
    // The shopper can still choose to play it.
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    act(() => vi.advanceTimersByTime(heroIntervalMs));
    expect(currentTitle()).toBe("Maison Lumière");
  });

  it("loads the hidden slides' pictures only after the page, so the first one paints alone", () => {
    const pictured = slides.map((s, i) => {
      const product = aProduct(i + 1);
      return {
        ...s,
        main: { image: product.images[0]!, productName: product.name, href: `/product/${product.id}` },
      };
    });
    renderSlider(pictured);
    const pictures = () =>
      screen.queryAllByRole("img", { hidden: true }).map((img) => img.getAttribute("alt"));
    expect(pictures()).toEqual(["Product 1, front view"]);
    act(() => vi.advanceTimersByTime(2000));
    expect(pictures()).toEqual(["Product 1, front view", "Product 2, front view", "Product 3, front view"]);
    expect(screen.getByRole("img", { name: "Product 1, front view" })).toHaveAttribute(
      "fetchpriority",
      "high",
    );
  });

  it("renders no live-looking slide controls before JavaScript runs (without it they would be dead)", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <HeroSlider slides={slides} /> }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const controls = doc.querySelector(".hero__controls");
    expect(controls?.querySelector(".rotation-button")).not.toBeNull();
    expect(controls?.getAttribute("class")).toContain("hero__controls--waiting");
    // Hydrated, they are shown and work.
    renderSlider();
    expect(
      screen.getByRole("button", { name: "Pause slideshow" }).closest(".hero__controls"),
    ).not.toHaveClass("hero__controls--waiting");
  });
});
