import type { RouteObject } from "react-router";
import { UsersTable } from "./users-table";
import "./users.css";

/** The users section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [{ path: "users", element: <UsersTable /> }];
