import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "./button";

const meta = { component: Button, args: { children: "Save product" } } satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: "secondary", children: "Cancel" } };
export const Danger: Story = { args: { variant: "danger", children: "Cancel order" } };
export const Quiet: Story = { args: { variant: "quiet", children: "Show history" } };
export const Busy: Story = { args: { busy: true, children: "Saving..." } };
export const LongText: Story = {
  args: { children: "Refund the whole order and put every unit back in stock" },
};
