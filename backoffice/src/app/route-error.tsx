import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Alert } from "~/components/ui/alert";

/** RouteError is shown when a screen fails while rendering: what happened and a way on. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return (
    <main className="refused" id="main">
      <h1>Something went wrong</h1>
      <Alert tone="error">{message}</Alert>
      <p>
        <Link to="/">Back to the dashboard</Link>
      </p>
    </main>
  );
}
