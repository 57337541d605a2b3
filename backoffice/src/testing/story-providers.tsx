// The providers a story renders in (Storybook and the stories test alike): a router in memory,
// the query cache, toasts, and a typed fake API the story may answer (parameters.api).
import type { Decorator } from "@storybook/react-vite";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "~/app/providers";
import { newQueryClient } from "~/lib/query-client";
import { type FakeRoutes, fakeApi } from "./fake-api";
import { testAdmin } from "./render";

export const withProviders: Decorator = (Story, context) => {
  const routes = (context.parameters.api ?? {}) as FakeRoutes;
  const { client } = fakeApi({ "/api/v1/auth/me": { get: () => ({ user: testAdmin }) }, ...routes });
  const router = createMemoryRouter([{ path: "*", element: <Story /> }], {
    initialEntries: [(context.parameters.url as string | undefined) ?? "/"],
  });
  return (
    <Providers api={client} queryClient={newQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  );
};
