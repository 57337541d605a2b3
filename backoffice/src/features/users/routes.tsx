import type { RouteObject } from "react-router";

/** The users section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [];
