// Rendering a screen for a test: the real providers and router (in memory), a typed fake API.
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { Providers } from "~/app/providers";
import { LoadingState } from "~/components/ui/states";
import { newQueryClient } from "~/lib/query-client";
import { type FakeRoutes, fakeApi } from "./fake-api";

/** An admin as GET /auth/me answers for them, for tests that start signed in. */
export const testAdmin = {
  id: "0b6a3f4e-6d2b-4a39-9d4e-3f1c2b7a5e10",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@atelier.test",
  role: "ROLE_ADMIN" as const,
};

/**
 * renderRoutes renders routes at a URL with a fake API answering `api` (GET /auth/me answers
 * the test admin unless given). It returns Testing Library's queries, a userEvent and the calls
 * the API received.
 */
export function renderRoutes(routes: RouteObject[], options: { url?: string; api?: FakeRoutes } = {}) {
  const { client, calls } = fakeApi({
    "/api/v1/auth/me": { get: () => ({ user: testAdmin }) },
    ...options.api,
  });
  // Sections load lazily: as in the app, "Loading..." shows while a section's code arrives.
  const root: RouteObject = {
    element: <Outlet />,
    hydrateFallbackElement: <LoadingState label="Loading..." />,
    children: routes,
  };
  const router = createMemoryRouter([root], { initialEntries: [options.url ?? "/"] });
  const user = userEvent.setup();
  const result = render(
    <Providers api={client} queryClient={newQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, calls, router };
}
