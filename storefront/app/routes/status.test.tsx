import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { StatusReport } from "~/lib/models/status-report";
import StatusRoute from "./status";
import { loader as redirectLoader } from "./status-redirect";

/** What an admin sees: every check of the API. */
const healthy: StatusReport = {
  checkedAt: "14:03:22 GMT",
  checks: [
    { code: "api", name: "API connection", state: "success", message: "Connected (answered in 12 ms)" },
    { code: "database", name: "Database", state: "success", message: "Connected" },
    { code: "jobs", name: "Background jobs", state: "error", message: "Not processing jobs" },
    {
      code: "payments",
      name: "Payments",
      state: "not_configured",
      message: "Test mode (no Stripe keys configured)",
    },
    { code: "mail", name: "Mail", state: "success", message: "Sending through SMTP" },
  ],
};

/** What everyone else sees: up or down. */
const shopper: StatusReport = {
  checkedAt: "14:03:22 GMT",
  checks: [
    { code: "api", name: "API connection", state: "success", message: "Connected (answered in 12 ms)" },
    { code: "shop", name: "Shop services", state: "success", message: "Working" },
  ],
};

/** A report the test hands over when it chooses, to see the page before and after. */
function deferred() {
  let resolve: (r: StatusReport) => void = () => {};
  const promise = new Promise<StatusReport>((r) => (resolve = r));
  return { promise, resolve };
}

function renderStatus(reports: Promise<StatusReport>[]) {
  let runs = 0;
  const Stub = createRoutesStub([
    {
      path: "/status",
      Component: StatusRoute,
      loader: () => {
        const report = reports[Math.min(runs, reports.length - 1)]!;
        runs += 1;
        return { runId: `run-${runs}`, report };
      },
    },
  ]);
  render(<Stub initialEntries={["/status"]} />);
  return { runs: () => runs };
}

function row(name: string) {
  const list = screen.getByRole("list", { name: "Checks" });
  const item = within(list)
    .getAllByRole("listitem")
    .find((li) => within(li).queryByText(name, { exact: true }));
  if (!item) throw new Error(`no row for ${name}`);
  return item;
}

describe("status page", () => {
  it("shows a shopper whether the shop is up, and nothing of its parts", async () => {
    renderStatus([Promise.resolve(shopper)]);
    expect(await screen.findByText("Working")).toBeInTheDocument();
    expect(row("Shop services")).toHaveTextContent("OK");
    expect(within(screen.getByRole("list", { name: "Checks" })).getAllByRole("listitem")).toHaveLength(2);
    for (const name of ["Database", "Background jobs", "Payments", "Mail"]) {
      expect(screen.queryByText(name, { exact: true })).not.toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("All systems operational."));
  });

  it("shows the checks as Checking… until the results arrive, then an admin each outcome in words", async () => {
    const report = deferred();
    renderStatus([report.promise]);
    expect(await screen.findByRole("heading", { level: 1, name: "System Status" })).toBeInTheDocument();
    for (const name of ["API connection", "Shop services"]) {
      expect(row(name)).toHaveTextContent("Checking…");
    }
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Running checks…"));

    await act(async () => report.resolve(healthy));

    expect(await screen.findByText("Connected (answered in 12 ms)")).toBeInTheDocument();
    expect(row("API connection")).toHaveTextContent("OK");
    expect(row("Background jobs")).toHaveTextContent("Error");
    expect(row("Background jobs")).toHaveTextContent("Not processing jobs");
    expect(row("Payments")).toHaveTextContent("Not configured");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 of 5 checks failed."));
    expect(screen.getByText("Last checked at 14:03:22 GMT")).toBeInTheDocument();
    expect(screen.queryByText("Checking…")).not.toBeInTheDocument();
  });

  it("shows an unreachable API and the checks it could not run", async () => {
    renderStatus([
      Promise.resolve({
        checkedAt: "14:03:22 GMT",
        checks: [
          { code: "api", name: "API connection", state: "error", message: "The API could not be reached." },
          {
            code: "database",
            name: "Database",
            state: "error",
            message: "Not checked: the API is unreachable",
          },
        ],
      }),
    ]);
    expect(await screen.findByText("The API could not be reached.")).toBeInTheDocument();
    expect(row("API connection")).toHaveTextContent("Error");
    expect(row("Database")).toHaveTextContent("Not checked: the API is unreachable");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("2 of 2 checks failed."));
  });

  it("runs the checks again on request, showing them pending meanwhile", async () => {
    const user = userEvent.setup();
    const second = deferred();
    const { runs } = renderStatus([Promise.resolve(healthy), second.promise]);
    await screen.findByText("Connected (answered in 12 ms)");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 of 5 checks failed."));

    await user.click(screen.getByRole("button", { name: "Run checks again" }));
    expect(await screen.findAllByText("Checking…")).toHaveLength(2);
    expect(runs()).toBe(2);

    await act(async () =>
      second.resolve({
        ...healthy,
        checks: healthy.checks.map((c) => ({ ...c, state: "success" as const })),
      }),
    );
    expect(await screen.findByText("All systems operational.")).toBeInTheDocument();
  });
});

describe("old diagnostic URLs", () => {
  it("redirect permanently to /status", () => {
    const res = redirectLoader();
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/status");
  });
});
