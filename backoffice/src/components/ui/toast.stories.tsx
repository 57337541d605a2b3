import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { useToast } from "./toast";

function Demo() {
  const notify = useToast();
  return (
    <div style={{ display: "flex", gap: "0.5rem" }}>
      <Button onClick={() => notify("Product saved")}>Show success</Button>
      <Button variant="danger" onClick={() => notify("The refund was refused", "error")}>
        Show error
      </Button>
    </div>
  );
}

const meta = { component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Toasts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Show success" }));
    await expect(await canvas.findByText("Product saved")).toBeInTheDocument();
  },
};
