import type { Meta, StoryObj } from "@storybook/react-vite";
import type { RowSelectionState, SortingState } from "@tanstack/react-table";
import { useState } from "react";
import { ApiError } from "~/lib/api/errors";
import type { AdminProduct } from "./product-api";
import { sampleProduct, sampleProducts } from "./product-fixtures";
import { ProductTable } from "./product-table";

function Table(props: { rows?: AdminProduct[]; loading?: boolean; error?: Error }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: "price", desc: true }]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  return (
    <ProductTable
      rows={props.rows}
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

const meta = { component: Table } satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { rows: sampleProducts } };
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { rows: [] } };
export const Failed: Story = {
  args: {
    error: new ApiError({ status: 500, reason: "internal", message: "The products could not be loaded." }),
  },
};
export const LongText: Story = {
  args: {
    rows: [
      sampleProduct({
        name: "Overnight Restorative Treatment with Squalane, Ceramides and Cold-Pressed Rosehip, 50 ml ".repeat(
          2,
        ),
        sku: "ML-OVERNIGHT-RESTORATIVE-TREATMENT-50ML",
        category: "Maison Lumière Collection Privée",
        price: { currency_code: "GBP", minor_units: "123456789" },
        stock_quantity: 1_000_000,
        images: [],
      }),
    ],
  },
};
