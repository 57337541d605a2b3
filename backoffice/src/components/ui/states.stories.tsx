import type { Meta, StoryObj } from "@storybook/react-vite";
import { ApiError } from "~/lib/api/errors";
import { Button } from "./button";
import { EmptyState, ErrorState, LoadingState } from "./states";

const meta = { component: LoadingState } satisfies Meta<typeof LoadingState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {};
export const Empty: Story = {
  render: () => (
    <EmptyState action={<Button>New product</Button>}>No products match these filters.</EmptyState>
  ),
};
export const Failed: Story = {
  render: () => (
    <ErrorState
      error={
        new ApiError({ status: 503, reason: "unavailable", message: "The shop's API is not answering." })
      }
      onRetry={() => {}}
    />
  ),
};
