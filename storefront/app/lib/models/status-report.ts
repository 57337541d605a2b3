// The status page's view of the health checks.

/** How a check came out; "not_configured" is a part the shop can run without. */
export type CheckState = "pending" | "success" | "error" | "not_configured";

export type CheckView = {
  code: string;
  name: string;
  state: CheckState;
  /** What was found, for people (never internals). */
  message: string;
};

export type StatusReport = {
  checks: CheckView[];
  /** When the checks ran, e.g. "14:03:22 GMT" (London time). */
  checkedAt: string;
};

/**
 * The checks everyone sees, shown as pending while they run: whether the storefront reaches the
 * API, and whether the shop behind it is up. The API tells only admins what each of its checks
 * (database, job queue, payments, mail) found; for them those rows replace "Shop services".
 */
export const expectedChecks: readonly Pick<CheckView, "code" | "name">[] = [
  { code: "api", name: "API connection" },
  { code: "shop", name: "Shop services" },
];

export function pendingChecks(): CheckView[] {
  return expectedChecks.map((c) => ({ ...c, state: "pending", message: "" }));
}

/** One line for the whole report, announced when the results arrive. */
export function reportSummary(report: StatusReport): string {
  const failing = report.checks.filter((c) => c.state === "error").length;
  if (failing === 0) return "All systems operational.";
  return `${failing} of ${report.checks.length} checks failed.`;
}
