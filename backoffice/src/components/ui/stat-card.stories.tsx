import type { Meta, StoryObj } from "@storybook/react-vite";
import { StatCard } from "./stat-card";

const meta = { component: StatCard, args: { label: "Total revenue", value: "£12,480.50" } } satisfies Meta<
  typeof StatCard
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Figure: Story = {};
export const WithNote: Story = {
  args: { label: "Pending orders", value: "7", note: "Paid, not yet shipped" },
};
