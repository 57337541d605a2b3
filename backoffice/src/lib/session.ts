import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useApi } from "./api/api-context";
import { unwrap } from "./api/client";
import { isUnauthenticated } from "./api/errors";
import type { components } from "./api/schema.gen";

export type SessionUser = components["schemas"]["atelier.store.v1.User"];

/** The query key of the signed-in user; null means nobody is signed in. */
export const sessionKey = ["session"] as const;

/**
 * useSession resolves who is signed in from the session cookie (GET /auth/me through the back
 * office's API door); nobody signed in is null, not an error.
 */
export function useSession() {
  const api = useApi();
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<SessionUser | null> => {
      try {
        const res = await unwrap(api.GET("/api/v1/auth/me"));
        return res.user ?? null;
      } catch (err) {
        if (isUnauthenticated(err)) return null;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** canUseBackOffice reports whether a user has an admin's powers now. */
export function canUseBackOffice(user: SessionUser | null | undefined): boolean {
  return user?.role === "ROLE_ADMIN" && !user.totp_enrolment_required;
}

/** endSession forgets the signed-in user and everything read under their session. */
export function endSession(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
  client.setQueryData(sessionKey, null);
}
