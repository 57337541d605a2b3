// Products with images for the section's tests and stories, in the admin API's wire format.
// The admin fields (revision, state, failure_reason, size_bytes) are missing from the generated
// schema (see image-api.ts), so these are plain objects, read by readProduct like the answers.

export const productId = "5d0c1c52-7a7e-4c52-9a51-3b1a2f0e7c11";

type ImageFields = {
  alt?: string;
  primary?: boolean;
  state?: "IMAGE_STATE_PROCESSING" | "IMAGE_STATE_READY" | "IMAGE_STATE_FAILED";
  failure_reason?: string;
};

/** image is a ready image named by a short name (its id is a UUID made from the name). */
export function image(name: string, fields: ImageFields = {}) {
  const hex = Array.from(name, (c) => c.charCodeAt(0).toString(16))
    .join("")
    .padStart(12, "0")
    .slice(-12);
  const state = fields.state ?? "IMAGE_STATE_READY";
  const widths = state === "IMAGE_STATE_READY" ? [400, 800] : [];
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    state,
    ...(fields.failure_reason ? { failure_reason: fields.failure_reason } : {}),
    alt: fields.alt ?? `Picture ${name}`,
    ...(fields.primary ? { primary: true } : {}),
    width: 1600,
    height: 1200,
    size_bytes: "482133",
    content_type: "image/jpeg",
    variants: widths.flatMap((w) =>
      ["avif", "webp", "jpeg"].map((ext) => ({
        url: `https://media.test/${name}-${w}.${ext}`,
        width: w,
        height: (w * 3) / 4,
        content_type: `image/${ext}`,
      })),
    ),
  };
}

/** adminProduct is a product answer (GET /api/v1/admin/products/{id}) with these images. */
export function adminProduct(images: ReturnType<typeof image>[]) {
  return { product: { id: productId, name: "Rose Night Cream", revision: "7", images } };
}
