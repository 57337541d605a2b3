import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { PageEditor } from "./page-editor";
import type { AdminPage } from "./types";

const privacy: AdminPage = {
  slug: "privacy",
  title: "Privacy policy",
  html: "<h2>Who we are</h2><p>Atelier London sells skincare made in small batches.</p><ul><li>We keep your data safe.</li><li>We never sell it.</li></ul>",
  built_in: true,
  revision: "3",
  updated_at: "2026-11-20T10:00:00Z",
  updated_by: { display_name: "Ada Lovelace" },
};

const long: AdminPage = {
  ...privacy,
  title: "Frequently asked questions about delivery, returns, gift wrapping and our ingredients",
  html: Array.from(
    { length: 40 },
    (_, i) => `<h3>Question ${i + 1}</h3><p>${"A long answer. ".repeat(20)}</p>`,
  ).join(""),
};

const meta = {
  component: PageEditor,
  args: { slug: "privacy" },
  parameters: { api: { "/api/v1/admin/pages/{slug}": { get: () => ({ page: privacy }) } } },
} satisfies Meta<typeof PageEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = {
  parameters: { api: { "/api/v1/admin/pages/{slug}": { get: () => new Promise<never>(() => {}) } } },
};
export const Failed: Story = {
  parameters: {
    api: {
      "/api/v1/admin/pages/{slug}": { get: () => refuse(500, "internal", "The page could not be loaded.") },
    },
  },
};
export const NotFound: Story = {
  args: { slug: "shipping" },
  parameters: {
    api: {
      "/api/v1/admin/pages/{slug}": { get: () => refuse(404, "page_not_found", 'page "shipping" not found') },
    },
  },
};
export const LongText: Story = {
  parameters: { api: { "/api/v1/admin/pages/{slug}": { get: () => ({ page: long }) } } },
};
