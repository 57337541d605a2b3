// The status page: whether the storefront reaches the API and whether the shop is up; a signed-in
// admin sees the API's own health checks (database, job queue, payment provider, mail) instead of
// the one "Shop services" row. The checks stream in: the page renders at once with rows pending.
import { type ReactNode, Suspense } from "react";
import { Await, useRevalidator } from "react-router";
import { StatusList } from "~/components/status/status-list";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { pendingChecks, reportSummary, type StatusReport } from "~/lib/models/status-report";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { runStatusChecks } from "~/lib/server/status-report.server";
import "~/styles/pages/status.css";
import type { Route } from "./+types/status";

export function loader({ context }: Route.LoaderArgs) {
  // Not awaited: the report is streamed after the page. Each run gets an id so a fresh run shows
  // its pending rows rather than the previous results.
  return { runId: crypto.randomUUID(), report: runStatusChecks(api(context)) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "System Status",
    description: "Live status of the Atelier London shop: whether the shop and its API are up.",
    origin: originFrom(matches),
    path: "/status",
    noindex: true,
  });
}

export default function StatusRoute({ loaderData }: Route.ComponentProps) {
  const { runId, report } = loaderData;
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const rerunning = revalidator.state !== "idle";

  return (
    <section className="page page--narrow status-page" aria-labelledby="status-heading">
      <p className="eyebrow">Atelier London</p>
      <h1 id="status-heading">System Status</h1>
      <p className="lead">
        Whether the shop can reach its API, and whether the shop's services are working. Signed-in admins also
        see the database, job queue, payment provider and mail one by one.
      </p>

      <p className="status-summary" role="status">
        {rerunning ? (
          "Running checks…"
        ) : (
          <Results key={runId} report={report} pending="Running checks…" render={reportSummary} />
        )}
      </p>

      {rerunning ? (
        <StatusList checks={pendingChecks()} busy />
      ) : (
        <Results
          key={runId}
          report={report}
          pending={<StatusList checks={pendingChecks()} busy />}
          render={(r) => (
            <>
              <StatusList checks={r.checks} />
              <p className="status-page__checked muted">Last checked at {r.checkedAt}</p>
            </>
          )}
        />
      )}

      <form
        method="get"
        action="/status"
        className="status-page__actions"
        onSubmit={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          void revalidator.revalidate();
        }}
      >
        <button type="submit" className="button button--primary" aria-disabled={rerunning || undefined}>
          Run checks again
        </button>
      </form>
    </section>
  );
}

type ResultsProps = {
  report: Promise<StatusReport>;
  pending: ReactNode;
  render: (report: StatusReport) => ReactNode;
};

/** Shows `pending` until the streamed report arrives, then what `render` makes of it. */
function Results({ report, pending, render }: ResultsProps) {
  return (
    <Suspense fallback={pending}>
      <Await
        resolve={report}
        errorElement={
          <span className="status-page__failed">
            The checks could not be completed. Please run them again.
          </span>
        }
      >
        {(r) => render(r)}
      </Await>
    </Suspense>
  );
}
