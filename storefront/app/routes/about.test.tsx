import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { expectLink } from "~/lib/testing/links";
import AboutRoute from "./about";

function renderAbout() {
  const Stub = createRoutesStub([{ path: "/about", Component: AboutRoute }]);
  render(<Stub initialEntries={["/about"]} />);
}

describe("About page", () => {
  it("tells the story under one h1, with the sections in order", async () => {
    renderAbout();
    expect(
      await screen.findByRole("heading", { level: 1, name: "About Atelier London" }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Our Story",
      "Our Values",
      "Meet the Team",
      "Discover the Atelier",
    ]);
    expect(screen.getByRole("region", { name: "Our Story" })).toHaveTextContent("Marylebone");
  });

  it("lists the six values, each with its own text", async () => {
    renderAbout();
    const values = await screen.findByRole("region", { name: "Our Values" });
    const items = within(values).getAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Natural Ingredients",
      "Science-Backed Formulas",
      "Cruelty-Free",
      "Sustainability",
      "Social Responsibility",
      "Transparency",
    ]);
    for (const item of items) {
      expect(item.querySelector("p")?.textContent?.length).toBeGreaterThan(40);
    }
  });

  it("introduces a team of three with name, role and bio", async () => {
    renderAbout();
    const team = await screen.findByRole("region", { name: "Meet the Team" });
    const members = within(team).getAllByRole("listitem");
    expect(members).toHaveLength(3);
    const founder = members[0]!;
    expect(within(founder).getByRole("heading", { level: 3, name: "Eleanor Hartley" })).toBeInTheDocument();
    expect(within(founder).getByText("Founder & Director")).toBeInTheDocument();
    expect(
      within(team)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Eleanor Hartley", "Dr Amara Okafor", "Julien Marchand"]);
  });

  it("invites the shopper on to the shop and to contact us", async () => {
    renderAbout();
    const cta = await screen.findByRole("region", { name: "Discover the Atelier" });
    expectLink("Shop the Collection", "/shop", cta);
    expectLink("Contact Us", "/contact", cta);
  });
});
