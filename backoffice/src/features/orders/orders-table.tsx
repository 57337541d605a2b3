import { Link, useLocation } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatCount, formatDateTime, formatMoney } from "~/lib/format";
import type { SortState } from "~/lib/url-state";
import { type AdminOrder, customerName, paymentState, statusLabel, statusTone } from "./order-model";

/** NumberLink opens an order, remembering the list's view so the way back returns to it. */
function NumberLink({ order }: { order: AdminOrder }) {
  const { search } = useLocation();
  return (
    <Link className="orders-number" to={`/orders/${order.id}`} state={{ listSearch: search }}>
      {order.number}
    </Link>
  );
}

const columns: DataTableColumn<AdminOrder>[] = [
  {
    id: "number",
    header: "Order",
    enableSorting: false,
    cell: ({ row }) => <NumberLink order={row.original} />,
  },
  { id: "placed", header: "Placed", accessorFn: (o) => formatDateTime(o.created_at) },
  { id: "customer", header: "Customer", enableSorting: false, accessorFn: (o) => customerName(o) || "—" },
  {
    id: "email",
    header: "E-mail",
    enableSorting: false,
    cell: ({ row }) => <span className="orders-email">{row.original.email}</span>,
  },
  {
    id: "status",
    header: "Status",
    enableSorting: false,
    cell: ({ row }) => (
      <StatusBadge tone={statusTone(row.original.status)}>{statusLabel(row.original.status)}</StatusBadge>
    ),
  },
  {
    id: "payment",
    header: "Payment",
    enableSorting: false,
    cell: ({ row }) => {
      const state = paymentState(row.original.payment?.state);
      return <StatusBadge tone={state.tone}>{state.label}</StatusBadge>;
    },
  },
  { id: "items", header: "Items", enableSorting: false, accessorFn: (o) => formatCount(o.item_count) },
  { id: "total", header: "Total", sortDescFirst: true, accessorFn: (o) => formatMoney(o.total) },
];

/**
 * OrdersTable is one page of orders. Only what the API can sort by is sortable: when placed
 * (newest or oldest first) and the total.
 */
export function OrdersTable({
  rows,
  loading,
  error,
  onRetry,
  sorting,
  onSortingChange,
  empty,
}: {
  rows: AdminOrder[] | undefined;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  sorting: SortState;
  onSortingChange: (next: SortState) => void;
  empty?: string;
}) {
  return (
    <DataTable
      caption="Orders"
      columns={columns}
      rows={rows}
      rowId={(o) => o.id ?? ""}
      sorting={sorting}
      onSortingChange={onSortingChange}
      loading={loading}
      error={error ?? null}
      onRetry={onRetry}
      empty={empty ?? "No orders match these filters."}
    />
  );
}
