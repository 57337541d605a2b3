// A product's pictures full screen, in a native modal <dialog>: the browser traps focus, Escape
// closes it and focus returns to whatever opened it. Arrow keys step through the pictures, wrapping
// at either end, and the page behind cannot scroll. Used by the product gallery and the shop's
// lightbox.
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { ProductImage } from "~/components/ui/product-image";
import { useScrollLock } from "~/lib/hooks/use-scroll-lock";
import type { ImageView } from "~/lib/models/catalog";
import "./image-dialog.css";

/** The index `step` pictures away from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Previous and Next buttons laid over a picture. */
export function StepButtons({ onStep }: { onStep: (by: 1 | -1) => void }) {
  return (
    <>
      <button
        type="button"
        className="step-button step-button--prev"
        aria-label="Previous image"
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="step-button step-button--next"
        aria-label="Next image"
        onClick={() => onStep(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}

type Props = {
  images: ImageView[];
  productName: string;
  /** The picture shown; null while closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Extra actions under the picture (e.g. a link to the product). */
  children?: ReactNode;
};

export function ImageDialog({ images, productName, index, onIndexChange, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = index !== null && images.length > 0;
  const current = open ? Math.min(index, images.length - 1) : 0;
  const several = images.length > 1;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useScrollLock(open);

  const step = (by: number) => onIndexChange(wrapIndex(current, by, images.length));

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    // Escape takes the same path as the Close button rather than relying on each browser's
    // close-request rules for modal dialogs.
    if (e.key === "Escape") {
      e.preventDefault();
      ref.current?.close();
      return;
    }
    if (!several) return;
    if (e.key === "ArrowRight") {
      e.preventDefault();
      step(1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      step(-1);
    }
  };

  // A click on the dialog element itself landed on the backdrop around the content.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      className="image-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {open && (
        <div className="image-dialog__content">
          <button
            type="button"
            className="dialog__close"
            aria-label="Close"
            onClick={() => ref.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
          <h2 id={titleId} className="image-dialog__title">
            {productName}
          </h2>
          <div className="image-dialog__stage">
            <ProductImage
              key={images[current]?.src}
              image={images[current]}
              name={productName}
              sizes="(max-width: 960px) 100vw, 960px"
              priority
              className="image-dialog__image"
            />
            {several && <StepButtons onStep={step} />}
          </div>
          <div className="image-dialog__footer">
            {several && (
              <p className="image-dialog__counter" aria-live="polite">
                Image {current + 1} of {images.length}
              </p>
            )}
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}
