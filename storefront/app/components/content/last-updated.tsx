import { formatLongDate } from "~/lib/models/content";

/** "Last updated: May 12, 2025", machine-readable through <time>. */
export function LastUpdated({ iso }: { iso: string }) {
  return (
    <p className="last-updated">
      Last updated: <time dateTime={iso}>{formatLongDate(iso)}</time>
    </p>
  );
}
