import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { ApiError } from "~/lib/api/errors";
import type { SortState } from "~/lib/url-state";
import { paidOrder, shippedOrder } from "./order-fixtures";
import type { AdminOrder } from "./order-model";
import { OrdersTable } from "./orders-table";

const refunded: AdminOrder = {
  ...paidOrder,
  id: "a3",
  number: "AL-3QW8ZP2N",
  status: "ORDER_STATUS_REFUNDED",
  payment: { ...paidOrder.payment, state: "PAYMENT_STATE_REFUNDED" },
};
const rows: AdminOrder[] = [paidOrder, { ...shippedOrder, id: "a2", number: "AL-9PX4RT7B" }, refunded];

function Table(props: { rows?: AdminOrder[]; loading?: boolean; error?: Error }) {
  const [sorting, setSorting] = useState<SortState>([{ id: "placed", desc: true }]);
  return (
    <OrdersTable
      rows={props.rows}
      loading={props.loading}
      error={props.error ?? null}
      onRetry={() => {}}
      sorting={sorting}
      onSortingChange={setSorting}
    />
  );
}

const meta = { component: Table } satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { rows } };
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { rows: [] } };
export const Failed: Story = {
  args: {
    error: new ApiError({ status: 503, reason: "unavailable", message: "The orders could not be loaded." }),
  },
};
export const LongText: Story = {
  args: {
    rows: [
      {
        ...paidOrder,
        email: "bartholomew.featherstonehaugh-cholmondeley@an-unusually-long-domain.example.co.uk",
        shipping_address: {
          ...paidOrder.shipping_address,
          first_name: "Bartholomew Alexander",
          last_name: "Featherstonehaugh-Cholmondeley",
        },
        item_count: 1250,
        total: { currency_code: "GBP", minor_units: "12345678" },
      },
    ],
  },
};
