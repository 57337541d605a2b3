import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";

/** NotFound is the screen for a back-office address that does not exist. */
export function NotFound() {
  return (
    <>
      <PageHeader title="Not found" />
      <p>
        There is no such screen in the back office. <Link to="/">Go to the dashboard</Link>.
      </p>
    </>
  );
}
