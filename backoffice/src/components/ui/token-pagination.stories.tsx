import type { Meta, StoryObj } from "@storybook/react-vite";
import { TokenPagination } from "./token-pagination";

const meta = {
  component: TokenPagination,
  args: {
    page: "t1",
    query: { data: { next_page_token: "t2" }, isPlaceholderData: false },
    noun: "API keys",
    onPage: () => {},
  },
} satisfies Meta<typeof TokenPagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {};
export const First: Story = { args: { page: "" } };
export const Last: Story = { args: { page: "t1 t2", query: { data: {}, isPlaceholderData: false } } };
export const Loading: Story = {
  args: { query: { data: { next_page_token: "t2" }, isPlaceholderData: true } },
};
