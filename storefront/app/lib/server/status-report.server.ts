// Runs the status page's checks on the server: the API connection is the StatusService call
// itself succeeding; the rest is what that call reports: for an admin (the session travels with
// the call) each of the API's checks, for everyone else only whether the shop is up.
import { Code, ConnectError } from "@connectrpc/connect";
import { StatusCheckState } from "~/gen/atelier/store/v1/status_service_pb";
import {
  type CheckState,
  type CheckView,
  expectedChecks,
  type StatusReport,
} from "~/lib/models/status-report";
import type { Api } from "~/lib/server/api.server";

const notChecked = "Not checked: the API is unreachable";

const states: Record<StatusCheckState, CheckState> = {
  [StatusCheckState.OK]: "success",
  [StatusCheckState.NOT_CONFIGURED]: "not_configured",
  [StatusCheckState.ERROR]: "error",
  [StatusCheckState.UNSPECIFIED]: "error",
};

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});

/** Never rejects: a failure is itself a result the page shows. */
export async function runStatusChecks(
  api: Pick<Api, "status">,
  now: () => number = performance.now.bind(performance),
): Promise<StatusReport> {
  const started = now();
  const checkedAt = clock.format(new Date());
  try {
    const { checks, state } = await api.status.getStatus({});
    const elapsed = Math.max(1, Math.round(now() - started));
    const apiCheck: CheckView = {
      code: "api",
      name: "API connection",
      state: "success",
      message: `Connected (answered in ${elapsed} ms)`,
    };
    if (checks.length === 0) return { checkedAt, checks: [apiCheck, shopServices(state)] };
    return {
      checkedAt,
      checks: [
        apiCheck,
        ...checks.map((c) => ({
          code: c.code,
          name: c.name || c.code,
          state: states[c.state] ?? "error",
          message: c.message || (c.state === StatusCheckState.UNSPECIFIED ? "No result reported" : ""),
        })),
      ],
    };
  } catch (err) {
    console.error("status page: the status call failed", err);
    const [apiCheck, ...rest] = expectedChecks;
    return {
      checkedAt,
      checks: [
        // biome-ignore lint/style/noNonNullAssertion: expectedChecks is a constant, non-empty list.
        { ...apiCheck!, state: "error", message: connectionProblem(err) },
        ...rest.map((c) => ({ ...c, state: "error" as const, message: notChecked })),
      ],
    };
  }
}

/** The shop's up or down, all a shopper is told of the API's own checks. */
function shopServices(state: StatusCheckState): CheckView {
  const up = state === StatusCheckState.OK;
  return {
    code: "shop",
    name: "Shop services",
    state: up ? "success" : "error",
    message: up ? "Working" : "Some parts of the shop are not working",
  };
}

/** Up/down in plain words; the error's own text may name hosts and stays in the server log. */
function connectionProblem(err: unknown): string {
  if (!(err instanceof ConnectError)) return "The API could not be reached.";
  switch (err.code) {
    case Code.Unavailable:
      return "The API could not be reached.";
    case Code.DeadlineExceeded:
      return "The API did not answer in time.";
    case Code.Unimplemented:
    case Code.NotFound:
      return "The API does not offer status checks.";
    default:
      return `The API answered with an error (${Code[err.code]}).`;
  }
}
