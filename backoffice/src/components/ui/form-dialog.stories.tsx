import type { Meta, StoryObj } from "@storybook/react-vite";
import { TextField } from "./field";
import { FormDialog, FormDialogActions } from "./form-dialog";

const meta = {
  component: FormDialog,
  args: {
    title: "New API key",
    onEscape: () => {},
    children: (
      <form>
        <TextField label="Name" name="name" />
        <FormDialogActions submitLabel="Create key" onCancel={() => {}} />
      </form>
    ),
  },
} satisfies Meta<typeof FormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Regular: Story = {};
export const Busy: Story = {
  args: {
    children: (
      <form>
        <TextField label="Name" name="name" defaultValue="Warehouse sync" />
        <FormDialogActions submitLabel="Create key" busy onCancel={() => {}} />
      </form>
    ),
  },
};
export const Narrow: Story = {
  args: {
    size: "narrow",
    title: "Refund order AT-10042",
    children: (
      <form>
        <TextField label="Amount (£)" name="amount" />
        <FormDialogActions submitLabel="Refund" tone="danger" cancelLabel="Close" onCancel={() => {}} />
      </form>
    ),
  },
};
export const Wide: Story = { args: { size: "wide", title: "New webhook endpoint" } };
