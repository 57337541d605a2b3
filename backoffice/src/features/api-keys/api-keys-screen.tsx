import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { CheckboxField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { EmptyState } from "~/components/ui/states";
import { StatusBadge } from "~/components/ui/status-badge";
import { TokenPagination, tokenTrail } from "~/components/ui/token-pagination";
import { formatDate, formatDateTime } from "~/lib/format";
import { useUrlState } from "~/lib/url-state";
import { type ApiKey, kindName, useApiKeys } from "./api";
import { CreateKeyDialog } from "./create-key-dialog";
import { EditKeyDialog } from "./edit-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import "./api-keys.css";

// `page` is the trail of page tokens to the page shown (tokenTrail). A change of filter starts at the first page.
const defaults = { revoked: "", page: "" };

const purpose =
  "Keys let a partner's server or website use the shop's API: a secret key for a server (an ERP, a warehouse), a publishable, read-only key for pages on the partner's own site.";

function None({ children }: { children: string }) {
  return <span className="api-keys__muted">{children}</span>;
}

/**
 * ApiKeysScreen lists the partners' API keys, newest first (revoked ones on request, read-only),
 * and lets the admin make one (its secret shown once), rename it or change its origins, and
 * revoke it after asking.
 */
export function ApiKeysScreen() {
  const [view, setView] = useUrlState(defaults);
  const showRevoked = view.revoked === "1";
  const trail = tokenTrail(view.page);
  const token = trail.at(-1) ?? "";
  const keys = useApiKeys(showRevoked, token);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const columns: DataTableColumn<ApiKey>[] = [
    { id: "name", header: "Name", enableSorting: false, accessorFn: (k) => k.name },
    {
      // The kind under the prefix (which says it too: atl_sk_, atl_pk_), to keep the table narrow.
      id: "key",
      header: "Key and kind",
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <code className="api-keys__prefix">{row.original.prefix}…</code>
          <br />
          {kindName(row.original.kind)}
        </>
      ),
    },
    {
      id: "scopes",
      header: "Scopes",
      enableSorting: false,
      cell: ({ row }) => (
        <ul className="api-keys__list">
          {(row.original.scopes ?? []).map((s) => (
            <li key={s}>
              <code>{s}</code>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: "origins",
      header: "Allowed origins",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.allowed_origins?.length ? (
          <ul className="api-keys__list">
            {row.original.allowed_origins.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        ) : (
          <None>None</None>
        ),
    },
    {
      id: "created",
      header: "Created",
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {row.original.created_by?.name || row.original.created_by?.email || "Unknown"}
          <br />
          <None>{formatDate(row.original.created_at)}</None>
        </>
      ),
    },
    {
      id: "last_used",
      header: "Last used",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.last_used_at ? formatDateTime(row.original.last_used_at) : <None>Never</None>,
    },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.revoked_at ? (
          <>
            <StatusBadge tone="neutral">Revoked</StatusBadge>
            <br />
            <None>{formatDate(row.original.revoked_at)}</None>
          </>
        ) : (
          <StatusBadge tone="good">Active</StatusBadge>
        ),
    },
    {
      id: "actions",
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const k = row.original;
        if (k.revoked_at) return <None>Read-only</None>;
        return (
          <span className="api-keys__actions">
            <Button variant="secondary" aria-label={`Edit: ${k.name}`} onClick={() => setEditing(k)}>
              Edit
            </Button>
            <Button variant="danger" aria-label={`Revoke: ${k.name}`} onClick={() => setRevoking(k)}>
              Revoke
            </Button>
          </span>
        );
      },
    },
  ];

  const rows = keys.data?.api_keys;
  const none = rows !== undefined && rows.length === 0 && trail.length === 0;
  const newKey = <Button onClick={() => setCreating(true)}>New API key</Button>;
  return (
    <>
      <PageHeader
        title="API keys"
        description="Partners' keys to the shop's API, newest first."
        actions={newKey}
      />
      <div className="toolbar">
        <CheckboxField
          label="Show revoked"
          checked={showRevoked}
          onChange={(e) => setView({ revoked: e.target.checked ? "1" : "" })}
        />
      </div>
      {none && !keys.isFetching ? (
        <EmptyState action={showRevoked ? undefined : newKey}>
          <strong>No API keys yet.</strong> {purpose}
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="API keys"
            columns={columns}
            rows={rows}
            rowId={(k) => k.id ?? ""}
            loading={keys.isFetching}
            error={keys.error}
            onRetry={() => keys.refetch()}
            empty="No more keys."
          />
          <TokenPagination page={view.page} query={keys} onPage={setView} noun="API keys" />
        </>
      )}
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      {editing ? <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} /> : null}
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
