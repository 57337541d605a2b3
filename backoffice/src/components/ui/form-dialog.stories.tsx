import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "./button";
import { TextField } from "./field";
import { FormDialog } from "./form-dialog";

const meta = {
  component: FormDialog,
  args: {
    title: "New API key",
    onEscape: () => {},
    children: (
      <form>
        <TextField label="Name" name="name" />
        <div className="form-dialog__actions">
          <Button variant="secondary">Cancel</Button>
          <Button>Create key</Button>
        </div>
      </form>
    ),
  },
} satisfies Meta<typeof FormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Regular: Story = {};
export const Narrow: Story = { args: { size: "narrow", title: "Ship order AT-10042" } };
export const Wide: Story = { args: { size: "wide", title: "New webhook endpoint" } };
