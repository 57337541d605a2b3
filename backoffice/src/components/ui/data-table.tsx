import {
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import { EmptyState, ErrorState, LoadingState } from "./states";
import "./data-table.css";

/** The features every back-office table has: server-side sorting and row selection. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature });
export type DataTableFeatures = typeof dataTableFeatures;
/** DataTableColumn is a column of a DataTable over rows of type T. */
// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs from column to column
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

export type DataTableProps<T extends RowData> = {
  /** The table's accessible name, shown to screen readers as its caption. */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowId: (row: T) => string;
  /** What a row is called, for its selection checkbox ("Select Crème Lumière"); its number otherwise. */
  rowLabel?: (row: T) => string;
  /** The server's sort, from the URL; changing it is the caller's (usually a URL change). */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  /** Row selection (checkboxes), when the table offers bulk actions. */
  selection?: RowSelectionState;
  onSelectionChange?: (next: RowSelectionState) => void;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  empty?: ReactNode;
};

/**
 * DataTable is the one table of the back office, over TanStack Table: the server sorts, filters
 * and pages (manual mode), the URL holds that state, and this component renders it accessibly:
 * sortable headers are buttons with aria-sort, selection is labelled checkboxes, and loading,
 * error and empty each say so in words.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    caption,
    columns,
    rows,
    rowId,
    rowLabel,
    sorting = [],
    selection = {},
    loading,
    error,
    onRetry,
    empty,
  } = props;
  const selectable = props.onSelectionChange !== undefined;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows ?? noRows,
    getRowId: (row: T) => rowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: selectable,
    state: { sorting, rowSelection: selection },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      props.onSortingChange?.(next);
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === "function" ? updater(selection) : updater;
      props.onSelectionChange?.(next);
    },
  });

  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;
  if (loading && !rows) return <LoadingState label={`Loading ${caption.toLowerCase()}`} />;

  const visible = table.getRowModel().rows;
  return (
    <div className="data-table" aria-busy={loading ? true : undefined}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selectable ? (
                <th scope="col" className="data-table__select">
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={table.getIsAllPageRowsSelected()}
                    ref={(el) => {
                      if (el) el.indeterminate = table.getIsSomePageRowsSelected();
                    }}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort() && props.onSortingChange !== undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        className="data-table__sort"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className="data-table__arrow">
                          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {visible.map((row) => (
            <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
              {selectable ? (
                <td className="data-table__select">
                  <input
                    type="checkbox"
                    aria-label={`Select ${rowLabel?.(row.original) || `row ${row.index + 1}`}`}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                </td>
              ) : null}
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {visible.length === 0 ? <EmptyState>{empty ?? "Nothing to show."}</EmptyState> : null}
      {error ? <ErrorState error={error} onRetry={onRetry} /> : null}
    </div>
  );
}

const noRows: never[] = [];
