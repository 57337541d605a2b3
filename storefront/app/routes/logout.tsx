// Sign out: POST only (a form button in the header), so no link or image on another page can sign
// a shopper out. The API revokes the session; this browser forgets it and the account's cart.
import { redirect } from "react-router";
import { api } from "~/lib/server/api.server";
import { endSessionHeaders, readSessionToken, sessionState } from "~/lib/server/session.server";
import type { Route } from "./+types/logout";

/** A GET changes nothing. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (readSessionToken(request) && !sessionState(context).ended) {
    try {
      await api(context).auth.logout({});
    } catch (err) {
      // The cookie goes anyway; a session the API could not revoke now still expires.
      console.error("logout: revoking the session failed", err);
    }
  }
  return redirect("/", { headers: endSessionHeaders(request) });
}
