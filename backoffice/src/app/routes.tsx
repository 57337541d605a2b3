import type { RouteObject } from "react-router";
import { LoadingState } from "~/components/ui/states";
import { routes as apiKeys } from "~/features/api-keys/routes";
import SignInScreen from "~/features/auth/sign-in-screen";
import { routes as dashboard } from "~/features/dashboard/routes";
import { routes as orders } from "~/features/orders/routes";
import { routes as pages } from "~/features/pages/routes";
import { routes as products } from "~/features/products/routes";
import { routes as settings } from "~/features/settings/routes";
import { routes as users } from "~/features/users/routes";
import { routes as webhooks } from "~/features/webhooks/routes";
import { Layout } from "./layout";
import { NotFound } from "./not-found";
import { RequireAdmin } from "./require-admin";
import { RouteError } from "./route-error";

/** The back office's screens; each feature brings its own, all behind RequireAdmin but sign-in. */
export const appRoutes: RouteObject[] = [
  { path: "/sign-in", element: <SignInScreen /> },
  {
    path: "/",
    element: (
      <RequireAdmin>
        <Layout />
      </RequireAdmin>
    ),
    errorElement: <RouteError />,
    // While a section's code loads on the first visit (routes are lazy), as while the session resolves.
    hydrateFallbackElement: <LoadingState label="Loading..." />,
    children: [
      ...dashboard,
      ...products,
      ...orders,
      ...pages,
      ...settings,
      ...users,
      ...apiKeys,
      ...webhooks,
      { path: "*", element: <NotFound /> },
    ],
  },
];
