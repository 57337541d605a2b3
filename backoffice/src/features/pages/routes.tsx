import type { RouteObject } from "react-router";

/** The pages section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [];
