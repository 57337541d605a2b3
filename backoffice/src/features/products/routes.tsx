import type { RouteObject } from "react-router";

const screens = () => import("./screens");

/** The products section's screens, under the signed-in layout; their code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "products", lazy: async () => ({ Component: (await screens()).ProductListScreen }) },
  { path: "products/new", lazy: async () => ({ Component: (await screens()).ProductNewScreen }) },
  { path: "products/:productId", lazy: async () => ({ Component: (await screens()).ProductEditScreen }) },
  {
    path: "products/:productId/history",
    lazy: async () => ({ Component: (await screens()).ProductHistoryScreen }),
  },
];
