import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { DashboardScreen } from "./dashboard-screen";
import { aDashboard, anEmptyShop } from "./fixtures";

const meta = {
  component: DashboardScreen,
  parameters: {
    api: { "/api/v1/admin/dashboard": { get: () => aDashboard() } },
  },
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shop: Story = {};

export const NinetyDays: Story = {
  parameters: {
    url: "/?days=90",
    api: { "/api/v1/admin/dashboard": { get: () => aDashboard(90) } },
  },
};

export const Loading: Story = {
  parameters: {
    api: { "/api/v1/admin/dashboard": { get: () => new Promise<never>(() => {}) } },
  },
};

export const EmptyShop: Story = {
  parameters: {
    api: { "/api/v1/admin/dashboard": { get: () => anEmptyShop() } },
  },
};

export const Failed: Story = {
  parameters: {
    api: {
      "/api/v1/admin/dashboard": {
        get: () => refuse(500, "internal", "The dashboard could not be read. Try again in a moment."),
      },
    },
  },
};

const long =
  "Hand-stitched double-faced cashmere and merino wool overcoat with horn buttons, limited autumn edition";

export const LongNames: Story = {
  parameters: {
    api: {
      "/api/v1/admin/dashboard": {
        get: () =>
          aDashboard(30, {
            total_revenue: { minor_units: "98765432109", currency_code: "GBP" },
            recent_orders: [
              {
                id: "5f0c1d2e-0000-4000-8000-000000000003",
                number: "AL-9Z9Z9Z9Z",
                customer_name: "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh",
                email: "maximiliana@example.com",
                total: { minor_units: "1234567", currency_code: "GBP" },
                status: "ORDER_STATUS_PAYMENT_FAILED",
                placed_at: "2026-11-27T09:00:00Z",
              },
            ],
            low_stock_products: [
              {
                id: "9a1b2c3d-0000-4000-8000-000000000003",
                name: long,
                sku: "OC-CASH-MERINO-AUT-2026-XL",
                stock: 1,
              },
              { id: "9a1b2c3d-0000-4000-8000-000000000004", name: `${long} (navy)`, sku: "", stock: 0 },
            ],
          }),
      },
    },
  },
};
