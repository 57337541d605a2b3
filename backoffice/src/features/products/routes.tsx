import type { RouteObject } from "react-router";

/** The products section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [];
