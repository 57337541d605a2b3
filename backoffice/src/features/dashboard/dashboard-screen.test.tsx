import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import { niceCeiling } from "./bar-chart";
import { aDashboard, anEmptyShop } from "./fixtures";
import { routes } from "./routes";

const withDashboard = (answer: (days: number) => ReturnType<typeof aDashboard>) => ({
  "/api/v1/admin/dashboard": {
    get: (req: { query: URLSearchParams }) => answer(Number(req.query.get("period_days") ?? "30")),
  },
});

describe("the dashboard", () => {
  it("welcomes the admin by first name and shows the shop's figures in en-GB", async () => {
    renderRoutes(routes, { api: withDashboard((d) => aDashboard(d)) });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeInTheDocument();
    const totals = await screen.findByRole("region", { name: "Totals" });
    expect(within(totals).getByText("Total products").nextSibling).toHaveTextContent("1,284");
    expect(within(totals).getByText("Total orders").nextSibling).toHaveTextContent("3,517");
    expect(within(totals).getByText("Total revenue").nextSibling).toHaveTextContent("£124,805.05");
    expect(within(totals).getByText("Pending orders").nextSibling).toHaveTextContent("7");
    expect(within(totals).getByText("Incl. £20,800.84 VAT, net of refunds")).toBeInTheDocument();
  });

  it("asks for 30 days by default, and for the period chosen, kept in the URL", async () => {
    const { user, calls, router } = renderRoutes(routes, { api: withDashboard((d) => aDashboard(d)) });
    expect(await screen.findByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.find((c) => c.path === "/api/v1/admin/dashboard")?.query.get("period_days")).toBe("30");

    await user.click(screen.getByRole("button", { name: "7 days" }));
    await waitFor(() =>
      expect(screen.getByRole("img", { name: /^Revenue per day over the last 7 days/ })).toBeInTheDocument(),
    );
    expect(screen.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    expect(
      calls
        .filter((c) => c.path === "/api/v1/admin/dashboard")
        .at(-1)
        ?.query.get("period_days"),
    ).toBe("7");
    expect(router.state.location.search).toBe("?days=7");
  });

  it("opens on the period a shared link names", async () => {
    const { calls } = renderRoutes(routes, { url: "/?days=90", api: withDashboard((d) => aDashboard(d)) });
    expect(await screen.findByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.find((c) => c.path === "/api/v1/admin/dashboard")?.query.get("period_days")).toBe("90");
  });

  it("gives the charts a summary and lists every day's figures in a table", async () => {
    const { user } = renderRoutes(routes, { api: withDashboard((d) => aDashboard(d)) });
    expect(
      await screen.findByRole("img", {
        name: /^Orders per day over the last 30 days: \d+ in total; the highest day/,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByText("Show the figures as a table"));
    const table = screen.getByRole("table", { name: "Revenue and orders per day, the last 30 days" });
    const rows = within(table).getAllByRole("row");
    // A header row, one row a day, and the total.
    expect(rows).toHaveLength(1 + 30 + 1);
    expect(rows[1]).toHaveTextContent("29 Oct");
    expect(rows[30]).toHaveTextContent("27 Nov");
    // The second day of the fixture: 2 orders, £87.50.
    expect(rows[2]).toHaveTextContent("30 Oct");
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "£87.50"]);
  });

  it("links each recent order to the order and each low-stock product to the product", async () => {
    renderRoutes(routes, { api: withDashboard((d) => aDashboard(d)) });
    const recent = await screen.findByRole("region", { name: "Recent orders" });
    expect(within(recent).getByRole("link", { name: "AL-7K2M9QXD" })).toHaveAttribute(
      "href",
      "/orders/5f0c1d2e-0000-4000-8000-000000000001",
    );
    expect(within(recent).getByText("£189.99")).toBeInTheDocument();
    expect(within(recent).getByText("Paid")).toBeInTheDocument();
    const low = screen.getByRole("region", { name: "Low stock" });
    expect(within(low).getByRole("link", { name: "Linen shirt" })).toHaveAttribute(
      "href",
      "/products/9a1b2c3d-0000-4000-8000-000000000001",
    );
    expect(within(low).getByText("Out of stock")).toBeInTheDocument();
    expect(within(low).getByText("4 left")).toBeInTheDocument();
  });

  it("offers the quick links", async () => {
    renderRoutes(routes, { api: withDashboard((d) => aDashboard(d)) });
    const nav = await screen.findByRole("navigation", { name: "Quick links" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/products", "/orders", "/products/new", "/pages", "/settings"]);
  });

  it("says so when a new shop has sold nothing yet", async () => {
    renderRoutes(routes, { api: withDashboard((d) => anEmptyShop(d)) });
    expect(await screen.findByText("No sales in the last 30 days.")).toBeInTheDocument();
    expect(screen.getByText("No sales yet.")).toBeInTheDocument();
    expect(screen.getByText("Every product has 10 or more in stock.")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("says Loading... then shows why the figures could not be read, and tries again", async () => {
    let fail = true;
    const { user } = renderRoutes(routes, {
      api: {
        "/api/v1/admin/dashboard": {
          get: () =>
            fail ? refuse(403, "permission_denied", "Only admins can see the dashboard.") : aDashboard(),
        },
      },
    });
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(await screen.findByRole("alert")).toHaveTextContent("Only admins can see the dashboard.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Totals" })).toBeInTheDocument();
  });
});

describe("the dashboard's period", () => {
  it("falls back to 30 days when the URL names a period the API does not offer", async () => {
    const { calls } = renderRoutes(routes, { url: "/?days=12", api: withDashboard((d) => aDashboard(d)) });
    expect(await screen.findByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.find((c) => c.path === "/api/v1/admin/dashboard")?.query.get("period_days")).toBe("30");
  });
});

describe("niceCeiling", () => {
  it.each([
    [0, 1],
    [7, 10],
    [12, 20],
    [21, 25],
    [40, 50],
    [1250, 2000],
    [100, 100],
  ])("rounds %d up to %d", (max, want) => {
    expect(niceCeiling(max)).toBe(want);
  });
});
