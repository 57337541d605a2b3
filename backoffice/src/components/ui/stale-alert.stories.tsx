import type { Meta, StoryObj } from "@storybook/react-vite";
import { StaleAlert } from "./stale-alert";

const meta = {
  component: StaleAlert,
  args: { message: "Changed by Grace Hopper at 27 Nov 2026, 17:40 — reload", onReload: () => {} },
} satisfies Meta<typeof StaleAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Refused: Story = {};
export const Reloading: Story = { args: { reloading: true } };
