import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { CreateEndpointDialog } from "./create-endpoint-dialog";
import { erp, newSecret } from "./fixtures";

const path = "/api/v1/admin/webhook-endpoints";
const api: FakeRoutes = {
  [path]: { post: (req) => ({ endpoint: { ...erp, ...req.body }, signing_secret: newSecret }) },
};
const meta = {
  component: CreateEndpointDialog,
  args: { onClose: () => {} },
  parameters: { api },
} satisfies Meta<typeof CreateEndpointDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Blank: Story = {};
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole("textbox", { name: "URL" }), "http://erp.partner.example");
    await userEvent.click(canvas.getByRole("button", { name: "Register endpoint" }));
    await expect(await canvas.findByText(/Use an https:\/\/ URL/)).toBeInTheDocument();
    await expect(canvas.getByText("Choose at least one event type.")).toBeInTheDocument();
  },
};
export const SecretShownOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole("textbox", { name: "URL" }), "https://erp.partner.example/hooks");
    await userEvent.click(canvas.getByRole("checkbox", { name: "All order events" }));
    await userEvent.click(canvas.getByRole("button", { name: "Register endpoint" }));
    await expect(await canvas.findByRole("textbox", { name: "Signing secret" })).toHaveValue(newSecret);
  },
};
export const UrlRefused: Story = {
  parameters: {
    api: {
      [path]: {
        post: () =>
          refuse(
            400,
            "webhook_url_not_allowed",
            "This URL cannot receive webhooks: it resolves to a private address.",
            {
              metadata: { field: "url", refusal: "private" },
            },
          ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole("textbox", { name: "URL" }), "https://inside.example/hooks");
    await userEvent.click(canvas.getByRole("checkbox", { name: "order.paid" }));
    await userEvent.click(canvas.getByRole("button", { name: "Register endpoint" }));
    await expect(await canvas.findByText(/resolves to a private address/)).toBeInTheDocument();
  },
};
