import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { StoreDetailsForm } from "./store-details-form";
import type { StoreDetails } from "./types";

const details: StoreDetails = {
  name: "Atelier London",
  address_line1: "12 Marylebone High Street",
  city: "London",
  postcode: "W1U 4NR",
  country: "United Kingdom",
  contact_email: "hello@atelier.test",
  phone: "+44 20 7946 0000",
  company_number: "12345678",
  vat_number: "GB123456789",
  revision: "5",
  updated_at: "2026-11-01T09:00:00Z",
  updated_by: { display_name: "Ada Lovelace" },
};

const meta = {
  component: StoreDetailsForm,
  parameters: { api: { "/api/v1/admin/settings/store": { get: () => ({ store_details: details }) } } },
} satisfies Meta<typeof StoreDetailsForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = {
  parameters: { api: { "/api/v1/admin/settings/store": { get: () => new Promise<never>(() => {}) } } },
};
export const NotConfigured: Story = {
  parameters: {
    api: {
      "/api/v1/admin/settings/store": {
        get: () => refuse(400, "store_not_configured", "the store's settings have not been configured yet"),
      },
    },
  },
};
export const Failed: Story = {
  parameters: {
    api: {
      "/api/v1/admin/settings/store": {
        get: () => refuse(500, "internal", "The details could not be loaded."),
      },
    },
  },
};
export const LongText: Story = {
  parameters: {
    api: {
      "/api/v1/admin/settings/store": {
        get: () => ({
          store_details: {
            ...details,
            name: "Atelier London — Fine Skincare, Fragrance and Home, Made in Small Batches",
            address_line1: "Unit 14, The Old Print Works, 123–127 Great Portland Street",
            address_line2: "Fitzrovia, Second Floor, Entrance via the Courtyard",
          },
        }),
      },
    },
  },
};
