import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api/errors";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import type { ProductAnswer, UploadAnswer, UploadRequest } from "./image-api";
import { ProductImages } from "./product-images";
import { adminProduct, image, productId } from "./test-fixtures";

const productPath = "/api/v1/admin/products/{product_id}";

/** The fake answers a product; the admin fields travel as on the wire (see image-api.ts). */
function withProduct(answer: () => unknown, more: FakeRoutes = {}): FakeRoutes {
  return { [productPath]: { get: () => answer() as ProductAnswer }, ...more };
}

function renderImages(api: FakeRoutes, upload?: (r: UploadRequest) => Promise<UploadAnswer>) {
  return renderRoutes([{ path: "*", element: <ProductImages productId={productId} upload={upload} /> }], {
    api,
  });
}

const three = () =>
  adminProduct([
    image("a", { alt: "Front of the jar", primary: true }),
    image("b", { alt: "Lid open" }),
    image("c", { alt: "Label" }),
  ]);

describe("ProductImages", () => {
  it("shows each image's state: processing, ready with its thumbnail, failed", async () => {
    renderImages(
      withProduct(() =>
        adminProduct([
          image("a", { alt: "Front of the jar", primary: true }),
          image("b", { alt: "Lid open", state: "IMAGE_STATE_PROCESSING" }),
          image("c", { alt: "Label", state: "IMAGE_STATE_FAILED", failure_reason: "the file is corrupt" }),
        ]),
      ),
    );
    const first = await screen.findByRole("listitem", { name: "Image 1 of 3" });
    expect(within(first).getByRole("img", { name: "Front of the jar" })).toHaveAttribute(
      "src",
      "https://media.test/a-400.webp",
    );
    expect(within(first).getByText("Primary")).toBeInTheDocument();
    const second = screen.getByRole("listitem", { name: "Image 2 of 3" });
    expect(within(second).getByText("Processing…")).toBeInTheDocument();
    expect(within(second).queryByRole("img")).not.toBeInTheDocument();
    const third = screen.getByRole("listitem", { name: "Image 3 of 3" });
    expect(within(third).getByText(/Processing failed: the file is corrupt/)).toBeInTheDocument();
  });

  it("says when the product has no images yet", async () => {
    renderImages(withProduct(() => adminProduct([])));
    expect(await screen.findByText(/This product has no images yet/)).toBeInTheDocument();
    expect(screen.getByLabelText("Choose images")).toBeInTheDocument();
  });

  it("shows the API's refusal to load the product", async () => {
    renderImages({ [productPath]: { get: () => refuse(404, "product_not_found", "No such product.") } });
    expect(await screen.findByRole("alert")).toHaveTextContent("No such product.");
  });

  it("moves an image later from the keyboard and sends the new order", async () => {
    const { user, calls } = renderImages(
      withProduct(three, {
        "/api/v1/admin/products/{product_id}/images:reorder": { post: () => three() },
      }),
    );
    const first = await screen.findByRole("listitem", { name: "Image 2 of 3" });
    within(first).getByRole("button", { name: "Move later" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("/images:reorder"))).toBe(true));
    expect(calls.find((c) => c.path.endsWith("/images:reorder"))?.body).toEqual({
      image_ids: [id("a"), id("c"), id("b")],
      expected_revision: "7",
    });
    // The first image did not change, so nothing else is sent.
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    expect(screen.getByText("Image moved to position 3 of 3.")).toBeInTheDocument();
  });

  it("makes an image primary by moving it first and marking it primary", async () => {
    // The fake keeps the product's state, as the API does: order and primary apart.
    let product = three().product;
    const { user, calls } = renderImages(
      withProduct(() => ({ product }), {
        "/api/v1/admin/products/{product_id}/images:reorder": {
          post: (req) => {
            const ids: string[] = req.body.image_ids;
            product = {
              ...product,
              revision: "8",
              images: ids.flatMap((i) => product.images.filter((m) => m.id === i)),
            };
            return { product };
          },
        },
        "/api/v1/admin/products/{product_id}/images/{image_id}": {
          patch: (req) => {
            product = {
              ...product,
              revision: "9",
              images: product.images.map((m) => ({ ...m, primary: m.id === req.params.image_id })),
            };
            return { product };
          },
        },
      }),
    );
    const third = await screen.findByRole("listitem", { name: "Image 3 of 3" });
    expect(
      within(screen.getByRole("listitem", { name: "Image 1 of 3" })).queryByRole("button", {
        name: "Make primary",
      }),
    ).not.toBeInTheDocument();
    await user.click(within(third).getByRole("button", { name: "Make primary" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.path.endsWith("/images:reorder"))?.body).toEqual({
      image_ids: [id("c"), id("a"), id("b")],
      expected_revision: "7",
    });
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe(`/api/v1/admin/products/${productId}/images/${id("c")}`);
    expect(patch?.body).toEqual({ primary: true, expected_revision: "8" });
    const nowFirst = screen.getByRole("listitem", { name: "Image 1 of 3" });
    expect(within(nowFirst).getByRole("textbox", { name: "Alt text" })).toHaveValue("Label");
    expect(within(nowFirst).getByText("Primary")).toBeInTheDocument();
    expect(within(nowFirst).getByRole("button", { name: "Move later" })).toHaveFocus();
    expect(screen.getAllByText("Primary")).toHaveLength(1);
  });

  it("makes a first image that is not primary (as a restore can leave it) the primary one", async () => {
    const { user, calls } = renderImages(
      withProduct(
        () => adminProduct([image("a", { alt: "Front" }), image("b", { alt: "Back", primary: true })]),
        {
          "/api/v1/admin/products/{product_id}/images:reorder": { post: () => three() },
          "/api/v1/admin/products/{product_id}/images/{image_id}": { patch: () => three() },
        },
      ),
    );
    const first = await screen.findByRole("listitem", { name: "Image 1 of 2" });
    expect(
      within(screen.getByRole("listitem", { name: "Image 2 of 2" })).getByText("Primary"),
    ).toBeInTheDocument();
    await user.click(within(first).getByRole("button", { name: "Make primary" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.path.endsWith("/images:reorder"))?.body).toEqual({
      image_ids: [id("a"), id("b")],
      expected_revision: "7",
    });
    expect(calls.find((c) => c.method === "PATCH")?.path).toBe(
      `/api/v1/admin/products/${productId}/images/${id("a")}`,
    );
  });

  it("puts the images back and says so when the API refuses the new order", async () => {
    const { user } = renderImages(
      withProduct(three, {
        "/api/v1/admin/products/{product_id}/images:reorder": {
          post: () =>
            refuse(409, "stale_revision", "Changed by Grace Hopper at 14:02 — reload to see the changes."),
        },
      }),
    );
    const first = await screen.findByRole("listitem", { name: "Image 1 of 3" });
    await user.click(within(first).getByRole("button", { name: "Move later" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The new order of the images was not saved. Changed by Grace Hopper at 14:02",
    );
    expect(
      within(screen.getByRole("listitem", { name: "Image 1 of 3" })).getByRole("textbox", {
        name: "Alt text",
      }),
    ).toHaveValue("Front of the jar");
  });

  it("saves alt text on Save and says so", async () => {
    let saved = "Lid open";
    const { user, calls } = renderImages(
      withProduct(
        () =>
          adminProduct([image("a", { alt: "Front of the jar", primary: true }), image("b", { alt: saved })]),
        {
          "/api/v1/admin/products/{product_id}/images/{image_id}": {
            patch: (req) => {
              saved = req.body.alt;
              return three();
            },
          },
        },
      ),
    );
    const row = await screen.findByRole("listitem", { name: "Image 2 of 2" });
    const field = within(row).getByRole("textbox", { name: "Alt text" });
    await user.clear(field);
    await user.type(field, "  The lid, open, showing the cream  ");
    await user.click(within(row).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Alt text saved.")).toBeInTheDocument();
    const patches = calls.filter((c) => c.method === "PATCH");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.path).toBe(`/api/v1/admin/products/${productId}/images/${id("b")}`);
    expect(patches[0]?.body).toEqual({ alt: "The lid, open, showing the cream", expected_revision: "7" });
  });

  it("refuses empty alt text before sending, and shows the API's refusal by the field", async () => {
    const { user, calls } = renderImages(
      withProduct(three, {
        "/api/v1/admin/products/{product_id}/images/{image_id}": {
          patch: () =>
            refuse(400, "alt_too_long", "alt text must be at most 250 characters", {
              fields: { alt: "alt text must be at most 250 characters" },
            }),
        },
      }),
    );
    const row = await screen.findByRole("listitem", { name: "Image 1 of 3" });
    const field = within(row).getByRole("textbox", { name: "Alt text" });
    await user.clear(field);
    await user.tab();
    expect(field).toHaveAccessibleDescription(/alt text cannot be empty/);
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    await user.type(field, "A jar");
    await user.tab();
    await waitFor(() => expect(field).toHaveAccessibleDescription(/at most 250 characters$/));
  });

  it("asks before deleting an image, then deletes it", async () => {
    const { user, calls } = renderImages(
      withProduct(three, {
        "/api/v1/admin/products/{product_id}/images/{image_id}": { delete: () => three() },
      }),
    );
    const row = await screen.findByRole("listitem", { name: "Image 2 of 3" });
    await user.click(within(row).getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this image?" });
    expect(dialog).toHaveTextContent("“Lid open” will be removed");
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete image" }));
    expect(await screen.findByText("Image deleted.")).toBeInTheDocument();
    const del = calls.find((c) => c.method === "DELETE");
    expect(del?.path).toBe(`/api/v1/admin/products/${productId}/images/${id("b")}`);
    expect(del?.query.get("expected_revision")).toBe("7");
  });

  it("uploads two files with a progress bar each and the 2 MB warning", async () => {
    const pending: { request: UploadRequest; resolve: (a: UploadAnswer) => void }[] = [];
    const upload = (request: UploadRequest) =>
      new Promise<UploadAnswer>((resolve) => {
        pending.push({ request, resolve });
      });
    const { user } = renderImages(
      withProduct(() => adminProduct([])),
      upload,
    );
    const small = new File(["small"], "small.jpg", { type: "image/jpeg" });
    const big = new File(["big"], "big.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 3 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText("Choose images"), [small, big]);

    const bars = screen.getAllByRole("progressbar");
    expect(bars).toHaveLength(2);
    expect(screen.getByRole("progressbar", { name: /small\.jpg/ })).toBeInTheDocument();
    expect(screen.getByText(/This file is over 2 MB \(3 MB\)/)).toBeInTheDocument();
    // One after the other, in the order chosen.
    expect(pending).toHaveLength(1);
    act(() => pending[0]?.request.onProgress(2, 5));
    expect(screen.getByRole("progressbar", { name: /small\.jpg/ })).toHaveAttribute("value", "2");
    expect(screen.getByText("Uploading, 40%")).toBeInTheDocument();
    await act(async () => pending[0]?.resolve({}));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]?.request.file.name).toBe("big.png");
    await act(async () =>
      pending[1]?.resolve({
        warnings: [{ reason: "large_file", message: "This file is large: consider a smaller one." }],
      }),
    );
    expect(await screen.findByText("This file is large: consider a smaller one.")).toBeInTheDocument();
    expect(await screen.findByText("2 images uploaded: processing.")).toBeInTheDocument();
  });

  it("shows a refused upload with the API's message and the way forward, file by file", async () => {
    const upload = async ({ file }: UploadRequest): Promise<UploadAnswer> => {
      if (file.name === "notes.gif") {
        throw new ApiError({
          status: 400,
          reason: "unsupported_image_type",
          message: "GIF images are not accepted.",
        });
      }
      return {};
    };
    renderImages(
      withProduct(() => adminProduct([])),
      upload,
    );
    const zone = await screen.findByRole("region", { name: "Drop images here" });
    fireEvent.drop(zone, {
      dataTransfer: {
        files: [
          new File(["x"], "good.webp", { type: "image/webp" }),
          new File(["x"], "notes.gif", { type: "image/gif" }),
        ],
      },
    });
    const refusal = await screen.findByText("notes.gif was not uploaded");
    const alert = refusal.closest("[role=alert]");
    expect(alert).toHaveTextContent("GIF images are not accepted.");
    expect(alert).toHaveTextContent("Use a JPEG, PNG, WebP or AVIF file.");
    expect(await screen.findByText("1 of 2 images uploaded; 1 refused.")).toBeInTheDocument();
    expect(screen.getAllByRole("progressbar")).toHaveLength(1);
  });
});

function id(name: string): string {
  return image(name).id;
}
