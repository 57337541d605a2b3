import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import type { Account } from "./api";
import { UsersTable } from "./users-table";

const accounts: Account[] = [
  {
    id: "0b6a3f4e-6d2b-4a39-9d4e-3f1c2b7a5e10",
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@atelier.test",
    role: "ROLE_ADMIN",
    created_at: "2026-01-01T09:00:00Z",
    last_login_at: "2026-11-27T08:00:00Z",
  },
  {
    id: "5f0c7a2e-1b1d-4a8e-9b55-0d6c2b9f4a11",
    first_name: "Grace",
    last_name: "Hopper",
    email: "grace@example.test",
    role: "ROLE_CUSTOMER",
    created_at: "2026-10-01T09:00:00Z",
  },
  {
    id: "9a1e4c3b-2d5f-4e6a-8b7c-1d2e3f4a5b6c",
    first_name: "Maximilian-Alexander",
    last_name: "Fitzwilliam-Montgomery de la Tour d'Auvergne",
    email: "maximilian.alexander.fitzwilliam-montgomery@a-very-long-domain-name.example.co.uk",
    role: "ROLE_CUSTOMER",
    created_at: "2026-11-20T17:30:00Z",
    last_login_at: "2026-11-21T10:00:00Z",
  },
];

const path = "/api/v1/admin/accounts";
const meta = {
  component: UsersTable,
  parameters: { api: { [path]: { get: () => ({ accounts, next_page_token: "p2" }) } } },
} satisfies Meta<typeof UsersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = {
  parameters: { api: { [path]: { get: () => new Promise<never>(() => {}) } } },
};
export const Empty: Story = {
  parameters: { api: { [path]: { get: () => ({ accounts: [] }) } }, url: "/?q=nobody" },
};
export const Failed: Story = {
  parameters: {
    api: { [path]: { get: () => refuse(500, "internal", "The accounts could not be loaded.") } },
  },
};
