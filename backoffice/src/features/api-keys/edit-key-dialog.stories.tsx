import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { refuse } from "~/testing/fake-api";
import { EditKeyDialog } from "./edit-key-dialog";
import { lookbook, warehouse } from "./fixtures";

const path = "/api/v1/admin/api-keys/{id}";
const meta = {
  component: EditKeyDialog,
  args: { apiKey: lookbook, onClose: () => {} },
  parameters: { api: { [path]: { patch: () => ({ api_key: lookbook }) } } },
} satisfies Meta<typeof EditKeyDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PublishableKey: Story = {};
export const SecretKey: Story = { args: { apiKey: warehouse } };
export const Refused: Story = {
  parameters: {
    api: {
      [path]: {
        patch: () => refuse(412, "api_key_revoked", "This key is revoked and can no longer change."),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Save" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("This key is revoked");
  },
};
