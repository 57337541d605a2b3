import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reducedMotionQuery } from "~/lib/hooks/use-media-query";
import { aProduct, stubMatchMedia } from "~/lib/testing/catalog";
import { expectLink } from "~/lib/testing/links";
import { HeroSlider, heroIntervalMs } from "./hero-slider";
import { type Brand, type HeroSlide, heroSlides } from "./home-data";

const maison: Brand = {
  name: "Maison Lumière",
  productCount: 21,
  href: "/shop?category=Maison+Lumi%C3%A8re",
};
const verdant: Brand = { name: "Verdant & Co", productCount: 19, href: "/shop?category=Verdant+%26+Co" };

const slides: HeroSlide[] = ["Luxury Beauty", "Maison Lumière", "Verdant & Co"].map((title, i) => ({
  id: `s${i}`,
  eyebrow: "Atelier London",
  title,
  text: `About ${title}.`,
  cta: { label: `Explore ${title}`, href: i ? `/shop?category=${encodeURIComponent(title)}` : "/shop" },
  picture: null,
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
    const pictured = slides.map((s, i) => ({
      ...s,
      picture: { ...aProduct(1).images[0]!, alt: `Scene ${i + 1}` },
    }));
    renderSlider(pictured);
    const pictures = () =>
      screen.queryAllByRole("img", { hidden: true }).map((img) => img.getAttribute("alt"));
    expect(pictures()).toEqual(["Scene 1"]);
    act(() => vi.advanceTimersByTime(2000));
    expect(pictures()).toEqual(["Scene 1", "Scene 2", "Scene 3"]);
  });

  it("shows each slide's editorial picture alone, the first as the page's eager, high-priority paint", () => {
    renderSlider(heroSlides([maison, verdant]));
    const first = screen.getByRole("img", { name: /together on a marble slab/ });
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("width", "2400");
    expect(first).toHaveAttribute("height", "1600");
    expect(first.getAttribute("src")).toMatch(/^\/editorial\/hero-atelier-2400\.webp\?v=\w+$/);
    expect(first.getAttribute("sizes")).toBe("(max-width: 899px) 100vw, 58vw");
    const avif = first.closest("picture")?.querySelector('source[type="image/avif"]');
    expect(avif?.getAttribute("srcset")).toMatch(/hero-atelier-640\.avif\?v=\w+ 640w, .* 2400w$/);
    // One picture per slide: no inset laid over it, and no caption naming a single product.
    const slide = currentSlide();
    expect(within(slide).getAllByRole("img")).toHaveLength(1);
    expect(within(slide).queryByText(/Pictured/)).not.toBeInTheDocument();
    expect(slide.querySelector(".hero-media__inset")).toBeNull();
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
