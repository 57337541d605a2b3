// The product's pictures. Wide screens: the main image (a button that opens it full screen),
// previous/next buttons and a thumbnail strip. Phones: a short strip of every picture that swipes
// sideways (scroll snap), so the name, price and Add to Cart follow on the first screen. The
// buttons need JavaScript: before (or without) it they are not drawn, and the thumbnails are plain
// pictures. The first image loads first, with high priority; it is the page's largest paint.
import { useState } from "react";
import { ImageDialog, StepButtons, wrapIndex } from "~/components/ui/image-dialog";
import { LineIcon } from "~/components/ui/line-icon";
import { ProductImage } from "~/components/ui/product-image";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { ImageView } from "~/lib/models/catalog";

type Props = {
  images: ImageView[];
  productName: string;
};

// Each layout is hidden (display: none) at the other's widths, where its first picture is never
// asked for (drawnAt); should a browser fetch it anyway, the sizes ask for the smallest file.
const phones = "(max-width: 767px)";
const wide = "(min-width: 768px)";
const mainSizes = "(max-width: 767px) 1px, (max-width: 1023px) 50vw, 620px";
const stripSizes = "(max-width: 767px) 70vw, 1px";

/** Phones: every picture in a row that scrolls sideways, one snapping into place at a time. */
function Strip({ images, productName }: Props) {
  return (
    <ul className="gallery__strip" aria-label={`Photographs of ${productName}`}>
      {images.map((image, i) => (
        <li key={image.src} className="gallery__slide">
          <ProductImage
            image={image}
            name={productName}
            sizes={stripSizes}
            priority={i === 0}
            drawnAt={phones}
          />
        </li>
      ))}
    </ul>
  );
}

export function Gallery({ images, productName }: Props) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const hydrated = useHydrated();
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

  const main = (
    <ProductImage
      key={current?.src}
      image={current}
      name={productName}
      sizes={mainSizes}
      priority
      drawnAt={wide}
    />
  );
  return (
    <div className="gallery">
      <Strip images={images} productName={productName} />
      <div className="gallery__main">
        {hydrated ? (
          <button
            type="button"
            className="product-card__image-button gallery__zoom"
            aria-label="Zoom image"
            onClick={() => setZoomed(true)}
          >
            {main}
            <span className="gallery__zoom-icon" aria-hidden="true">
              <LineIcon size={20} box={20}>
                <circle cx="8.5" cy="8.5" r="5.5" />
                <path d="M12.5 12.5 17 17M8.5 6v5M6 8.5h5" />
              </LineIcon>
            </span>
          </button>
        ) : (
          main
        )}
        {several && hydrated && (
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
              {hydrated ? (
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-label={`Show image ${i + 1} of ${count}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => setIndex(i)}
                >
                  <ProductImage image={image} name={productName} sizes="96px" />
                </button>
              ) : (
                <span className="gallery__thumb gallery__thumb--still">
                  <ProductImage image={image} name={productName} sizes="96px" />
                </span>
              )}
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
