// Rendering a route module in a test: its real loader and action, run against a stand-in API
// (and session), with a page at every other path that says where the shopper was sent.
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { contextWith, type FakeApi, type FakeSession } from "./api";

/** The page at every path a test leaves for: it shows the path and query (test id "where"). */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** What a test takes from a route module: its page and, when it has them, loader and action. */
export type RouteUnderTest = {
  Component: unknown;
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

/**
 * Renders `route` mounted at `path` and opened at `at` (else `path`), its loader and action
 * reading `api` and `session` from the router context as the middleware would have left them.
 */
export function renderRoute(
  path: string,
  route: RouteUnderTest,
  api: FakeApi,
  opts: { session?: FakeSession; at?: string } = {},
) {
  const withContext =
    (run: ((args: never) => unknown) | undefined) =>
    (args: object): unknown =>
      run?.({ ...args, context: contextWith(api, opts.session ?? null) } as never) ?? null;
  const Stub = createRoutesStub([
    {
      path,
      Component: route.Component as ComponentType,
      loader: withContext(route.loader),
      action: withContext(route.action),
    },
    { path: "*", Component: Where },
  ]);
  render(<Stub initialEntries={[opts.at ?? path]} />);
}
