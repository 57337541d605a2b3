import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectionCards, heroSlides, type Brand } from "~/components/home/homeData";
import type { NewsletterResult } from "~/components/home/newsletter";
import { aProduct, stubMatchMedia } from "~/components/home/testing";
import { type Api, apiContext } from "~/lib/api.server";
import HomeRoute, { action, meta } from "./home";

const brands: Brand[] = [
  { name: "Maison Lumière", productCount: 21, href: "/shop?category=Maison+Lumi%C3%A8re", pictures: [] },
  { name: "Verdant & Co", productCount: 19, href: "/shop?category=Verdant+%26+Co", pictures: [] },
];

type HomeData = Awaited<ReturnType<typeof import("./home").loader>>;

const loaded: HomeData = {
  slides: heroSlides(brands),
  collections: collectionCards(brands),
  featured: [aProduct(1), aProduct(2), aProduct(3)],
};

function renderHome(data: HomeData = loaded, newsletterAction = vi.fn(stubNewsletter)) {
  const Stub = createRoutesStub([
    { path: "/", Component: HomeRoute, HydrateFallback: () => null, loader: () => data, action: newsletterAction },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return newsletterAction;
}

async function stubNewsletter({ request }: { request: Request }): Promise<NewsletterResult> {
  const form = await request.formData();
  const email = String(form.get("email"));
  if (form.get("intent") !== "newsletter") return { ok: false, error: "Unknown action.", email };
  return email.includes("@")
    ? { ok: true, message: `Thank you for subscribing! We'll send our news to ${email}.` }
    : { ok: false, error: "Please enter a valid email address.", email };
}

describe("Home page", () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => vi.unstubAllGlobals());

  it("renders the hero, philosophy, collections and featured products", async () => {
    renderHome();
    expect(await screen.findByRole("heading", { level: 1, name: "Atelier London: Luxury Skincare" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Luxury Beauty" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
    expect(screen.getByRole("link", { name: "Discover Our Story" })).toHaveAttribute("href", "/about");
    expect(screen.getByRole("link", { name: "Shop Maison Lumière" })).toHaveAttribute("href", "/shop?category=Maison+Lumi%C3%A8re");
    expect(screen.getByRole("link", { name: "Shop Verdant & Co" })).toHaveAttribute("href", "/shop?category=Verdant+%26+Co");
    const featured = screen.getByRole("region", { name: "Featured Products" });
    expect(within(featured).getAllByRole("article")).toHaveLength(3);
    expect(within(featured).getByRole("link", { name: "View Product: Product 2" })).toHaveAttribute("href", `/product/${aProduct(2).id}`);
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
    const newsletterAction = renderHome();
    const field = await screen.findByLabelText("Email address");
    await userEvent.type(field, "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("Thank you for subscribing! We'll send our news to ada@example.com.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Thank you for subscribing!");
    expect(field).toHaveValue("");
    expect(newsletterAction).toHaveBeenCalledOnce();
  });

  it("explains an invalid e-mail address next to the field", async () => {
    renderHome();
    const field = await screen.findByLabelText("Email address");
    await userEvent.type(field, "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("Please enter a valid email address.");
    expect(field).toHaveValue("not-an-address");
  });
});

describe("home action", () => {
  function callAction(form: Record<string, string>, subscribe: Api["newsletter"]["subscribe"]) {
    const context = new RouterContextProvider();
    context.set(apiContext, { newsletter: { subscribe } } as unknown as Api);
    const request = new Request("http://shop.test/?index", { method: "POST", body: new URLSearchParams(form) });
    return action({ request, context, params: {}, url: new URL(request.url), pattern: "/" });
  }

  it("subscribes a valid address and thanks the shopper with the stored address", async () => {
    const subscribe = vi.fn(async () => ({ email: "ada@example.com" }) as Awaited<ReturnType<Api["newsletter"]["subscribe"]>>);
    const res = await callAction({ intent: "newsletter", email: "  Ada@Example.com " }, subscribe);
    expect(subscribe).toHaveBeenCalledWith({ email: "Ada@Example.com" });
    expect(res.init?.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: "Thank you for subscribing! We'll send our news to ada@example.com." });
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
    expect(res.data).toEqual({ ok: false, error: "Please enter a valid email address.", email: "ada..l@example.com" });
  });

  it("words the API's InvalidArgument the same way", async () => {
    const subscribe = vi.fn(async () => {
      throw new ConnectError("email: value must be a valid email address", Code.InvalidArgument);
    });
    const res = await callAction({ intent: "newsletter", email: "ada@example.invalid" }, subscribe);
    expect(res.data).toMatchObject({ ok: false, error: "Please enter a valid email address." });
  });

  it("answers calmly when the newsletter service is unavailable", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const subscribe = vi.fn(async () => {
      throw new ConnectError("not implemented", Code.Unimplemented);
    });
    const res = await callAction({ intent: "newsletter", email: "ada@example.com" }, subscribe);
    expect(res.data).toMatchObject({ ok: false, error: "We could not sign you up just now. Please try again in a moment." });
  });

  it("rejects an unknown intent", async () => {
    const res = await callAction({ intent: "something-else" }, vi.fn());
    expect(res.init?.status).toBe(400);
  });
});

describe("home meta", () => {
  it("uses the site title without a suffix, the canonical URL and the hero picture", () => {
    const slides = heroSlides([{ ...brands[0]!, pictures: [{ image: aProduct(1).images[0]!, productName: "Product 1", href: "/product/1" }] }]);
    const tags = meta({
      loaderData: { ...loaded, slides },
      matches: [{ id: "root", loaderData: { origin: "https://atelier.test" } }],
    } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Atelier London — Luxury Skincare" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://atelier.test/" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://img.test/1/1200.jpg" });
  });
});
