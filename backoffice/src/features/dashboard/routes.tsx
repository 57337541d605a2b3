import type { RouteObject } from "react-router";

/**
 * The dashboard section's screens, under the signed-in layout: the back office's home. Like every
 * section, its code loads on the first visit (one chunk per section), so signing in stays light.
 */
export const routes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./dashboard-screen")).DashboardScreen }) },
];
