import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { PagesTable } from "./pages-list";
import type { AdminPage } from "./types";

const pages: AdminPage[] = [
  {
    slug: "privacy",
    title: "Privacy policy",
    updated_at: "2026-11-20T10:00:00Z",
    updated_by: { display_name: "Ada" },
  },
  { slug: "terms", title: "Terms and conditions", updated_at: "2026-10-02T09:30:00Z" },
  {
    slug: "faq-about-delivery-returns-and-gift-wrapping",
    title: "Frequently asked questions about delivery, returns, gift wrapping and our ingredients",
    updated_at: "2026-09-12T16:45:00Z",
  },
];

const meta = {
  component: PagesTable,
  parameters: { api: { "/api/v1/admin/pages": { get: () => ({ pages }) } } },
} satisfies Meta<typeof PagesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = {
  parameters: { api: { "/api/v1/admin/pages": { get: () => new Promise<never>(() => {}) } } },
};
export const Empty: Story = {
  parameters: { api: { "/api/v1/admin/pages": { get: () => ({ pages: [] }) } } },
};
export const Failed: Story = {
  parameters: {
    api: { "/api/v1/admin/pages": { get: () => refuse(500, "internal", "The pages could not be loaded.") } },
  },
};
