// The product images section's view of the admin API: the product as it is cached, the image
// fields it reads, and the uploader that sends one file with its progress.
import { apiErrorOf, networkError } from "~/lib/api/errors";
import type { components, paths } from "~/lib/api/schema.gen";

/** The query key of one admin product; the edit screen reads the same cache entry. */
export function productKey(productId: string) {
  return ["admin-product", productId] as const;
}

/** What the cache holds under productKey: GET /api/v1/admin/products/{product_id}'s answer. */
export type ProductAnswer = components["schemas"]["atelier.admin.v1.GetProductResponse"];

/** The answer to an upload, as the generated contract types it. */
export type UploadAnswer = components["schemas"]["atelier.admin.v1.UploadProductImageResponse"];

type Schemas = components["schemas"];
type ApiImage = Schemas["atelier.admin.v1.ProductImage"];

/** ImageVariant is one rendition of an image, with proto3's left-out zero values filled in. */
export type ImageVariant = Required<Schemas["atelier.admin.v1.ImageVariant"]>;

/**
 * ProductImage is the admin API's image with proto3's left-out zero values filled in (JSON omits
 * false, 0 and ""), so the section never checks for undefined; size_bytes (int64) is a number.
 */
export type ProductImage = Required<Omit<ApiImage, "state" | "size_bytes" | "variants" | "created_at">> & {
  state: ApiImage["state"];
  size_bytes: number;
  variants: ImageVariant[];
};

/** ImagesOfProduct is what this section reads of a product: who it is, its revision, its images. */
export type ImagesOfProduct = { id: string; name: string; revision: string; images: ProductImage[] };

/** readProduct reads a product answer's images, filling in the values proto3 JSON leaves out. */
export function readProduct(product: Schemas["atelier.admin.v1.Product"] | undefined): ImagesOfProduct {
  return {
    id: product?.id ?? "",
    name: product?.name ?? "",
    revision: product?.revision ?? "0",
    images: (product?.images ?? []).map((i) => ({
      id: i.id ?? "",
      state: i.state,
      failure_reason: i.failure_reason ?? "",
      alt: i.alt ?? "",
      primary: i.primary ?? false,
      width: i.width ?? 0,
      height: i.height ?? 0,
      size_bytes: Number(i.size_bytes ?? 0),
      content_type: i.content_type ?? "",
      variants: (i.variants ?? []).map((v) => ({
        url: v.url ?? "",
        width: v.width ?? 0,
        height: v.height ?? 0,
        content_type: v.content_type ?? "",
      })),
    })),
  };
}

/** imageState is an image's state in a word the screen switches on. */
export function imageState(image: ProductImage): "processing" | "ready" | "failed" {
  switch (image.state) {
    case "IMAGE_STATE_READY":
      return "ready";
    case "IMAGE_STATE_FAILED":
      return "failed";
    default:
      // Unspecified is treated as not ready yet: the poll will tell.
      return "processing";
  }
}

/** thumbnailOf is the narrowest rendition (the list shows small pictures), WebP or JPEG first. */
export function thumbnailOf(image: ProductImage): ImageVariant | undefined {
  const widths = image.variants.map((v) => v.width);
  if (widths.length === 0) return undefined;
  const narrowest = image.variants.filter((v) => v.width === Math.min(...widths));
  const rank = (v: ImageVariant) => ["image/webp", "image/jpeg"].indexOf(v.content_type) >>> 0;
  return [...narrowest].sort((a, b) => rank(a) - rank(b))[0];
}

/** Files over this size are accepted with a warning (the API's `large_file`; 2 MiB). */
export const largeFileBytes = 2 * 1024 * 1024;

/** The types the API accepts (it reads the type from the bytes; this only guides the picker). */
export const acceptedTypes = "image/jpeg,image/png,image/webp,image/avif";

/** UploadRequest is one file to add to a product, and where to report its progress. */
export type UploadRequest = {
  productId: string;
  file: File;
  onProgress: (loaded: number, total: number) => void;
};

/** Uploader sends one file; it resolves with the API's answer or rejects with an ApiError. */
export type Uploader = (request: UploadRequest) => Promise<UploadAnswer>;

const uploadPath = "/api/v1/admin/products/{product_id}/images" satisfies keyof paths;

/**
 * xhrUpload sends a file's bytes as the request body (the RPC's google.api.HttpBody) with the
 * file's own Content-Type, through the back office's API door on this origin, as the client does.
 * It uses XMLHttpRequest rather than the generated fetch client because fetch cannot report an
 * upload's progress, and each file gets a progress bar. The answer is typed with the generated
 * schema's type, and a refusal is read into an ApiError exactly as the client reads it.
 * No expected_revision is sent: an upload only adds, so it cannot overwrite anyone's change.
 */
export const xhrUpload: Uploader = ({ productId, file, onProgress }) =>
  new Promise<UploadAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/api${uploadPath.replace("{product_id}", encodeURIComponent(productId))}`);
    // An empty type would be refused by the door (a form could send it); the API reads the bytes.
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve((body ?? {}) as UploadAnswer);
      } else {
        reject(apiErrorOf(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(networkError(new Error(`upload of ${file.name} failed`)));
    xhr.onabort = xhr.onerror;
    xhr.send(file);
  });

/** refusalHint is the way forward for a refused upload, by the refusal's reason. */
export function refusalHint(reason: string): string | undefined {
  switch (reason) {
    case "unsupported_image_type":
      return "Use a JPEG, PNG, WebP or AVIF file.";
    case "image_too_large":
      return "Files can be at most 20 MB: export a smaller one.";
    case "image_too_many_pixels":
      return "Images can be at most 50 megapixels: scale it down first.";
    case "corrupt_image":
    case "empty_image":
      return "The file could not be read as an image: export it again.";
    default:
      return undefined;
  }
}

/** formatBytes writes a file size for people (en-GB, one decimal above 1 MB). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024)
    return `${(n / (1024 * 1024)).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;
  if (n >= 1024) return `${Math.round(n / 1024).toLocaleString("en-GB")} KB`;
  return `${n} bytes`;
}
