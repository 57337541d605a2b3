import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { type ProductAnswer, productKey, readProduct } from "./image-api";

/** The key every image change of a product runs under, so polling can wait for them. */
export function imageMutationKey(productId: string) {
  return ["admin-product-images", productId] as const;
}

/** ReorderVars is a new order and what it was based on. */
export type ReorderVars = {
  ids: string[];
  /** The revision the order was chosen from: a change made since refuses it (stale_revision). */
  revision: string;
  /** The primary image before the move. */
  primaryId: string | undefined;
};

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : "Something went wrong.";
}

/** inOrder returns the cached answer with its images in the order of ids, the first primary. */
function inOrder(answer: ProductAnswer | undefined, ids: string[]): ProductAnswer | undefined {
  const images = answer?.product?.images;
  if (!answer?.product || !images) return answer;
  const next = ids.flatMap((id) => images.filter((img) => img.id === id));
  if (next.length !== images.length) return answer;
  return {
    ...answer,
    product: { ...answer.product, images: next.map((img, i) => ({ ...img, primary: i === 0 })) },
  };
}

/**
 * useReorderImages sends a new order of a product's images. The first image is the primary one
 * (the shop shows it first everywhere), but the API keeps "primary" apart from the order: when
 * the order puts another image first, that image is then made primary too. The list moves at
 * once and moves back, with an error toast, when the API refuses.
 */
export function useReorderImages(productId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = productKey(productId);
  return useMutation({
    mutationKey: imageMutationKey(productId),
    mutationFn: async ({ ids, revision, primaryId }: ReorderVars) => {
      const answer = await unwrap(
        api.POST("/api/v1/admin/products/{product_id}/images:reorder", {
          params: { path: { product_id: productId } },
          body: { image_ids: ids, expected_revision: revision },
        }),
      );
      const first = ids[0];
      if (first === undefined || first === primaryId) return;
      await unwrap(
        api.PATCH("/api/v1/admin/products/{product_id}/images/{image_id}", {
          params: { path: { product_id: productId, image_id: first } },
          body: { primary: true, expected_revision: readProduct(answer.product).revision },
        }),
      );
    },
    onMutate: async ({ ids }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProductAnswer>(key);
      queryClient.setQueryData<ProductAnswer>(key, (old) => inOrder(old, ids));
      return { previous };
    },
    onError: (err, _vars, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast(`The new order of the images was not saved. ${messageOf(err)}`, "error");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** useSaveAlt saves one image's alt text; the caller shows a refusal by the field. */
export function useSaveAlt(productId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = productKey(productId);
  return useMutation({
    mutationKey: imageMutationKey(productId),
    mutationFn: ({ imageId, alt, revision }: { imageId: string; alt: string; revision: string }) =>
      unwrap(
        api.PATCH("/api/v1/admin/products/{product_id}/images/{image_id}", {
          params: { path: { product_id: productId, image_id: imageId } },
          body: { alt, expected_revision: revision },
        }),
      ),
    onSuccess: () => toast("Alt text saved."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** useDeleteImage removes one image (after the screen has asked). */
export function useDeleteImage(productId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = productKey(productId);
  return useMutation({
    mutationKey: imageMutationKey(productId),
    mutationFn: ({ imageId, revision }: { imageId: string; revision: string }) =>
      unwrap(
        api.DELETE("/api/v1/admin/products/{product_id}/images/{image_id}", {
          params: {
            path: { product_id: productId, image_id: imageId },
            query: { expected_revision: revision },
          },
        }),
      ),
    onSuccess: () => toast("Image deleted."),
    onError: (err) => toast(`The image was not deleted. ${messageOf(err)}`, "error"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
