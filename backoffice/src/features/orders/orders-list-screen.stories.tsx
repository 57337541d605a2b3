import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { listOf, paidOrder, shippedOrder } from "./order-fixtures";
import OrdersListScreen from "./orders-list-screen";

const meta = {
  component: OrdersListScreen,
  parameters: {
    url: "/orders?status=paid,shipped",
    api: {
      "/api/v1/admin/orders": {
        get: () => ({
          ...listOf([paidOrder, { ...shippedOrder, id: "b2", number: "AL-9PX4RT7B" }]),
          total_count: "42",
          total_pages: 3,
        }),
      },
    },
  },
} satisfies Meta<typeof OrdersListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filtered: Story = {};
export const Empty: Story = {
  parameters: { url: "/orders", api: { "/api/v1/admin/orders": { get: () => listOf([]) } } },
};
export const Failed: Story = {
  parameters: {
    api: {
      "/api/v1/admin/orders": { get: () => refuse(500, "internal", "The orders could not be loaded.") },
    },
  },
};
