import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/models/auth";
import { expectLink } from "~/lib/testing/links";
import { Where } from "~/lib/testing/route";
import { Header } from "./header";

const customer: SessionUser = { id: "u-1", firstName: "Ada", role: "customer" };
const admin: SessionUser = { id: "u-2", firstName: "Grace", role: "admin" };
const backoffice = "https://atelier.test/admin";

function renderHeader(
  cartCount = 0,
  opts: {
    user?: SessionUser | null;
    at?: string;
    backoffice?: string | null;
    freeDelivery?: string | null;
  } = {},
) {
  const user = opts.user ?? null;
  const freeDelivery =
    opts.freeDelivery === undefined ? "Free standard delivery on orders over £50" : opts.freeDelivery;
  const backofficeUrl = opts.backoffice === undefined ? backoffice : opts.backoffice;
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <>
          <Header
            categories={["Maison Lumière", "Verdant & Co"]}
            cartCount={cartCount}
            user={user}
            backofficeUrl={user?.role === "admin" ? backofficeUrl : null}
            freeDelivery={freeDelivery}
          />
          <p>outside</p>
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={[opts.at ?? "/"]} />);
}

/** The phone menu's toggle: a <summary>, which the role queries do not count as a button (browsers
 * and axe do), so it is found by its words. */
function menuToggle(): HTMLElement {
  const toggle = screen.getByText(/^(Open|Close) menu$/).closest("summary");
  if (!toggle) throw new Error("the menu toggle is a <summary>");
  return toggle;
}

describe("Header", () => {
  it("links to both brand collections from the Shop menu", async () => {
    renderHeader();
    await userEvent.click(screen.getByRole("button", { name: /shop/i }));
    expectLink("All Products", "/shop");
    expectLink("Maison Lumière Collection", "/shop?category=Maison+Lumi%C3%A8re");
    expectLink("Verdant & Co Collection", "/shop?category=Verdant+%26+Co");
  });

  it("announces the free-delivery promise it is given, and none when the shop makes no promise", () => {
    renderHeader(0, { freeDelivery: "Free standard delivery on orders over £60" });
    const header = screen.getByRole("banner");
    expect(within(header).getByText("Free standard delivery on orders over £60")).toBeInTheDocument();
    cleanup();
    renderHeader(0, { freeDelivery: null });
    expect(screen.getByRole("banner")).not.toHaveTextContent(/free|£/i);
  });

  it("shows the cart quantity in the cart link's name", () => {
    renderHeader(3);
    expectLink("Cart 3 items", "/cart");
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
    const toggle = menuToggle();
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
    const toggle = menuToggle();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByText("outside"));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("gives focus back to the menu button when Escape closes the menu", async () => {
    renderHeader();
    const toggle = menuToggle();
    await userEvent.click(toggle);
    screen.getByRole("link", { name: "About" }).focus();
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("is a <details> menu, so it opens before JavaScript runs", () => {
    renderHeader();
    const nav = screen.getByRole("navigation", { name: "Main" });
    const details = nav.closest("details");
    expect(details).not.toBeNull();
    expect(details?.querySelector(":scope > summary")).toHaveTextContent("Open menu");
  });

  it("draws the Shop menu's arrow as an icon, not a text glyph", () => {
    renderHeader();
    const shop = screen.getByRole("button", { name: "Shop" });
    expect(shop).toHaveTextContent(/^Shop$/);
    expect(shop.querySelector("svg")).not.toBeNull();
  });
});

describe("Header account links", () => {
  it("offers a guest Login, returning to the page they were on, and Register", () => {
    renderHeader(0, { at: "/shop?category=Verdant+%26+Co" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expectLink("Login", `/login?redirectTo=${encodeURIComponent("/shop?category=Verdant+%26+Co")}`, nav);
    expectLink("Register", "/register", nav);
    expect(within(nav).queryByRole("link", { name: "My Account" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
  });

  it("sends Login from the home page to plain /login", () => {
    renderHeader(0);
    expectLink("Login", "/login");
  });

  it("offers a customer My Account and a Logout button that posts to /logout, but no Admin link", () => {
    renderHeader(0, { user: customer });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expectLink("My Account", "/account", nav);
    const logout = within(nav).getByRole("button", { name: "Logout" });
    expect(logout).toHaveAttribute("type", "submit");
    expect(logout.closest("form")).toHaveAttribute("method", "post");
    expect(logout.closest("form")).toHaveAttribute("action", "/logout");
    expect(within(nav).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
  });

  it("offers an admin the back office", () => {
    renderHeader(0, { user: admin });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expectLink("Admin", `${backoffice}/`, nav);
    expect(within(nav).getByRole("link", { name: "My Account" })).toBeInTheDocument();
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("offers an admin no Admin link when the shop has no back office address (production without BACKOFFICE_URL)", () => {
    renderHeader(0, { user: admin, backoffice: null });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "My Account" })).toBeInTheDocument();
  });

  it("keeps the account links in the phone menu", async () => {
    renderHeader(0, { user: customer });
    await userEvent.click(menuToggle());
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav.closest("details")).toHaveAttribute("open");
    expect(within(nav).getByRole("link", { name: "My Account" })).toBeVisible();
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeVisible();
  });
});
