import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/models/auth";
import { expectLink } from "~/lib/testing/links";
import { Footer } from "./footer";

/** The footer on the page at `at`, under a root route that says who is signed in. */
function renderFooter(at: string, user: SessionUser | null = null, freeDelivery: string | null = null) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      loader: () => ({ user, backofficeUrl: null }),
      Component: () => (
        <Footer categories={["Maison Lumière"]} settings={null} freeDelivery={freeDelivery} year={2026} />
      ),
    },
  ]);
  render(<Stub initialEntries={[at]} />);
}

describe("Footer", () => {
  it("signs in from the footer back to the page the shopper is on, as the header does", async () => {
    renderFooter("/shop?category=Maison+Lumi%C3%A8re");
    const account = await screen.findByRole("region", { name: "Account" });
    expectLink("Login", "/login?redirectTo=%2Fshop%3Fcategory%3DMaison%2BLumi%25C3%25A8re", account);
    expectLink("Register", "/register", account);
  });

  it("is plain /login from the home page and the sign-in pages", async () => {
    renderFooter("/login?redirectTo=%2Fcart");
    const account = await screen.findByRole("region", { name: "Account" });
    expectLink("Login", "/login", account);
  });

  it("offers no Login or Register link to a signed-in shopper", async () => {
    renderFooter("/about", { id: "u-1", firstName: "Ada", role: "customer" });
    const account = await screen.findByRole("region", { name: "Account" });
    expectLink("My Account", "/account", account);
    expect(within(account).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
  });

  it("promises free delivery only as the shop's one rule says, and not at all without one", async () => {
    renderFooter("/about", null, "Free standard delivery on orders over £60");
    const trust = await screen.findByRole("list", { name: "Why shop with us" });
    expect(
      within(trust)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Secure payments", "Free standard delivery on orders over £60", "Trusted by 1000+ customers"]);
  });

  it("makes no delivery promise when no option is free", async () => {
    renderFooter("/about");
    const trust = await screen.findByRole("list", { name: "Why shop with us" });
    expect(
      within(trust)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Secure payments", "Trusted by 1000+ customers"]);
    expect(trust).not.toHaveTextContent(/free/i);
  });

  it("keeps the status page out of the shopper's columns, as a small link in the legal line", async () => {
    renderFooter("/about");
    const info = await screen.findByRole("region", { name: "Information" });
    expect(within(info).queryByRole("link", { name: /status/i })).not.toBeInTheDocument();
    const status = screen.getByRole("link", { name: "Site status" });
    expect(status).toHaveAttribute("href", "/status");
    expect(status.closest("p")).toHaveTextContent(/All rights reserved/);
  });
});
