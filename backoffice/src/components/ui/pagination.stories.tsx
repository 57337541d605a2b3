import type { Meta, StoryObj } from "@storybook/react-vite";
import { Pagination } from "./pagination";

const meta = {
  component: Pagination,
  args: { page: 2, totalPages: 9, totalCount: 104, noun: "products", onPageChange: () => {} },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {};
export const First: Story = { args: { page: 1 } };
export const Single: Story = { args: { page: 1, totalPages: 1, totalCount: 3 } };
