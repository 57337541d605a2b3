import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { refuse } from "~/testing/fake-api";
import { paidOrder, shippedOrder } from "./order-fixtures";
import { RefundDialog } from "./refund-dialog";

const meta = {
  component: RefundDialog,
  args: {
    order: paidOrder,
    idempotencyKey: "3b241101-e2bb-4255-8caf-4136c566a962",
    onClose: () => {},
    onReload: () => {},
  },
  parameters: {
    api: {
      "/api/v1/admin/orders/{order_id}/refunds": { post: () => ({ order: shippedOrder }) },
    },
  },
} satisfies Meta<typeof RefundDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const PartWithPendingRefund: Story = {
  args: { order: shippedOrder },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("radio", { name: "Part of it" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Amount (£)" }), "500");
    await userEvent.click(canvas.getByRole("button", { name: "Refund" }));
    await expect(canvas.getByText("At most £137.35 can be refunded.")).toBeInTheDocument();
  },
};
export const CancelledOrder: Story = {
  args: { order: { ...paidOrder, status: "ORDER_STATUS_CANCELLED", refundable: { minor_units: "1999" } } },
};
export const Refused: Story = {
  parameters: {
    api: {
      "/api/v1/admin/orders/{order_id}/refunds": {
        post: () =>
          refuse(412, "refund_exceeds_refundable", "£100.00 can be refunded at most: £57.35 is pending", {
            metadata: { refundable_minor_units: "10000" },
          }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Refund" }));
    await expect(await canvas.findByText("At most £100.00 can be refunded now")).toBeInTheDocument();
  },
};
export const LongText: Story = {
  args: {
    order: {
      ...paidOrder,
      number: "AL-7K2M9QXD-REPLACEMENT",
      lines: (paidOrder.lines ?? []).map((l) => ({
        ...l,
        name: `${l.name} — Overnight Restorative Treatment with Squalane and Ceramides, 50 ml`,
      })),
    },
  },
};
