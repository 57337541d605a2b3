import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/page-header";
import { EmptyState } from "~/components/ui/states";
import { formatDate } from "~/lib/format";
import { type Endpoint, useEndpoints } from "./api";
import { CreateEndpointDialog } from "./create-endpoint-dialog";
import { EndpointStatus, EventTypeList } from "./endpoint-parts";
import "./webhooks.css";

const purpose =
  "Webhooks tell a partner's system (an ERP, a warehouse, a marketplace) of the shop's events as they happen: orders placed, paid and shipped, products changed, stock running low.";

/**
 * WebhooksScreen lists the endpoints the shop sends its events to, newest first (a shop has at
 * most 50, so on one page), and registers new ones, their signing secret shown once.
 */
export function WebhooksScreen() {
  const endpoints = useEndpoints();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const columns: DataTableColumn<Endpoint>[] = [
    {
      id: "endpoint",
      header: "Endpoint",
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <Link className="webhooks__url" to={`/webhooks/${row.original.id}`}>
            {row.original.url}
          </Link>
          {row.original.description ? (
            <>
              <br />
              <span className="webhooks__muted">{row.original.description}</span>
            </>
          ) : null}
        </>
      ),
    },
    {
      id: "types",
      header: "Event types",
      enableSorting: false,
      cell: ({ row }) => <EventTypeList types={row.original.event_types} />,
    },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => <EndpointStatus endpoint={row.original} />,
    },
    {
      id: "created",
      header: "Created",
      enableSorting: false,
      cell: ({ row }) => <span className="webhooks__when">{formatDate(row.original.created_at)}</span>,
    },
  ];

  const rows = endpoints.data?.endpoints;
  const none = rows !== undefined && rows.length === 0;
  const newEndpoint = <Button onClick={() => setCreating(true)}>New endpoint</Button>;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The partners' endpoints the shop sends its events to, newest first."
        actions={newEndpoint}
      />
      {none && !endpoints.isFetching ? (
        <EmptyState action={newEndpoint}>
          <strong>No webhook endpoints yet.</strong> {purpose}
        </EmptyState>
      ) : (
        <DataTable
          caption="Webhook endpoints"
          columns={columns}
          rows={rows}
          rowId={(e) => e.id ?? ""}
          loading={endpoints.isFetching}
          error={endpoints.error}
          onRetry={() => endpoints.refetch()}
          empty="No endpoints."
        />
      )}
      {creating ? (
        <CreateEndpointDialog
          onClose={(created) => {
            setCreating(false);
            if (created?.id) void navigate(`/webhooks/${created.id}`);
          }}
        />
      ) : null}
    </>
  );
}
