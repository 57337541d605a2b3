import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { newSecret } from "./fixtures";
import { SecretPanel } from "./secret-panel";

const meta = {
  component: SecretPanel,
  args: { secret: newSecret, onDone: () => {} },
} satisfies Meta<typeof SecretPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NewEndpoint: Story = {};
export const Rotated: Story = {
  args: { children: <p>The previous secret keeps signing beside this one until 28 Nov 2026, 12:00.</p> },
};
export const Copied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Copy" }));
    await expect(await canvas.findByText(/Copied to the clipboard|press Ctrl\+C/)).toBeInTheDocument();
  },
};
