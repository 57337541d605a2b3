import type { Meta, StoryObj } from "@storybook/react-vite";
import { CheckboxField, SelectField, TextArea, TextField } from "./field";

const meta = { component: TextField, args: { label: "Name", name: "name" } } satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithHint: Story = {
  args: { label: "SKU", hint: "Letters, digits and hyphens; unique in the shop." },
};
export const WithError: Story = {
  args: { label: "Price (£)", defaultValue: "-3", error: "A price cannot be negative." },
};
export const LongText: Story = {
  args: {
    label: "Meta description, shown by search engines under the page's title",
    defaultValue: "A rich, restorative night cream with squalane and ceramides ".repeat(3),
  },
};
export const Area: Story = {
  render: () => <TextArea label="Description" defaultValue="Rich and restorative." />,
};
export const Select: Story = {
  render: () => (
    <SelectField label="Status" defaultValue="paid">
      <option value="paid">Paid</option>
      <option value="shipped">Shipped</option>
    </SelectField>
  ),
};
export const Checkbox: Story = {
  render: () => <CheckboxField label="Published" hint="Shown in the shop." defaultChecked />,
};
