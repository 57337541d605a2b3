import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { SelectField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { TokenPagination, tokenTrail } from "~/components/ui/token-pagination";
import { formatDate, formatDateTime } from "~/lib/format";
import { useSession } from "~/lib/session";
import { useUrlState } from "~/lib/url-state";
import { nameOf, RevokeDialog, RoleDialog } from "./account-actions";
import { type Account, type Role, useAccounts } from "./api";

// `page` is the trail of page tokens to the page shown (tokenTrail). Named `page`, so a new
// search starts at the first.
const defaults = { q: "", role: "", page: "" };

const roleNames: Record<string, string> = { ROLE_ADMIN: "Admin", ROLE_CUSTOMER: "Customer" };

/**
 * UsersTable lists the shop's accounts, newest first, searchable by name or e-mail and
 * filtered by role (all in the URL), with the two things an admin does to an account: change
 * its role and sign it out everywhere, each asked first.
 */
export function UsersTable() {
  const [view, setView] = useUrlState(defaults);
  const trail = tokenTrail(view.page);
  const token = trail.at(-1) ?? "";
  const accounts = useAccounts(view.q, view.role, token);
  const me = useSession().data;
  const [roleChange, setRoleChange] = useState<{ account: Account; role: Role } | null>(null);
  const [revoking, setRevoking] = useState<Account | null>(null);

  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setView({ q: String(form.get("q") ?? "").trim() });
  }

  const columns: DataTableColumn<Account>[] = [
    {
      id: "name",
      header: "Name",
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {nameOf(row.original)}
          {row.original.id === me?.id ? <span className="users__muted"> (you)</span> : null}
        </>
      ),
    },
    { id: "email", header: "E-mail", enableSorting: false, accessorFn: (a) => a.email },
    {
      id: "role",
      header: "Role",
      enableSorting: false,
      cell: ({ row }) => (
        <StatusBadge tone={row.original.role === "ROLE_ADMIN" ? "info" : "neutral"}>
          {roleNames[row.original.role ?? ""] ?? "Unknown"}
        </StatusBadge>
      ),
    },
    {
      id: "created",
      header: "Created",
      enableSorting: false,
      cell: ({ row }) => formatDate(row.original.created_at),
    },
    {
      id: "last_login",
      header: "Last sign-in",
      enableSorting: false,
      cell: ({ row }) => (row.original.last_login_at ? formatDateTime(row.original.last_login_at) : "Never"),
    },
    {
      id: "actions",
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const a = row.original;
        const admin = a.role === "ROLE_ADMIN";
        return (
          <span className="users__actions">
            <Button
              variant="secondary"
              aria-label={`${admin ? "Make customer" : "Make admin"}: ${nameOf(a)}`}
              onClick={() => setRoleChange({ account: a, role: admin ? "ROLE_CUSTOMER" : "ROLE_ADMIN" })}
            >
              {admin ? "Make customer" : "Make admin"}
            </Button>
            <Button
              variant="secondary"
              aria-label={`Sign out everywhere: ${nameOf(a)}`}
              onClick={() => setRevoking(a)}
            >
              Sign out everywhere
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title="Users" description="Accounts of shoppers and admins, newest first." />
      <div className="toolbar">
        <form aria-label="Search accounts" onSubmit={search} className="users__search" key={view.q}>
          <TextField label="Name or e-mail" name="q" type="search" defaultValue={view.q} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <SelectField label="Role" value={view.role} onChange={(e) => setView({ role: e.target.value })}>
          <option value="">All roles</option>
          <option value="ROLE_ADMIN">Admins</option>
          <option value="ROLE_CUSTOMER">Customers</option>
        </SelectField>
      </div>
      <DataTable
        caption="Accounts"
        columns={columns}
        rows={accounts.data?.accounts}
        rowId={(a) => a.id ?? ""}
        loading={accounts.isFetching}
        error={accounts.error}
        onRetry={() => accounts.refetch()}
        empty={view.q || view.role ? "No account matches this search." : "The shop has no accounts yet."}
      />
      <TokenPagination page={view.page} query={accounts} onPage={setView} noun="accounts" />
      <RoleDialog
        account={roleChange?.account ?? null}
        role={roleChange?.role ?? "ROLE_CUSTOMER"}
        onClose={() => setRoleChange(null)}
      />
      <RevokeDialog account={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
