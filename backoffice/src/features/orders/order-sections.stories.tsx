import type { Meta, StoryObj } from "@storybook/react-vite";
import { paidOrder, shippedOrder } from "./order-fixtures";
import type { AdminOrder } from "./order-model";
import {
  OrderAddressesSection,
  OrderDeliverySection,
  OrderLinesSection,
  OrderPaymentSection,
  OrderRefundsSection,
  OrderTimelineSection,
} from "./order-sections";

function Sections({ order }: { order: AdminOrder }) {
  return (
    <div style={{ display: "grid", gap: "1rem", maxWidth: "60rem" }}>
      <OrderLinesSection order={order} />
      <OrderPaymentSection order={order} />
      <OrderDeliverySection order={order} />
      <OrderAddressesSection order={order} />
      <OrderRefundsSection order={order} />
      <OrderTimelineSection order={order} />
    </div>
  );
}

const meta = { component: Sections } satisfies Meta<typeof Sections>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = { args: { order: paidOrder } };
export const ShippedWithRefunds: Story = { args: { order: shippedOrder } };
export const Empty: Story = {
  args: {
    order: {
      ...paidOrder,
      status: "ORDER_STATUS_PENDING_PAYMENT",
      billing_address: undefined,
      payment: undefined,
      refunds: [],
      timeline: [],
      lines: [],
    },
  },
};
const long = "Overnight Restorative Treatment with Squalane, Ceramides and Cold-Pressed Rosehip Oil, 50 ml";
export const LongText: Story = {
  args: {
    order: {
      ...shippedOrder,
      lines: [{ ...shippedOrder.lines?.[0], name: long, sku: "ORT-SQ-CER-ROSEHIP-50ML-LIMITED" }],
      shipping_address: {
        ...paidOrder.shipping_address,
        address_line1: "The Old Rectory, 1234 Long Acre Lane Industrial Estate and Business Park",
      },
      refunds: (shippedOrder.refunds ?? []).map((r) => ({ ...r, reason: `${long}. `.repeat(3) })),
      timeline: (shippedOrder.timeline ?? []).map((t) => ({
        ...t,
        description: `${t.description}: ${long}`,
      })),
    },
  },
};
