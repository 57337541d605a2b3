import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "./button";
import { PageHeader } from "./page-header";

const meta = { component: PageHeader, args: { title: "Products" } } satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {};
export const WithActions: Story = {
  args: { description: "Everything the shop sells.", actions: <Button>New product</Button> },
};
export const LongText: Story = {
  args: {
    title: "Crème Lumière Overnight Restorative Treatment with Squalane",
    description: "Revision 12 · saved 27 Nov 2026",
  },
};
