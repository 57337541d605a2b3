import { Link, Navigate, useSearchParams } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/page-header";
import { formatDateTime } from "~/lib/format";
import { usePages } from "./api";
import { NewPageForm } from "./new-page-form";
import type { AdminPage } from "./types";

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const columns: DataTableColumn<AdminPage>[] = [
  {
    id: "title",
    header: "Title",
    enableSorting: false,
    cell: ({ row }) => (
      <Link to={`/pages/${row.original.slug}`}>{row.original.title || row.original.slug}</Link>
    ),
  },
  {
    id: "slug",
    header: "Address",
    enableSorting: false,
    cell: ({ row }) => <code>/{row.original.slug}</code>,
  },
  {
    id: "updated",
    header: "Updated",
    enableSorting: false,
    cell: ({ row }) => (
      <>
        {formatDateTime(row.original.updated_at)}
        {row.original.updated_by?.display_name ? ` · ${row.original.updated_by.display_name}` : ""}
      </>
    ),
  },
  {
    id: "actions",
    header: () => <span className="visually-hidden">Actions</span>,
    enableSorting: false,
    cell: ({ row }) => (
      <span className="pages-list__actions">
        <Link to={`/pages/${row.original.slug}`} aria-label={`Edit ${row.original.title}`}>
          Edit
        </Link>
        <Link to={`/pages/${row.original.slug}/history`} aria-label={`History of ${row.original.title}`}>
          History
        </Link>
      </span>
    ),
  },
];

/**
 * PagesList lists the shop's information pages. `?edit={slug}` (where the storefront's Edit
 * Content links point) opens that page's editor at once, replacing this address in the history.
 */
export function PagesList() {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  if (edit && slugPattern.test(edit)) return <Navigate to={`/pages/${edit}`} replace />;
  return (
    <>
      <PagesTable />
      <NewPageForm />
    </>
  );
}

/** PagesTable is the list of pages with its loading, empty and error states. */
export function PagesTable() {
  const pages = usePages();
  return (
    <>
      <PageHeader
        title="Page contents"
        description="The information pages the shop links to: privacy, terms, FAQ."
      />
      <DataTable
        caption="Pages"
        columns={columns}
        rows={pages.data}
        rowId={(p) => p.slug ?? ""}
        loading={pages.isFetching}
        error={pages.error}
        onRetry={() => pages.refetch()}
        empty="The shop has no pages yet."
      />
    </>
  );
}
