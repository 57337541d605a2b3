import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { StatusBadge } from "~/components/ui/status-badge";
import { useToast } from "~/components/ui/toast";
import { TokenPagination, tokenTrail } from "~/components/ui/token-pagination";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { formatCount, formatDateTime } from "~/lib/format";
import { useUrlState } from "~/lib/url-state";
import { type Delivery, type Endpoint, statusOf, useDeliveries, webhookKeys } from "./api";
import "./webhooks.css";

// `page` is the trail of page tokens to the page shown (tokenTrail).
const defaults = { page: "" };

function Muted({ children }: { children: string }) {
  return <span className="webhooks__muted">{children}</span>;
}

/**
 * DeliveryLog is an endpoint's delivery log, newest first, a page at a time (the page in the
 * URL): each event sent, where it is, the last attempt's answer, and a Replay that sends the
 * event again as a new delivery.
 */
export function DeliveryLog({ endpoint }: { endpoint: Endpoint }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const endpointId = endpoint.id ?? "";
  const titleId = useId();
  const [view, setView] = useUrlState(defaults);
  const trail = tokenTrail(view.page);
  const token = trail.at(-1) ?? "";
  const deliveries = useDeliveries(endpointId, token);

  const replay = useMutation({
    mutationFn: async (d: Delivery) =>
      unwrap(
        api.POST("/api/v1/admin/webhook-endpoints/{endpoint_id}/events/{event_id}:replay", {
          params: { path: { endpoint_id: endpointId, event_id: d.event_id ?? "" } },
          body: {},
        }),
      ),
    onSuccess: (_res, d) => {
      toast(`Event ${d.event_type} queued to be sent again.`);
      void queryClient.invalidateQueries({ queryKey: ["webhooks", "deliveries", endpointId] });
    },
    onError: (err, d) => {
      if (err instanceof ApiError && err.reason === "webhook_endpoint_disabled") {
        toast(`Not replayed: enable the endpoint first, then replay ${d.event_type}.`, "error");
        void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoint(endpointId) });
        return;
      }
      toast(`Not replayed: ${err.message}`, "error");
    },
  });

  const columns: DataTableColumn<Delivery>[] = [
    {
      id: "event",
      header: "Event",
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <code>{row.original.event_type}</code>
          {row.original.replay ? <span className="webhooks__tag">Replayed</span> : null}
          <br />
          <code className="webhooks__id" title="Event id (webhook-id)">
            {row.original.event_id}
          </code>
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => {
        const s = statusOf(row.original.status);
        return (
          <>
            <StatusBadge tone={s.tone}>{s.label}</StatusBadge>
            {row.original.error ? <span className="webhooks__why">{row.original.error}</span> : null}
          </>
        );
      },
    },
    {
      id: "attempts",
      header: "Attempts",
      enableSorting: false,
      cell: ({ row }) => formatCount(row.original.attempts ?? 0),
    },
    {
      id: "response",
      header: "Response",
      enableSorting: false,
      cell: ({ row }) => {
        const d = row.original;
        if (!d.attempts) return <Muted>Not sent yet</Muted>;
        return (
          <>
            {d.response_status_code ? (
              <span className="webhooks__when">HTTP {d.response_status_code}</span>
            ) : (
              <Muted>No answer</Muted>
            )}
            <br />
            <span className="webhooks__muted">{formatCount(d.duration_ms ?? 0)} ms</span>
          </>
        );
      },
    },
    {
      id: "when",
      header: "Attempts at",
      enableSorting: false,
      cell: ({ row }) => {
        const d = row.original;
        return (
          <span className="webhooks__when">
            {d.last_attempt_at
              ? `Last ${formatDateTime(d.last_attempt_at)}`
              : `Queued ${formatDateTime(d.created_at)}`}
            {d.next_attempt_at ? (
              <>
                <br />
                Next {formatDateTime(d.next_attempt_at)}
              </>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "body",
      header: "Response body",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.response_body ? (
          <details className="webhooks__body">
            <summary>Show body</summary>
            <pre>{row.original.response_body}</pre>
          </details>
        ) : (
          <Muted>None</Muted>
        ),
    },
    {
      id: "actions",
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const d = row.original;
        return (
          <Button
            variant="secondary"
            aria-label={`Replay ${d.event_type} ${d.event_id}`}
            disabled={!endpoint.enabled}
            busy={replay.isPending && replay.variables?.id === d.id}
            onClick={() => replay.mutate(d)}
          >
            Replay
          </Button>
        );
      },
    },
  ];

  const rows = deliveries.data?.deliveries;
  const next = deliveries.data?.next_page_token ?? "";
  const first = trail.length === 0;
  return (
    <section className="webhooks__log" aria-labelledby={titleId}>
      <div className="webhooks__log-head">
        <h2 id={titleId}>Delivery log</h2>
        <Button variant="secondary" busy={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </div>
      <p className="webhooks__muted">
        Newest first. A replay sends the event again with the same id (<code>webhook-id</code>), as a new
        delivery.
        {endpoint.enabled ? "" : " Enable the endpoint to replay events."}
      </p>
      <DataTable
        caption="Deliveries"
        columns={columns}
        rows={rows}
        rowId={(d) => d.id ?? ""}
        loading={deliveries.isFetching}
        error={deliveries.error}
        onRetry={() => deliveries.refetch()}
        empty={
          first
            ? "No deliveries yet: they appear here as the shop sends events of the chosen types."
            : "No more deliveries."
        }
      />
      {first && !next ? null : (
        <TokenPagination page={view.page} query={deliveries} onPage={setView} noun="deliveries" />
      )}
    </section>
  );
}
