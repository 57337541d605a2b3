import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { DeliveryOptionEditor } from "./delivery-option-editor";
import type { DeliveryOption } from "./types";

const standard: DeliveryOption = {
  code: "standard",
  name: "Standard",
  carrier: "Royal Mail",
  estimated_delivery: "3–5 working days",
  price: { currency_code: "GBP", minor_units: "495" },
  position: 1,
  active: true,
  revision: "2",
  updated_at: "2026-11-01T09:00:00Z",
};
const carriers = { "/api/v1/admin/carriers": { get: () => ({ carriers: ["Royal Mail", "DPD", "DHL"] }) } };

const meta = {
  component: DeliveryOptionEditor,
  args: { code: "standard" },
  parameters: {
    api: {
      ...carriers,
      "/api/v1/admin/delivery-options/{code}": { get: () => ({ delivery_option: standard }) },
    },
  },
} satisfies Meta<typeof DeliveryOptionEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = {
  parameters: {
    api: {
      ...carriers,
      "/api/v1/admin/delivery-options/{code}": { get: () => new Promise<never>(() => {}) },
    },
  },
};
export const NotFound: Story = {
  parameters: {
    api: {
      ...carriers,
      "/api/v1/admin/delivery-options/{code}": {
        get: () => refuse(404, "delivery_option_not_found", "No delivery option is called standard."),
      },
    },
  },
};
