import { useSortable } from "@dnd-kit/sortable";
import { type FormEvent, useId, useRef, useState } from "react";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { StatusBadge } from "~/components/ui/status-badge";
import { ApiError } from "~/lib/api/errors";
import { formatBytes, imageState, type ProductImage, thumbnailOf } from "./image-api";
import { useSaveAlt } from "./use-image-actions";

/** The buttons of a row that keep focus when the row moves. */
export type MoveControl = "earlier" | "later" | "primary";

export type ImageRowProps = {
  productId: string;
  revision: string;
  image: ProductImage;
  index: number;
  count: number;
  /** Whether a change to the order is on its way (moves wait for it). */
  moving: boolean;
  onMove: (from: number, to: number, control: MoveControl) => void;
  onDelete: (image: ProductImage) => void;
  controlRef: (control: MoveControl, el: HTMLButtonElement | null) => void;
};

/**
 * ImageRow is one image of the list: its picture (or its state), position, primary mark, alt
 * text, and the keyboard and screen-reader way to reorder it (the drag handle is the other).
 */
export function ImageRow({
  productId,
  revision,
  image,
  index,
  count,
  moving,
  onMove,
  onDelete,
  controlRef,
}: ImageRowProps) {
  const titleId = useId();
  const sortable = useSortable({ id: image.id });
  const { transform, transition, isDragging } = sortable;
  const state = imageState(image);
  const thumb = thumbnailOf(image);
  const position = `Image ${index + 1} of ${count}`;
  const style = {
    transform: transform
      ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
      : undefined,
    transition,
  };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={isDragging ? "image-row image-row--dragging" : "image-row"}
      aria-labelledby={titleId}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        className="image-row__handle"
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={`Drag ${position.toLowerCase()} to reorder`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="image-row__picture">
        {state === "ready" && thumb ? (
          <img src={thumb.url} alt={image.alt} width={thumb.width} height={thumb.height} loading="lazy" />
        ) : (
          <span className={`image-row__placeholder image-row__placeholder--${state}`}>
            {state === "failed" ? "Failed" : "Processing…"}
          </span>
        )}
      </div>
      <div className="image-row__body">
        <div className="image-row__title">
          <h3 id={titleId}>{position}</h3>
          {image.primary ? <StatusBadge tone="info">Primary</StatusBadge> : null}
          {state === "processing" ? <StatusBadge tone="warning">Processing</StatusBadge> : null}
          {state === "failed" ? <StatusBadge tone="bad">Failed</StatusBadge> : null}
        </div>
        <p className="image-row__meta">
          {[
            image.width && image.height ? `${image.width} × ${image.height} px` : "",
            image.size_bytes ? formatBytes(image.size_bytes) : "",
            image.content_type,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {state === "failed" ? (
          <p className="image-row__failure">
            Processing failed{image.failure_reason ? `: ${image.failure_reason}` : ""}. Delete it and upload
            the file again.
          </p>
        ) : null}
        <AltEditor productId={productId} revision={revision} image={image} />
      </div>
      <div className="image-row__actions">
        <button
          type="button"
          className="button button--secondary"
          ref={(el) => controlRef("earlier", el)}
          disabled={index === 0}
          aria-disabled={moving || undefined}
          onClick={() => !moving && onMove(index, index - 1, "earlier")}
        >
          Move earlier
        </button>
        <button
          type="button"
          className="button button--secondary"
          ref={(el) => controlRef("later", el)}
          disabled={index === count - 1}
          aria-disabled={moving || undefined}
          onClick={() => !moving && onMove(index, index + 1, "later")}
        >
          Move later
        </button>
        {index === 0 && image.primary ? null : (
          <button
            type="button"
            className="button button--secondary"
            ref={(el) => controlRef("primary", el)}
            aria-disabled={moving || undefined}
            onClick={() => !moving && onMove(index, 0, "primary")}
          >
            Make primary
          </button>
        )}
        <Button variant="danger" onClick={() => onDelete(image)}>
          Delete
        </Button>
      </div>
    </li>
  );
}

const altSchema = z
  .string()
  .trim()
  .min(1, "Describe the picture: alt text cannot be empty.")
  .max(250, "Alt text must be at most 250 characters.");

/**
 * AltEditor edits one image's alt text, saved on leaving the field or with Save. The draft
 * follows the saved text when it changes on the server (another admin, a restore), unless the
 * admin is midway through an edit of their own.
 */
function AltEditor({
  productId,
  revision,
  image,
}: {
  productId: string;
  revision: string;
  image: ProductImage;
}) {
  const [draft, setDraft] = useState(image.alt);
  const [base, setBase] = useState(image.alt);
  const [error, setError] = useState<string>();
  const sending = useRef<string | null>(null);
  const save = useSaveAlt(productId);
  if (base !== image.alt) {
    setBase(image.alt);
    sending.current = null;
    if (draft.trim() === base.trim()) setDraft(image.alt);
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    const parsed = altSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    const alt = parsed.data;
    if (alt === image.alt || sending.current === alt) return;
    setError(undefined);
    sending.current = alt;
    save.mutate(
      { imageId: image.id, alt, revision },
      {
        onError: (err) => {
          // Kept after a success until the saved text arrives, so a second blur sends nothing.
          sending.current = null;
          setError(err instanceof ApiError ? (err.fields.alt ?? err.message) : "Not saved.");
        },
      },
    );
  }

  return (
    <form className="alt-editor" onSubmit={submit} noValidate>
      <TextField
        label="Alt text"
        hint="Describe the picture for someone who cannot see it (at most 250 characters)."
        value={draft}
        error={error}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => submit()}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        Save
      </Button>
    </form>
  );
}
