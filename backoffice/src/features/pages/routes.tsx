import type { RouteObject } from "react-router";

const screens = () => import("./screens");

/** The pages section's screens, under the signed-in layout; their code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "pages", lazy: async () => ({ Component: (await screens()).PagesList }) },
  { path: "pages/:slug", lazy: async () => ({ Component: (await screens()).EditorScreen }) },
  { path: "pages/:slug/history", lazy: async () => ({ Component: (await screens()).HistoryScreen }) },
];
