import { longDate } from "~/lib/models/dates";

/** "Last updated: 12 May 2025", machine-readable through <time>. */
export function LastUpdated({ iso }: { iso: string }) {
  return (
    <p className="last-updated">
      Last updated: <time dateTime={iso}>{longDate(iso)}</time>
    </p>
  );
}
