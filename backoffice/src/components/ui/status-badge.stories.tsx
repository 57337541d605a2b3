import type { Meta, StoryObj } from "@storybook/react-vite";
import { StatusBadge } from "./status-badge";

const meta = { component: StatusBadge, args: { children: "Paid" } } satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Good: Story = { args: { tone: "good", children: "Delivered" } };
export const Warning: Story = { args: { tone: "warning", children: "Low stock" } };
export const Bad: Story = { args: { tone: "bad", children: "Cancelled" } };
export const Info: Story = { args: { tone: "info", children: "Processing" } };
