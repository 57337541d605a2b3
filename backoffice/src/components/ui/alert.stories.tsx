import type { Meta, StoryObj } from "@storybook/react-vite";
import { Alert } from "./alert";

const meta = { component: Alert, args: { children: "The product could not be saved." } } satisfies Meta<
  typeof Alert
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorTone: Story = {};
export const Warning: Story = {
  args: { tone: "warning", title: "Large file", children: "This image is over 2 MB." },
};
export const Info: Story = { args: { tone: "info", children: "Images are being processed." } };
export const Success: Story = { args: { tone: "success", children: "Saved." } };
export const LongText: Story = {
  args: {
    title: "Changed by someone else",
    children:
      "Grace Hopper saved this product at 27 Nov 2026, 17:40 after you opened it. Reload to see their changes. ".repeat(
        2,
      ),
  },
};
