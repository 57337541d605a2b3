import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { refuse } from "~/testing/fake-api";
import { erp, feed, paused } from "./fixtures";
import { WebhooksScreen } from "./webhooks-screen";

const path = "/api/v1/admin/webhook-endpoints";
const meta = {
  component: WebhooksScreen,
  parameters: { api: { [path]: { get: () => ({ endpoints: [erp, feed, paused] }) } } },
} satisfies Meta<typeof WebhooksScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = {
  parameters: { api: { [path]: { get: () => new Promise<never>(() => {}) } } },
};
export const Empty: Story = {
  parameters: { api: { [path]: { get: () => ({ endpoints: [] }) } } },
};
export const Failed: Story = {
  parameters: {
    api: { [path]: { get: () => refuse(500, "internal", "The webhook endpoints could not be loaded.") } },
  },
};
export const LongText: Story = {
  parameters: {
    api: {
      [path]: {
        get: () => ({
          endpoints: [
            {
              ...erp,
              url: "https://integrations.fitzwilliam-montgomery-de-la-tour-dauvergne.example.co.uk/api/v2/webhooks/atelier-london/receive?tenant=eu-west-1",
              description:
                "Maison Fitzwilliam-Montgomery — ERP, warehouse and accounting sync for the autumn/winter season (EU and UK)",
            },
            {
              ...feed,
              disabled_reason:
                "5 deliveries in a row failed after every attempt: the endpoint answered 502 Bad Gateway for three days.",
            },
          ],
        }),
      },
    },
  },
};
export const NewEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole("button", { name: "New endpoint" }));
    await expect(canvas.getByRole("dialog", { name: "New webhook endpoint" })).toBeInTheDocument();
  },
};
