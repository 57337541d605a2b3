import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChangesTable, Empty } from "./changes-table";

const meta = {
  component: ChangesTable,
  args: {
    caption: "Changes in revision 4",
    changes: [
      { key: "price", label: "Price", before: "£84.00", after: "£88.00" },
      { key: "published", label: "Published", before: "No", after: "Yes" },
      { key: "sku", label: "SKU", before: <Empty />, after: "CL-50" },
    ],
  },
} satisfies Meta<typeof ChangesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Some: Story = {};
export const NoneChanged: Story = { args: { changes: [] } };
export const LongText: Story = {
  args: {
    changes: [
      {
        key: "description",
        label: "Description",
        before: "A rich, restorative night cream with squalane and ceramides. ".repeat(4),
        after: "A rich, restorative night cream with squalane, ceramides and peptides. ".repeat(4),
      },
    ],
  },
};
