import type { Meta, StoryObj } from "@storybook/react-vite";
import { sampleChanges } from "./product-fixtures";
import { RevisionDiff } from "./revision-diff";

const meta = {
  component: RevisionDiff,
  args: { changes: sampleChanges, caption: "What revision 3 changed" },
} satisfies Meta<typeof RevisionDiff>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Changes: Story = {};

export const NothingChanged: Story = { args: { changes: [] } };

export const Creation: Story = {
  args: {
    changes: [
      { field: "name", before: "", after: "Crème Lumière" },
      { field: "price", before: "", after: "£84.00" },
      { field: "stock", before: "0", after: "12" },
      { field: "active", before: "false", after: "true" },
      { field: "images", before: "[]", after: '[{"id":"a","alt":"A jar of Crème Lumière","primary":true}]' },
    ],
  },
};

export const ArchivedAndImages: Story = {
  args: {
    changes: [
      { field: "archived", before: "", after: "2026-11-27T18:00:00Z" },
      {
        field: "images",
        before: '[{"id":"a","alt":"Front","primary":true},{"id":"b","alt":"Side","primary":false}]',
        after: '[{"id":"b","alt":"Side","primary":true},{"id":"a","alt":"","primary":false}]',
      },
    ],
  },
};

export const LongText: Story = {
  args: {
    changes: [
      {
        field: "description",
        before: "A rich, restorative night cream that works while you sleep. ".repeat(12),
        after: "A lighter, restorative night cream with squalane and ceramides. ".repeat(12),
      },
    ],
  },
};
