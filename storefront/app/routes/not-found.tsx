import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

// Unknown URLs render the 404 page inside the shop's layout with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
