import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { FakeRoutes } from "~/testing/fake-api";
import { refuse } from "~/testing/fake-api";
import type { ProductAnswer, Uploader } from "./image-api";
import { ProductImages } from "./product-images";
import { adminProduct, image, productId } from "./test-fixtures";

function answering(get: () => unknown): { api: FakeRoutes } {
  return { api: { "/api/v1/admin/products/{product_id}": { get: get as () => ProductAnswer } } };
}

/** An uploader that pretends: the bar fills over a second and a half, then the file is accepted. */
const pretendUpload: Uploader = ({ file, onProgress }) =>
  new Promise((resolve) => {
    let loaded = 0;
    const step = Math.max(1, Math.ceil(file.size / 10));
    const timer = setInterval(() => {
      loaded = Math.min(file.size, loaded + step);
      onProgress(loaded, file.size);
      if (loaded >= file.size) {
        clearInterval(timer);
        resolve(
          file.size > 2 * 1024 * 1024
            ? {
                warnings: [
                  { reason: "large_file", message: "This file is large: consider a smaller original." },
                ],
              }
            : {},
        );
      }
    }, 150);
  });

const meta = {
  component: ProductImages,
  args: { productId, upload: pretendUpload },
} satisfies Meta<typeof ProductImages>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: answering(() => new Promise(() => {})),
};

export const Empty: Story = {
  parameters: answering(() => adminProduct([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/This product has no images yet/)).toBeInTheDocument();
  },
};

export const Ready: Story = {
  parameters: answering(() =>
    adminProduct([
      image("a", { alt: "The jar of Rose Night Cream, front", primary: true }),
      image("b", { alt: "The lid open, showing the cream" }),
      image("c", { alt: "The label with the ingredients" }),
    ]),
  ),
};

export const ProcessingAndFailed: Story = {
  parameters: answering(() =>
    adminProduct([
      image("a", { alt: "The jar of Rose Night Cream, front", primary: true }),
      image("b", { alt: "The lid open", state: "IMAGE_STATE_PROCESSING" }),
      image("c", {
        alt: "A blurry photo",
        state: "IMAGE_STATE_FAILED",
        failure_reason: "the file is corrupt",
      }),
    ]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Processing…")).toBeInTheDocument();
    await expect(canvas.getByText(/Processing failed: the file is corrupt/)).toBeInTheDocument();
  },
};

export const LongAltText: Story = {
  parameters: answering(() =>
    adminProduct([
      image("a", {
        alt: "A tall frosted-glass jar of Rose Night Cream standing on a pale marble shelf beside a sprig of dried damask roses, its brushed-gold lid set slightly ajar to show the soft pink cream inside, with morning light falling from the left across the embossed Maison Lumière monogram on the label and the shelf's veined surface",
        primary: true,
      }),
      image("b", { alt: "Lid open" }),
    ]),
  ),
};

export const Failed: Story = {
  parameters: answering(() =>
    refuse(404, "product_not_found", "This product does not exist (it may have been archived and purged)."),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("This product does not exist");
  },
};
