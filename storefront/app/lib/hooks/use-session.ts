// The signed-in shopper, for components: what the root loader shares (id, first name and role;
// never the session token), and for admins the back office's address.
import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/lib/models/auth";
import type { loader } from "~/root";

export function useSessionUser(): SessionUser | null {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}

/** The back office's address when the shopper is an admin, else null. */
export function useBackofficeUrl(): string | null {
  return useRouteLoaderData<typeof loader>("root")?.backofficeUrl ?? null;
}
