import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { ApiError } from "~/lib/api/errors";
import { sampleProduct } from "./product-fixtures";
import { ProductForm } from "./product-form";
import { emptyProductForm, productFormValues } from "./product-form-schema";

const categories = ["Maison Lumière", "Verdant & Co"];

const meta = {
  component: ProductForm,
  args: {
    initial: emptyProductForm(),
    categories,
    submitLabel: "Create product",
    onSubmit: async () => {},
  },
} satisfies Meta<typeof ProductForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

export const Edit: Story = {
  args: { initial: productFormValues(sampleProduct()), submitLabel: "Save product" },
};

export const CategoriesLoading: Story = { args: { categories: undefined } };

export const Saving: Story = {
  args: { initial: productFormValues(sampleProduct()), submitLabel: "Save product", busy: true },
};

/** The schema refuses a negative price on the page and moves the focus to it. */
export const NegativePrice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Name" }), "Rose Balm");
    await userEvent.type(canvas.getByRole("textbox", { name: /Price/ }), "-3");
    await userEvent.click(canvas.getByRole("button", { name: "Create product" }));
    await expect(canvas.getByText("A price cannot be negative.")).toBeInTheDocument();
  },
};

/** The API's field violations land on their fields. */
export const ApiFieldErrors: Story = {
  args: {
    initial: productFormValues(sampleProduct()),
    submitLabel: "Save product",
    onSubmit: async () => {
      throw new ApiError({
        status: 400,
        reason: "sku_taken",
        message: 'another product already has SKU "ML-CREME-50"',
        fields: { sku: 'another product already has SKU "ML-CREME-50"' },
      });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Save product" }));
    await expect(await canvas.findByRole("textbox", { name: "SKU" })).toHaveFocus();
  },
};

export const LongText: Story = {
  args: {
    initial: productFormValues(
      sampleProduct({
        name: "Overnight Restorative Treatment with Squalane, Ceramides and Cold-Pressed Rosehip, 50 ml",
        description: "A rich, restorative night cream that works while you sleep. ".repeat(20),
        attributes: [
          { name: "category", value: "Maison Lumière" },
          ...Array.from({ length: 6 }, (_, i) => ({
            name: "feature",
            value: `Feature number ${i + 1} `.repeat(4),
          })),
        ],
      }),
    ),
    submitLabel: "Save product",
  },
};
