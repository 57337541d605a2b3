import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { refuse } from "~/testing/fake-api";
import { EditEndpointDialog } from "./edit-endpoint-dialog";
import { erp, paused } from "./fixtures";

const path = "/api/v1/admin/webhook-endpoints/{endpoint_id}";
const meta = {
  component: EditEndpointDialog,
  args: { endpoint: erp, onClose: () => {} },
  parameters: { api: { [path]: { patch: () => ({ endpoint: erp }) } } },
} satisfies Meta<typeof EditEndpointDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SomeTypes: Story = {};
export const AllTypes: Story = { args: { endpoint: paused } };
export const Refused: Story = {
  parameters: {
    api: { [path]: { patch: () => refuse(404, "webhook_endpoint_not_found", "No such webhook endpoint.") } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Save" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("No such webhook endpoint.");
  },
};
