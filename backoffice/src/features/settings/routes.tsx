import type { RouteObject } from "react-router";

/** The settings section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [];
