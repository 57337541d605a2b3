import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { useIsMutating, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "~/components/ui/states";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import {
  type ImagesOfProduct,
  imageState,
  type ProductAnswer,
  type ProductImage,
  productKey,
  readProduct,
  type Uploader,
  xhrUpload,
} from "./image-api";
import { ImageRow, type MoveControl } from "./image-row";
import { ImageUploads } from "./image-uploads";
import { imageMutationKey, useDeleteImage, useReorderImages } from "./use-image-actions";
import "./product-images.css";

/** How often a product with images still processing is read again. */
const pollMs = 2000;

function selectImages(answer: ProductAnswer): ImagesOfProduct {
  return readProduct(answer.product);
}

/**
 * ProductImages is the images section of the product edit screen: upload (several files at
 * once, with progress), the images in order with their processing state, reorder by drag or by
 * buttons, primary, alt text and delete. It reads the product from the cache entry the edit
 * screen uses (["admin-product", id]) and refreshes it after every change, so the screen's
 * revision stays current. `upload` sends one file (XMLHttpRequest by default; tests and stories
 * pass their own).
 */
export function ProductImages({ productId, upload = xhrUpload }: { productId: string; upload?: Uploader }) {
  const api = useApi();
  const headingId = useId();
  const changing = useIsMutating({ mutationKey: imageMutationKey(productId) }) > 0;
  const query = useQuery({
    queryKey: productKey(productId),
    queryFn: () =>
      unwrap(api.GET("/api/v1/admin/products/{product_id}", { params: { path: { product_id: productId } } })),
    select: selectImages,
    // Read again only while an image is being processed, and not while a change is on its way
    // (an older answer would undo the list's optimistic order for a moment).
    refetchInterval: (q) =>
      !changing && readProduct(q.state.data?.product).images.some((i) => imageState(i) === "processing")
        ? pollMs
        : false,
  });

  let body: ReactNode;
  if (query.data) {
    body = (
      <>
        <ImageUploads productId={productId} upload={upload} />
        {query.data.images.length === 0 ? (
          <EmptyState>
            This product has no images yet. The first one uploaded becomes its primary image.
          </EmptyState>
        ) : (
          <ImageList productId={productId} product={query.data} />
        )}
      </>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <LoadingState label="Loading images..." />;
  }

  return (
    <section className="product-images panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Images</h2>
      {body}
    </section>
  );
}

function ImageList({ productId, product }: { productId: string; product: ImagesOfProduct }) {
  const { images, revision } = product;
  const ids = images.map((i) => i.id);
  const count = ids.length;
  const reorder = useReorderImages(productId);
  const remove = useDeleteImage(productId);
  const [deleting, setDeleting] = useState<ProductImage | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusAfterMove, setFocusAfterMove] = useState<{
    id: string;
    to: number;
    control: MoveControl;
  } | null>(null);
  const controls = useRef(new Map<string, Partial<Record<MoveControl, HTMLButtonElement | null>>>());
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // A moved row is put back in the DOM elsewhere, which drops the focus of the button pressed:
  // give it back (to the other move button when the one pressed has just been disabled).
  useEffect(() => {
    if (!focusAfterMove) return;
    const at = ids.indexOf(focusAfterMove.id);
    // The new order lands in the cache a moment after the click: wait for it.
    if (at !== focusAfterMove.to) return;
    const row = controls.current.get(focusAfterMove.id);
    let control: MoveControl = focusAfterMove.control;
    if (control === "primary" || (control === "earlier" && at === 0)) control = "later";
    if (control === "later" && at === count - 1) control = "earlier";
    row?.[control]?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, ids, count]);

  function move(from: number, to: number, control?: MoveControl) {
    const id = ids[from];
    if (id === undefined || to < 0 || to >= count || reorder.isPending) return;
    // Staying in place is a change only when it makes a first image that is not primary (as a
    // restore can leave it) the primary one.
    if (from === to && !(to === 0 && !images[0]?.primary)) return;
    reorder.mutate({ ids: arrayMove(ids, from, to), revision, primaryId: images.find((i) => i.primary)?.id });
    setAnnouncement(
      to === 0
        ? `Image moved to position 1 of ${count}: it is now the primary image.`
        : `Image moved to position ${to + 1} of ${count}.`,
    );
    if (control) setFocusAfterMove({ id, to, control });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  const at = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${at(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Image ${at(active.id)} is over position ${at(over.id)} of ${count}.`
        : `Image ${at(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Image ${at(active.id)} was dropped at position ${at(over.id)} of ${count}.`
        : "The image was dropped.",
    onDragCancel: ({ active }) => `Moving image ${at(active.id)} was cancelled; it is back in its place.`,
  };

  return (
    <>
      <p className="product-images__intro">
        The first image is the primary one: the shop shows it first. Drag an image by its handle, or use Move
        earlier and Move later.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To pick up an image, press Space or Enter. Move it with the arrow keys, drop it with Space or Enter, or cancel with Escape.",
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="product-images__list" aria-label="Images in order">
            {images.map((image, index) => (
              <ImageRow
                key={image.id}
                productId={productId}
                revision={revision}
                image={image}
                index={index}
                count={count}
                moving={reorder.isPending}
                onMove={move}
                onDelete={setDeleting}
                controlRef={(control, el) => {
                  const row = controls.current.get(image.id) ?? {};
                  row[control] = el;
                  controls.current.set(image.id, row);
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this image?"
        confirmLabel="Delete image"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate({ imageId: deleting.id, revision }, { onSettled: () => setDeleting(null) });
        }}
      >
        <p>
          “{deleting?.alt}” will be removed from the product and the shop, and its files deleted. This cannot
          be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
