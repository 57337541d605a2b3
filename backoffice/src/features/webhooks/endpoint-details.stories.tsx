import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { EndpointDetails } from "./endpoint-screen";
import { erp, failed, feed, pending, retrying, skipped, succeeded } from "./fixtures";

const log = "/api/v1/admin/webhook-endpoints/{endpoint_id}/deliveries";
const meta = {
  component: EndpointDetails,
  args: { endpoint: erp },
  parameters: {
    api: {
      [log]: {
        get: () => ({ deliveries: [pending, succeeded, retrying, failed, skipped], next_page_token: "p2" }),
      },
    },
  },
} satisfies Meta<typeof EndpointDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Enabled: Story = {};
export const DisabledByTheShop: Story = { args: { endpoint: feed } };
export const LogLoading: Story = {
  parameters: { api: { [log]: { get: () => new Promise<never>(() => {}) } } },
};
export const LogEmpty: Story = {
  parameters: { api: { [log]: { get: () => ({ deliveries: [] }) } } },
};
export const LogFailed: Story = {
  parameters: {
    api: { [log]: { get: () => refuse(500, "internal", "The delivery log could not be loaded.") } },
  },
};
export const LongText: Story = {
  args: {
    endpoint: {
      ...erp,
      url: "https://integrations.fitzwilliam-montgomery-de-la-tour-dauvergne.example.co.uk/api/v2/webhooks/atelier-london/receive?tenant=eu-west-1",
      description:
        "Maison Fitzwilliam-Montgomery — ERP, warehouse and accounting sync for the autumn/winter season (EU and UK), owned by the integrations team",
    },
  },
  parameters: {
    api: {
      [log]: {
        get: () => ({
          deliveries: [
            {
              ...retrying,
              response_body: `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>${"upstream connect error or disconnect/reset before headers. ".repeat(15)}</body></html>`,
              error:
                "the endpoint answered 502 Bad Gateway: upstream connect error or disconnect/reset before headers",
            },
          ],
        }),
      },
    },
  },
};
