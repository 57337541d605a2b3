import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { newSecret } from "./fixtures";
import { SecretPanel } from "./secret-panel";

const meta = {
  component: SecretPanel,
  args: { secret: newSecret, kind: "API_KEY_KIND_SECRET", onDone: () => {} },
} satisfies Meta<typeof SecretPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SecretKey: Story = {};
export const PublishableKey: Story = {
  args: { secret: newSecret.replace("atl_sk_", "atl_pk_"), kind: "API_KEY_KIND_PUBLISHABLE" },
};
export const Copied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Copy" }));
    await expect(await canvas.findByText(/Copied to the clipboard|press Ctrl\+C/)).toBeInTheDocument();
  },
};
