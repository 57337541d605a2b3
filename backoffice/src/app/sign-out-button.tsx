import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { useApi } from "~/lib/api/api-context";
import { endSession } from "~/lib/session";

/** SignOutButton ends the session on the API (which clears the cookie) and returns to sign-in. */
export function SignOutButton() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        // Signed out on the server or not (the session may have expired already), the
        // back office forgets it.
        await api.POST("/api/v1/auth/logout", { body: {} }).catch(() => undefined);
        endSession(queryClient, "signed-out");
        navigate("/sign-in", { replace: true });
      }}
    >
      Sign out
    </Button>
  );
}
