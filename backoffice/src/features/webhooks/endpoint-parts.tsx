import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/lib/format";
import { type Endpoint, eventTypes } from "./api";

/** EventTypeList lists an endpoint's event types (all of them said in words, to keep it short). */
export function EventTypeList({ types = [] }: { types?: string[] | undefined }) {
  if (types.length === eventTypes.length) return <span>All events</span>;
  return (
    <ul className="webhooks__types">
      {types.map((t) => (
        <li key={t}>
          <code>{t}</code>
        </li>
      ))}
    </ul>
  );
}

/** EndpointStatus says whether an endpoint is enabled; if not, since when and why. */
export function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  if (endpoint.enabled) {
    const streak = endpoint.failure_streak ?? 0;
    return (
      <>
        <StatusBadge tone="good">Enabled</StatusBadge>
        {streak > 0 ? (
          <span className="webhooks__why">
            {streak === 1 ? "Last delivery failed" : `Last ${streak} deliveries failed`}; disabled at 5 in a
            row
          </span>
        ) : null}
      </>
    );
  }
  const byShop = Boolean(endpoint.disabled_reason);
  return (
    <>
      <StatusBadge tone={byShop ? "bad" : "neutral"}>Disabled</StatusBadge>
      <span className="webhooks__why">
        {byShop ? endpoint.disabled_reason : "By an admin"}
        {endpoint.disabled_at ? (
          <>
            {" "}
            <span className="webhooks__when">· {formatDateTime(endpoint.disabled_at)}</span>
          </>
        ) : null}
      </span>
    </>
  );
}
