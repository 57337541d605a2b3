import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatMoney } from "~/lib/format";
import { useDeliveryOptions } from "./api";
import type { DeliveryOption } from "./types";

const columns: DataTableColumn<DeliveryOption>[] = [
  {
    id: "name",
    header: "Name",
    enableSorting: false,
    cell: ({ row }) => (
      <Link to={`/settings/delivery/${row.original.code}`} aria-label={`Edit ${row.original.name}`}>
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "price",
    header: "Price",
    enableSorting: false,
    cell: ({ row }) => (
      <>
        {formatMoney(row.original.price)}
        {row.original.free_over ? (
          <span className="settings__muted"> · free over {formatMoney(row.original.free_over)}</span>
        ) : null}
      </>
    ),
  },
  {
    id: "estimated",
    header: "Estimated delivery",
    enableSorting: false,
    accessorFn: (o) => o.estimated_delivery,
  },
  { id: "carrier", header: "Carrier", enableSorting: false, accessorFn: (o) => o.carrier },
  {
    id: "active",
    header: "At checkout",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.active ? (
        <StatusBadge tone="good">Active</StatusBadge>
      ) : (
        <StatusBadge>Inactive</StatusBadge>
      ),
  },
];

/** DeliveryOptionsTable lists every delivery option, inactive ones too, each linking to its editor. */
export function DeliveryOptionsTable() {
  const options = useDeliveryOptions();
  return (
    <section className="panel" aria-labelledby="delivery-options-heading">
      <h2 id="delivery-options-heading">Delivery options</h2>
      <p className="settings__lead">
        What shoppers choose from at checkout, in this order. Orders keep what they were placed with.
      </p>
      <DataTable
        caption="Delivery options"
        columns={columns}
        rows={options.data}
        rowId={(o) => o.code ?? ""}
        loading={options.isFetching}
        error={options.error}
        onRetry={() => options.refetch()}
        empty="The shop offers no delivery options yet."
      />
    </section>
  );
}
