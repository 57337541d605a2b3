import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { ApiError } from "~/lib/api/errors";
import { DataTable, type DataTableColumn } from "./data-table";

type Row = { id: string; name: string; price: string };
const rows: Row[] = [
  { id: "1", name: "Crème Lumière", price: "£84.00" },
  { id: "2", name: "Rose Facial Oil", price: "£56.00" },
  { id: "3", name: "Overnight Restorative Treatment with Squalane and Ceramides, 50 ml", price: "£120.00" },
];
const columns: DataTableColumn<Row>[] = [
  { accessorKey: "name", header: "Name" },
  { accessorKey: "price", header: "Price", enableSorting: false },
];

function Sortable(props: { rows?: Row[]; loading?: boolean; error?: Error }) {
  const [sorting, setSorting] = useState([{ id: "name", desc: false }]);
  const [selection, setSelection] = useState({});
  return (
    <DataTable
      caption="Products"
      columns={columns}
      rows={props.rows}
      rowId={(r) => r.id}
      rowLabel={(r) => r.name}
      sorting={sorting}
      onSortingChange={setSorting}
      selection={selection}
      onSelectionChange={setSelection}
      loading={props.loading}
      error={props.error ?? null}
      onRetry={() => {}}
      empty="No products match these filters."
    />
  );
}

const meta = { component: Sortable } satisfies Meta<typeof Sortable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { rows } };
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { rows: [] } };
export const Failed: Story = {
  args: {
    error: new ApiError({ status: 500, reason: "internal", message: "The products could not be loaded." }),
  },
};
