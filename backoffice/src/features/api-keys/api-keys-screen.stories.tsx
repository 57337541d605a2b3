import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { ApiKeysScreen } from "./api-keys-screen";
import { lookbook, retired, scopes, warehouse } from "./fixtures";

const path = "/api/v1/admin/api-keys";
const meta = {
  component: ApiKeysScreen,
  parameters: {
    api: {
      [path]: { get: () => ({ api_keys: [warehouse, lookbook, retired], next_page_token: "p2" }) },
      "/api/v1/admin/api-key-scopes": { get: () => ({ scopes }) },
    },
  },
} satisfies Meta<typeof ApiKeysScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { parameters: { url: "/?revoked=1" } };
export const Loading: Story = {
  parameters: { api: { [path]: { get: () => new Promise<never>(() => {}) } } },
};
export const Empty: Story = {
  parameters: { api: { [path]: { get: () => ({ api_keys: [] }) } } },
};
export const Failed: Story = {
  parameters: {
    api: { [path]: { get: () => refuse(500, "internal", "The API keys could not be loaded.") } },
  },
};
export const LongText: Story = {
  parameters: {
    api: {
      [path]: {
        get: () => ({
          api_keys: [
            {
              ...lookbook,
              name: "Maison Fitzwilliam-Montgomery de la Tour d'Auvergne — autumn/winter lookbook microsite (EU)",
              allowed_origins: [
                "https://lookbook.fitzwilliam-montgomery-de-la-tour-dauvergne.example.co.uk",
                "https://staging.lookbook.fitzwilliam-montgomery-de-la-tour-dauvergne.example.co.uk",
                "http://localhost:5173",
              ],
              created_by: {
                id: "9a1e4c3b-2d5f-4e6a-8b7c-1d2e3f4a5b6c",
                name: "Maximilian-Alexander Fitzwilliam-Montgomery",
                email: "max@a-very-long-domain-name.example.co.uk",
              },
            },
            {
              ...warehouse,
              scopes: ["carts:write", "checkout:write", "orders:read", "orders:write", "products:write"],
            },
          ],
        }),
      },
    },
  },
};
