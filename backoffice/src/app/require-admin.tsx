import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { canUseBackOffice, signedOutOnPurpose, useSession } from "~/lib/session";
import { SignOutButton } from "./sign-out-button";

/**
 * RequireAdmin shows its children to a signed-in admin only. While the session resolves it says
 * "Loading..."; nobody signed in (or a session that has just expired) goes to sign-in, which
 * brings them back here; a signed-in account without an admin's powers is told so.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (session.isPending) return <LoadingState label="Loading..." />;
  if (session.isError) {
    return (
      <ErrorState
        error={session.error}
        onRetry={() => queryClient.invalidateQueries({ queryKey: ["session"] })}
      />
    );
  }
  const user = session.data;
  if (!user) {
    // An expired session comes back to where the admin was; signing out on purpose does not, so
    // the next admin to sign in on this browser starts at the dashboard.
    const here = location.pathname + location.search;
    const to =
      here === "/" || signedOutOnPurpose(queryClient)
        ? "/sign-in"
        : `/sign-in?next=${encodeURIComponent(here)}`;
    return <Navigate to={to} replace />;
  }
  if (!canUseBackOffice(user)) {
    return (
      <main className="refused" id="main">
        <h1>Admins only</h1>
        <Alert tone="error">
          {user.role === "ROLE_ADMIN"
            ? "Set up two-factor authentication for your account in the shop before using the back office."
            : "This account cannot use the back office. Sign in with an admin account."}
        </Alert>
        <SignOutButton />
      </main>
    );
  }
  return children;
}
