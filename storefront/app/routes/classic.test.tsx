import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { wideViewportQuery } from "~/components/classic/carousel";
import { ListFeaturedProductsResponseSchema } from "~/gen/atelier/store/v1/catalog_service_pb";
import type { Api } from "~/lib/server/api.server";
import { loaderArgs } from "~/lib/testing/api";
import { aProduct, stubMatchMedia } from "~/lib/testing/catalog";
import { expectLink } from "~/lib/testing/links";
import ClassicRoute, { loader, meta } from "./classic";

type ClassicData = Awaited<ReturnType<typeof import("./classic").loader>>;

function renderClassic(data: ClassicData) {
  const Stub = createRoutesStub([
    { path: "/classic", Component: ClassicRoute, HydrateFallback: () => null, loader: () => data },
  ]);
  render(<Stub initialEntries={["/classic"]} />);
}

describe("Classic home page", () => {
  beforeEach(() => stubMatchMedia(wideViewportQuery));
  afterEach(() => vi.unstubAllGlobals());

  it("has the hero, the three reasons, the featured carousel and three testimonials", async () => {
    renderClassic({ featured: [1, 2, 3, 4, 5].map((n) => aProduct(n)) });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Timeless Luxury Skincare" }),
    ).toBeInTheDocument();
    expectLink("Shop Now", "/shop");
    const why = screen.getByRole("region", { name: "Why Choose Us" });
    expect(
      within(why)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Natural Ingredients", "Cruelty-Free", "Sustainable Packaging"]);
    const carousel = screen.getByRole("region", { name: "Featured Products" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    expect(within(carousel).getAllByRole("article")).toHaveLength(3);
    const testimonials = screen.getByRole("region", { name: "What Our Customers Say" });
    expect(within(testimonials).getAllByRole("figure")).toHaveLength(3);
    expect(within(testimonials).getAllByRole("img", { name: "Rated 5 out of 5" })).toHaveLength(3);
  });

  it("keeps its static sections and explains calmly when the products cannot be loaded", async () => {
    renderClassic({ featured: null });
    expect(await screen.findByText(/Our featured products cannot be shown just now/)).toBeInTheDocument();
    expectLink("browse the shop", "/shop");
    expect(screen.queryByRole("region", { name: "Featured Products" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Why Choose Us" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "What Our Customers Say" })).toBeInTheDocument();
  });
});

describe("classic loader", () => {
  it("asks for the most expensive products", async () => {
    const listFeaturedProducts = vi.fn<Api["catalog"]["listFeaturedProducts"]>(() =>
      Promise.resolve(
        create(ListFeaturedProductsResponseSchema, {
          products: [
            { id: "p1", name: "Most Expensive" },
            { id: "p2", name: "Next" },
          ],
        }),
      ),
    );
    const data = await loader(loaderArgs("/classic", { catalog: { listFeaturedProducts } }));
    expect(listFeaturedProducts).toHaveBeenCalledWith({ mode: "top_price" });
    expect(data.featured?.map((p) => p.name)).toEqual(["Most Expensive", "Next"]);
  });

  it("answers null when the catalogue cannot be reached", async () => {
    const listFeaturedProducts = () => Promise.reject(new ConnectError("down", Code.Unavailable));
    expect(await loader(loaderArgs("/classic", { catalog: { listFeaturedProducts } }))).toEqual({
      featured: null,
    });
  });
});

describe("classic meta", () => {
  it("titles the page and points the canonical URL at /classic", () => {
    const tags = meta({
      loaderData: { featured: [aProduct(1)] },
      matches: [{ id: "root", loaderData: { origin: "https://atelier.test" } }],
    } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Timeless Luxury Skincare | Atelier London" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://atelier.test/classic" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://img.test/1/1200.jpg" });
  });
});
