import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { SecretReveal } from "./secret-reveal";

const meta = {
  component: SecretReveal,
  args: {
    secret: "atl_sk_4Jq8w2Rk9TzXv1Lm6Np0Bc3Df5Gh7Jk9Lm2Np4Qr",
    label: "Your new API key",
    noun: "key",
    warning: {
      title: "This key will not be shown again",
      body: "Store it now where the partner's server keeps secrets.",
    },
    usage: (
      <>
        Calls send it in a header: <code>Authorization: Bearer atl_…</code>
      </>
    ),
    onDone: () => {},
  },
} satisfies Meta<typeof SecretReveal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};
export const WithWhatItBelongsTo: Story = {
  args: {
    label: "Signing secret",
    noun: "secret",
    children: <p>For https://partner.example/hooks</p>,
  },
};
export const Copied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Copy" }));
    await expect(await canvas.findByText(/Copied to the clipboard|The key is selected/)).toBeInTheDocument();
  },
};
