// The product's pictures: the main image (a button that opens it full screen), previous/next
// buttons and a thumbnail strip. The main image loads first, with high priority; it is the page's
// largest paint.
import { useState } from "react";
import { ImageDialog, StepButtons, wrapIndex } from "~/components/ui/image-dialog";
import { LineIcon } from "~/components/ui/line-icon";
import { ProductImage } from "~/components/ui/product-image";
import type { ImageView } from "~/lib/models/catalog";

type Props = {
  images: ImageView[];
  productName: string;
};

const mainSizes = "(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 620px";

export function Gallery({ images, productName }: Props) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const count = images.length;
  const several = count > 1;
  const current = images[Math.min(index, Math.max(count - 1, 0))];

  if (count === 0) {
    return (
      <div className="gallery">
        <div className="gallery__main">
          <ProductImage image={undefined} name={productName} sizes={mainSizes} />
        </div>
      </div>
    );
  }

  return (
    <div className="gallery">
      <div className="gallery__main">
        <button
          type="button"
          className="product-card__image-button gallery__zoom"
          aria-label="Zoom image"
          onClick={() => setZoomed(true)}
        >
          <ProductImage key={current?.src} image={current} name={productName} sizes={mainSizes} priority />
          <span className="gallery__zoom-icon" aria-hidden="true">
            <LineIcon size={20} box={20}>
              <circle cx="8.5" cy="8.5" r="5.5" />
              <path d="M12.5 12.5 17 17M8.5 6v5M6 8.5h5" />
            </LineIcon>
          </span>
        </button>
        {several && (
          <>
            <StepButtons onStep={(by) => setIndex((i) => wrapIndex(i, by, count))} />
            <p className="visually-hidden" aria-live="polite">
              Image {index + 1} of {count}
            </p>
          </>
        )}
      </div>
      {several && (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
              >
                <ProductImage image={image} name={productName} sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ImageDialog
        images={images}
        productName={productName}
        index={zoomed ? index : null}
        onIndexChange={setIndex}
        onClose={() => setZoomed(false)}
      />
    </div>
  );
}
