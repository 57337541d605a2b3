import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { sampleProducts } from "./product-fixtures";
import ProductListScreen from "./product-list-screen";

const categories = { get: () => ({ categories: ["Maison Lumière", "Verdant & Co"] }) };

const meta = { component: ProductListScreen } satisfies Meta<typeof ProductListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  parameters: {
    url: "/products?sort=-price",
    api: {
      "/api/v1/admin/product-categories": categories,
      "/api/v1/admin/products": {
        get: () => ({ products: sampleProducts, total_count: 3, page: 1, page_size: 20, total_pages: 1 }),
      },
    },
  },
};

export const Loading: Story = {
  parameters: {
    api: {
      "/api/v1/admin/product-categories": categories,
      "/api/v1/admin/products": { get: () => new Promise<never>(() => {}) },
    },
  },
};

export const NoProductsYet: Story = {
  parameters: {
    api: {
      "/api/v1/admin/product-categories": categories,
      "/api/v1/admin/products": { get: () => ({ products: [], total_count: 0, page: 1, total_pages: 0 }) },
    },
  },
};

export const Failed: Story = {
  parameters: {
    api: {
      "/api/v1/admin/product-categories": categories,
      "/api/v1/admin/products": { get: () => refuse(500, "internal", "The products could not be loaded.") },
    },
  },
};
