import type { RouteObject } from "react-router";
import { DashboardScreen } from "./dashboard-screen";

/** The dashboard section's screens, under the signed-in layout: the back office's home. */
export const routes: RouteObject[] = [{ index: true, element: <DashboardScreen /> }];
