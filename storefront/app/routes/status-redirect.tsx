import { redirect } from "react-router";

// /test, /diag, /diagnostic and /api-test were the original shop's names for the status page.
export function loader() {
  return redirect("/status", 301);
}
