import type { RouteObject } from "react-router";

const screens = () => import("./screens");

/** The orders section's screens, under the signed-in layout; their code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "orders", lazy: async () => ({ Component: (await screens()).OrdersListScreen }) },
  { path: "orders/:orderId", lazy: async () => ({ Component: (await screens()).OrderDetailScreen }) },
];
