import type { Meta, StoryObj } from "@storybook/react-vite";
import { ConfirmDialog } from "./confirm-dialog";

const meta = {
  component: ConfirmDialog,
  args: {
    open: true,
    title: "Cancel order AT-10042?",
    children: "The stock goes back at once and the customer is refunded £84.00.",
    confirmLabel: "Cancel order",
    onConfirm: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Busy: Story = { args: { busy: true } };
export const Primary: Story = {
  args: { tone: "primary", title: "Restore revision 4?", confirmLabel: "Restore" },
};
