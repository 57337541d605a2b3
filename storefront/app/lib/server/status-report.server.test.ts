import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { GetStatusResponseSchema, StatusCheckState } from "~/gen/atelier/store/v1/status_service_pb";
import { reportSummary } from "~/lib/models/status-report";
import type { Api } from "~/lib/server/api.server";
import { runStatusChecks } from "./status-report.server";

function statusApi(getStatus: Api["status"]["getStatus"]): Pick<Api, "status"> {
  return { status: { getStatus } };
}

describe("runStatusChecks", () => {
  it("tells a shopper whether the shop is up, without the API's findings", async () => {
    for (const [state, want, message] of [
      [StatusCheckState.OK, "success", "Working"],
      [StatusCheckState.ERROR, "error", "Some parts of the shop are not working"],
    ] as const) {
      const api = statusApi(() => Promise.resolve(create(GetStatusResponseSchema, { state, checks: [] })));
      const report = await runStatusChecks(api, () => 0);
      expect(report.checks).toEqual([
        { code: "api", name: "API connection", state: "success", message: "Connected (answered in 1 ms)" },
        { code: "shop", name: "Shop services", state: want, message },
      ]);
    }
  });

  it("reports the API connection first, then each check the API ran for an admin", async () => {
    const times = [100, 142.4];
    const api = statusApi(() =>
      Promise.resolve(
        create(GetStatusResponseSchema, {
          state: StatusCheckState.ERROR,
          checks: [
            { code: "database", name: "Database", state: StatusCheckState.OK, message: "Connected" },
            { code: "jobs", name: "Job queue", state: StatusCheckState.ERROR, message: "3 jobs failing" },
            {
              code: "payments",
              name: "Payment provider",
              state: StatusCheckState.NOT_CONFIGURED,
              message: "Test mode (no Stripe keys configured)",
            },
            { code: "mail", name: "Mail", state: StatusCheckState.UNSPECIFIED, message: "" },
          ],
        }),
      ),
    );
    const report = await runStatusChecks(api, () => times.shift() ?? 0);
    expect(report.checks).toEqual([
      { code: "api", name: "API connection", state: "success", message: "Connected (answered in 42 ms)" },
      { code: "database", name: "Database", state: "success", message: "Connected" },
      { code: "jobs", name: "Job queue", state: "error", message: "3 jobs failing" },
      {
        code: "payments",
        name: "Payment provider",
        state: "not_configured",
        message: "Test mode (no Stripe keys configured)",
      },
      { code: "mail", name: "Mail", state: "error", message: "No result reported" },
    ]);
    expect(report.checkedAt).toMatch(/^\d\d:\d\d:\d\d (GMT|BST)$/);
    expect(reportSummary(report)).toBe("2 of 5 checks failed.");
  });

  it("marks every other check as not checked when the API cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const api = statusApi(() =>
      Promise.reject(new ConnectError("connect ECONNREFUSED 10.0.0.5:8080", Code.Unavailable)),
    );
    const report = await runStatusChecks(api);
    expect(report.checks.map((c) => [c.name, c.state, c.message])).toEqual([
      ["API connection", "error", "The API could not be reached."],
      ["Shop services", "error", "Not checked: the API is unreachable"],
    ]);
    expect(JSON.stringify(report)).not.toContain("10.0.0.5");
  });

  it("words a slow API and a missing status service plainly", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const slow = await runStatusChecks(
      statusApi(() => Promise.reject(new ConnectError("deadline", Code.DeadlineExceeded))),
    );
    expect(slow.checks[0]?.message).toBe("The API did not answer in time.");
    const missing = await runStatusChecks(
      statusApi(() => Promise.reject(new ConnectError("no such endpoint", Code.Unimplemented))),
    );
    expect(missing.checks[0]?.message).toBe("The API does not offer status checks.");
  });
});

describe("reportSummary", () => {
  it("counts not-configured parts as fine", () => {
    expect(
      reportSummary({
        checkedAt: "",
        checks: [
          { code: "api", name: "API connection", state: "success", message: "" },
          { code: "payments", name: "Payment provider", state: "not_configured", message: "" },
        ],
      }),
    ).toBe("All systems operational.");
  });
});
