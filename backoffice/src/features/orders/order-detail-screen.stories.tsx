import type { Meta, StoryObj } from "@storybook/react-vite";
import { Route, Routes } from "react-router";
import { refuse } from "~/testing/fake-api";
import OrderDetailScreen from "./order-detail-screen";
import { paidOrder, shippedOrder } from "./order-fixtures";

/** The screen at /orders/:orderId, as the app's router gives it its order id. */
function AtItsRoute() {
  return (
    <Routes>
      <Route path="orders/:orderId" element={<OrderDetailScreen />} />
    </Routes>
  );
}

const meta = {
  component: AtItsRoute,
  parameters: {
    url: `/orders/${paidOrder.id}`,
    api: { "/api/v1/admin/orders/{order_id}": { get: () => ({ order: paidOrder }) } },
  },
} satisfies Meta<typeof AtItsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = {};
export const Shipped: Story = {
  parameters: { api: { "/api/v1/admin/orders/{order_id}": { get: () => ({ order: shippedOrder }) } } },
};
export const Loading: Story = {
  parameters: { api: { "/api/v1/admin/orders/{order_id}": { get: () => new Promise<never>(() => {}) } } },
};
export const NotFound: Story = {
  parameters: {
    api: {
      "/api/v1/admin/orders/{order_id}": { get: () => refuse(404, "not_found", "No order has this id.") },
    },
  },
};
