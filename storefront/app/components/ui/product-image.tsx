// A product picture: a <picture> offering AVIF and WebP renditions ahead of the JPEG <img> (only
// the formats the image has), responsive renditions of each, the largest JPEG's width and height
// (no layout shift), lazy below the fold, and a calm placeholder when there is no image or it fails
// to load; the page's most important picture (`priority`) is preloaded from the head. The
// <picture> box is `display: contents`, so the <img> lays out as it would alone.
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import type { ImageView } from "~/lib/models/catalog";

type Props = {
  image: ImageView | undefined;
  /** Used as alt text when the image has none, and on the placeholder. */
  name: string;
  /** `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /**
   * A media query for the viewports where the picture is drawn, when a layout hides it (display:
   * none) everywhere else. There the picture is never asked for: its preload carries the query,
   * and the <img> waits to be seen (loading="lazy"; the preload has fetched it where it shows).
   */
  drawnAt?: string;
  className?: string;
};

export function ProductImage({ image, name, sizes, priority = false, drawnAt, className = "" }: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src is a new image to check.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [image?.src]);

  // A picture's <img> is found only when the parser reaches it, deep in the body, and the browser
  // cannot preload it by itself (which <source> wins is known only then). The page's largest
  // picture is asked for from the head instead, in the first format offered: browsers that
  // cannot show that type skip the hint, and load the picture as before.
  const first = image?.sources[0];
  if (priority && image && first) {
    preload(image.src, {
      as: "image",
      type: first.type,
      imageSrcSet: first.srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
      media: drawnAt,
    });
  }

  if (!image || failed) {
    return (
      <div
        className={`product-image product-image--placeholder ${className}`}
        role="img"
        aria-label={`${name}: image unavailable`}
      >
        <span aria-hidden="true">Atelier</span>
      </div>
    );
  }
  return (
    <picture className="product-picture">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: onError is the image failing to load, not a user interaction. */}
      <img
        ref={ref}
        className={`product-image ${className}`}
        src={image.src}
        srcSet={image.srcSet || undefined}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt || name}
        loading={priority && !drawnAt ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
