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

/**
 * How a session ended: "expired" (a 401 while working: sign-in brings the admin back to the same
 * view) or "signed-out" (on purpose: the next admin to sign in on this browser starts afresh).
 */
const endedKey = ["session-ended"] as const;

/** endSession forgets the signed-in user and everything read under their session. */
export function endSession(client: QueryClient, how: "expired" | "signed-out" = "expired"): void {
  client.removeQueries({
    predicate: (q) => q.queryKey[0] !== sessionKey[0] && q.queryKey[0] !== endedKey[0],
  });
  client.setQueryData(endedKey, how);
  client.setQueryData(sessionKey, null);
}

/** startSession keeps the user who has just signed in; how the last session ended no longer matters. */
export function startSession(client: QueryClient, user: SessionUser | null): void {
  client.removeQueries({ queryKey: endedKey });
  client.setQueryData(sessionKey, user);
}

/** signedOutOnPurpose reports whether the last session ended by signing out (see endSession). */
export function signedOutOnPurpose(client: QueryClient): boolean {
  return client.getQueryData(endedKey) === "signed-out";
}
