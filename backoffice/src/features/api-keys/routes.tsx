import type { RouteObject } from "react-router";

/** The API keys section's screen, under the signed-in layout; its code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "api-keys", lazy: async () => ({ Component: (await import("./screens")).ApiKeysScreen }) },
];
