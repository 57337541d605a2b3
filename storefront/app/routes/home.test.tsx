import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Brand, collectionCards, heroSlides } from "~/components/home/home-data";
import {
  ListCategoriesResponseSchema,
  ListFeaturedProductsResponseSchema,
} from "~/gen/atelier/store/v1/catalog_service_pb";
import { SubscribeResponseSchema } from "~/gen/atelier/store/v1/newsletter_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError, contextWith, loaderArgs } from "~/lib/testing/api";
import { aProduct, stubMatchMedia } from "~/lib/testing/catalog";
import { expectLink } from "~/lib/testing/links";
import HomeRoute, { action, loader, meta } from "./home";

const brands: Brand[] = [
  { name: "Maison Lumière", productCount: 21, href: "/shop?category=Maison+Lumi%C3%A8re" },
  { name: "Verdant & Co", productCount: 19, href: "/shop?category=Verdant+%26+Co" },
];

type HomeData = Awaited<ReturnType<typeof import("./home").loader>>;

const loaded: HomeData = {
  slides: heroSlides(brands),
  collections: collectionCards(brands),
  featured: [aProduct(1), aProduct(2), aProduct(3)],
};

/** Renders the page with its real action, in front of a stand-in newsletter service. */
function renderHome(data: HomeData = loaded) {
  const subscribe = vi.fn<Api["newsletter"]["subscribe"]>(async ({ email }) =>
    create(SubscribeResponseSchema, { email: email?.toLowerCase() }),
  );
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: HomeRoute,
      HydrateFallback: () => null,
      loader: () => data,
      action: (args) => action({ ...args, context: contextWith({ newsletter: { subscribe } }) }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return subscribe;
}

describe("Home page", () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => vi.unstubAllGlobals());

  it("renders the hero, philosophy, collections and featured products", async () => {
    renderHome();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Atelier London: Luxury Skincare" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Luxury Beauty" })).toBeInTheDocument();
    expectLink("Shop Now", "/shop");
    expectLink("Discover Our Story", "/about");
    expectLink("Shop Maison Lumière", "/shop?category=Maison+Lumi%C3%A8re");
    expectLink("Shop Verdant & Co", "/shop?category=Verdant+%26+Co");
    const featured = screen.getByRole("region", { name: "Featured Products" });
    expect(within(featured).getAllByRole("article")).toHaveLength(3);
    expectLink("Product 2", `/product/${aProduct(2).id}`, featured);
    expect(within(featured).getByRole("button", { name: "Quick view of Product 3" })).toBeInTheDocument();
  });

  it("keeps its static sections and explains calmly when the catalogue is unreachable", async () => {
    renderHome({ slides: heroSlides([]), collections: null, featured: null });
    expect(await screen.findByRole("heading", { level: 2, name: "Luxury Beauty" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Show slide/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Our collections cannot be shown just now/)).toBeInTheDocument();
    expect(screen.getByText(/Our featured products cannot be shown just now/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Discover Our Story" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join" })).toBeInTheDocument();
  });

  it("confirms a newsletter sign-up on screen and clears the field", async () => {
    const subscribe = renderHome();
    const field = await screen.findByLabelText("Email address");
    await userEvent.type(field, "Ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(
      await screen.findByText(
        "Almost there! We've sent a confirmation link to ada@example.com. Please open it to complete your subscription.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Almost there!");
    // The field is cleared by an effect once the answer has rendered.
    await waitFor(() => expect(field).toHaveValue(""));
    expect(subscribe).toHaveBeenCalledOnce();
    expect(subscribe).toHaveBeenCalledWith({ email: "Ada@example.com" });
  });

  it("explains an invalid e-mail address next to the field", async () => {
    const subscribe = renderHome();
    const field = await screen.findByLabelText("Email address");
    await userEvent.type(field, "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("Please enter a valid email address.");
    expect(field).toHaveValue("not-an-address");
    expect(subscribe).not.toHaveBeenCalled();
  });
});

describe("home loader", () => {
  type Catalog = Api["catalog"];
  const categories = () =>
    Promise.resolve(
      create(ListCategoriesResponseSchema, {
        categories: [
          { name: "Maison Lumière", productCount: 21 },
          { name: "Verdant & Co", productCount: 19 },
          { name: "Third House", productCount: 2 },
        ],
      }),
    );
  const featured = () =>
    Promise.resolve(
      create(ListFeaturedProductsResponseSchema, { products: [{ id: "f1", name: "Featured 1" }] }),
    );

  it("builds the slides and collections from the first two brands and their still lifes, and draws the featured ones at random", async () => {
    const listProducts = vi.fn<Catalog["listProducts"]>();
    const listFeaturedProducts = vi.fn<Catalog["listFeaturedProducts"]>(featured);
    const data = await loader(
      loaderArgs("/", { catalog: { listCategories: categories, listProducts, listFeaturedProducts } }),
    );
    // The pictures are the storefront's own editorial files: no product list is asked for them.
    expect(listProducts).not.toHaveBeenCalled();
    expect(listFeaturedProducts).toHaveBeenCalledWith({ mode: "random" });
    expect(data.slides.map((s) => [s.title, s.picture?.src.split("?")[0]])).toEqual([
      ["Luxury Beauty", "/editorial/hero-atelier-2400.webp"],
      ["Maison Lumière", "/editorial/hero-maison-lumiere-2400.webp"],
      ["Verdant & Co", "/editorial/hero-verdant-2400.webp"],
    ]);
    expect(data.collections).toEqual([
      expect.objectContaining({
        name: "Maison Lumière",
        productCount: 21,
        href: "/shop?category=Maison+Lumi%C3%A8re",
        picture: expect.objectContaining({ src: expect.stringContaining("/editorial/card-maison-lumiere") }),
      }),
      expect.objectContaining({
        name: "Verdant & Co",
        productCount: 19,
        href: "/shop?category=Verdant+%26+Co",
        picture: expect.objectContaining({ src: expect.stringContaining("/editorial/card-verdant") }),
      }),
    ]);
    expect(data.featured?.map((p) => p.name)).toEqual(["Featured 1"]);
  });

  it("answers each part that failed with null, keeping the Luxury Beauty slide", async () => {
    const down = () => Promise.reject(new ConnectError("down", Code.Unavailable));
    const data = await loader(
      loaderArgs("/", { catalog: { listCategories: down, listFeaturedProducts: down } }),
    );
    expect(data).toEqual({ slides: heroSlides([]), collections: null, featured: null });
  });
});

describe("home action", () => {
  function callAction(form: Record<string, string>, subscribe: Api["newsletter"]["subscribe"]) {
    return action(actionArgs("/?index", form, { newsletter: { subscribe } }));
  }

  it("subscribes a valid address and thanks the shopper with the stored address", async () => {
    const subscribe = vi.fn(
      async () => ({ email: "ada@example.com" }) as Awaited<ReturnType<Api["newsletter"]["subscribe"]>>,
    );
    const res = await callAction({ intent: "newsletter", email: "  Ada@Example.com " }, subscribe);
    expect(subscribe).toHaveBeenCalledWith({ email: "Ada@Example.com" });
    expect(res.init?.status).toBe(200);
    expect(res.data).toEqual({
      ok: true,
      message:
        "Almost there! We've sent a confirmation link to ada@example.com. Please open it to complete your subscription.",
    });
  });

  it("refuses an invalid address without calling the API", async () => {
    const subscribe = vi.fn();
    const res = await callAction({ intent: "newsletter", email: "ada@" }, subscribe);
    expect(subscribe).not.toHaveBeenCalled();
    expect(res.init?.status).toBe(400);
    expect(res.data).toEqual({ ok: false, error: "Please enter a valid email address.", email: "ada@" });
  });

  it("refuses, in its own words, an address the API's rule refuses", async () => {
    const subscribe = vi.fn();
    const res = await callAction({ intent: "newsletter", email: "ada..l@example.com" }, subscribe);
    expect(subscribe).not.toHaveBeenCalled();
    expect(res.data).toEqual({
      ok: false,
      error: "Please enter a valid email address.",
      email: "ada..l@example.com",
    });
  });

  it("words the API's InvalidArgument the same way", async () => {
    const subscribe = vi.fn(async () => {
      throw new ConnectError("email: value must be a valid email address", Code.InvalidArgument);
    });
    const res = await callAction({ intent: "newsletter", email: "ada@example.invalid" }, subscribe);
    expect(res.data).toMatchObject({ ok: false, error: "Please enter a valid email address." });
  });

  it("asks the shopper to wait when the API throttles sign-ups", async () => {
    const subscribe = vi.fn(async () => {
      throw apiError(Code.ResourceExhausted, "Too many sign-ups.", "too_many_requests", {
        "Retry-After": "45",
      });
    });
    const res = await callAction({ intent: "newsletter", email: "ada@example.com" }, subscribe);
    expect(res.data).toEqual({
      ok: false,
      error: "Too many sign-ups. Please wait 45 seconds and try again.",
      email: "ada@example.com",
    });
  });

  it("answers calmly when the newsletter service is unavailable", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const subscribe = vi.fn(async () => {
      throw new ConnectError("not implemented", Code.Unimplemented);
    });
    const res = await callAction({ intent: "newsletter", email: "ada@example.com" }, subscribe);
    expect(res.data).toMatchObject({
      ok: false,
      error: "We could not sign you up just now. Please try again in a moment.",
    });
  });

  it("rejects an unknown intent", async () => {
    const res = await callAction({ intent: "something-else" }, vi.fn());
    expect(res.init?.status).toBe(400);
  });
});

describe("home meta", () => {
  it("uses the site title without a suffix, the canonical URL and the hero picture", () => {
    const tags = meta({
      loaderData: loaded,
      matches: [{ id: "root", loaderData: { origin: "https://atelier.test" } }],
    } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Atelier London — Luxury Skincare" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://atelier.test/" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: expect.stringMatching(/^https:\/\/atelier\.test\/editorial\/hero-atelier-2400\.webp\?v=\w+$/),
    });
  });
});
