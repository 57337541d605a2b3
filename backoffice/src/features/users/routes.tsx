import type { RouteObject } from "react-router";

/** The users section's screen, under the signed-in layout; its code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "users", lazy: async () => ({ Component: (await import("./screens")).UsersTable }) },
];
