// The five most expensive products, three at a time (one on phones), turning every five seconds.
// Before JavaScript loads it is a plain row that scrolls sideways, so every card stays reachable.

import { useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { ProductCard } from "~/components/ui/product-card";
import { QuickViewDialog } from "~/components/ui/quick-view-dialog";
import { PlayPauseToggle, RotationDots } from "~/components/ui/rotation-controls";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { useMediaQuery } from "~/lib/hooks/use-media-query";
import { useRotation } from "~/lib/hooks/use-rotation";
import type { ProductSummary } from "~/lib/models/catalog";
import { isInView, positionCount, positionLabel, visibleCount, wideViewportQuery } from "./carousel";

export const carouselIntervalMs = 5000;

type Props = {
  products: readonly ProductSummary[];
  /** Id of the heading that names the carousel. */
  labelledBy: string;
};

export function FeaturedCarousel({ products, labelledBy }: Props) {
  const hydrated = useHydrated();
  const [quickView, setQuickView] = useState<ProductSummary | null>(null);
  const visible = visibleCount(useMediaQuery(wideViewportQuery, true));
  const stops = positionCount(products.length, visible);
  const rotation = useRotation({ count: stops, intervalMs: carouselIntervalMs });
  const offset = (rotation.index * 100) / visible;

  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern; a <section> would add a landmark with the same name as its heading's section.
    <div
      className={`carousel${hydrated ? " carousel--enhanced" : ""}`}
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      {...rotation.holdHandlers}
    >
      <div className="carousel__viewport">
        <div
          className="carousel__track"
          style={hydrated ? { transform: `translateX(-${offset}%)` } : undefined}
          aria-live={rotation.advancing ? "off" : "polite"}
        >
          {products.map((p, i) => {
            const shown = !hydrated || isInView(i, rotation.index, visible);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a slide of the WAI-ARIA carousel pattern, not a set of form controls (<fieldset>).
              <div
                key={p.id}
                className="carousel__item"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${products.length}`}
                aria-hidden={shown ? undefined : true}
                inert={!shown}
              >
                <ProductCard product={p} onQuickView={setQuickView} />
              </div>
            );
          })}
        </div>
      </div>
      {stops > 1 && (
        <div className="carousel__controls">
          <ArrowButton direction="previous" onClick={rotation.previous} />
          <RotationDots
            rotation={rotation}
            count={stops}
            label="Choose products to show"
            labelFor={(i) => positionLabel(i, visible)}
          />
          <ArrowButton direction="next" onClick={rotation.next} />
          <PlayPauseToggle rotation={rotation} subject="carousel" />
        </div>
      )}
      {/* Inside the carousel, so it holds still while a product is looked at. */}
      <QuickViewDialog product={quickView} onClose={() => setQuickView(null)} />
    </div>
  );
}

const arrowPaths = { previous: "m15 5-7 7 7 7", next: "m9 5 7 7-7 7" };

function ArrowButton({ direction, onClick }: { direction: "previous" | "next"; onClick: () => void }) {
  return (
    <button type="button" className="rotation-button carousel__arrow" onClick={onClick}>
      <LineIcon size={18}>
        <path d={arrowPaths[direction]} />
      </LineIcon>
      <span className="visually-hidden">
        {direction === "previous" ? "Previous products" : "Next products"}
      </span>
    </button>
  );
}
