// The home page's hero: three slides (Luxury Beauty and the two brand collections) that cross-fade
// every six seconds, each a wide editorial still life beside its words. Only the current slide is
// exposed to assistive technology and the keyboard.
import { useState } from "react";
import { Link } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { PlayPauseToggle, RotationDots } from "~/components/ui/rotation-controls";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { useRotation } from "~/lib/hooks/use-rotation";
import type { ImageView } from "~/lib/models/catalog";
import type { HeroSlide } from "./home-data";
import { useAfterLoad } from "./use-after-load";

export const heroIntervalMs = 6000;
/** The hidden slides' pictures load this long after the page, well before the first turn. */
const hiddenPicturesDelayMs = 2000;

export function HeroSlider({ slides }: { slides: readonly HeroSlide[] }) {
  const rotation = useRotation({ count: slides.length, intervalMs: heroIntervalMs });
  const hiddenPicturesWanted = useAfterLoad(hiddenPicturesDelayMs);
  // The dots and the pause button need JavaScript (without it the first slide simply stays):
  // until the page is live they keep their place, so nothing moves, but are neither shown nor
  // reachable — never a dead control.
  const live = useHydrated();
  // Once the slideshow has turned, each arriving slide's words rise into place (not on first paint).
  const [turned, setTurned] = useState(false);
  if (!turned && rotation.index !== 0) setTurned(true);
  return (
    <section
      className={turned ? "hero hero--turned" : "hero"}
      aria-roledescription="carousel"
      aria-label="Highlights"
      {...rotation.holdHandlers}
    >
      {/* Announce slide changes only when the shopper causes them, not on every automatic turn. */}
      <div className="hero__slides" aria-live={rotation.advancing ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <HeroSlideView
            key={slide.id}
            slide={slide}
            position={i + 1}
            total={slides.length}
            current={i === rotation.index}
            // The first slide's picture is the largest paint; the others, hidden for six seconds, wait.
            showPictures={i === 0 || i === rotation.index || hiddenPicturesWanted}
          />
        ))}
      </div>
      {slides.length > 1 && (
        <div className={`hero__controls${live ? "" : " hero__controls--waiting"}`}>
          <RotationDots
            rotation={rotation}
            count={slides.length}
            label="Choose a slide"
            labelFor={(i) => `Show slide ${i + 1}: ${slides[i]?.title ?? ""}`}
          />
          <PlayPauseToggle rotation={rotation} subject="slideshow" />
        </div>
      )}
    </section>
  );
}

type SlideProps = {
  slide: HeroSlide;
  position: number;
  total: number;
  current: boolean;
  showPictures: boolean;
};

function HeroSlideView({ slide, position, total, current, showPictures }: SlideProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a slide of the WAI-ARIA carousel pattern, not a set of form controls (<fieldset>).
    <div
      className={`hero-slide hero-slide--${position}${current ? " hero-slide--current" : ""}`}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${total}`}
      aria-hidden={current ? undefined : true}
      inert={!current}
    >
      <div className="hero-slide__inner">
        <div className="hero-slide__text">
          <p className="eyebrow">{slide.eyebrow}</p>
          <h2 className="hero-slide__title">{slide.title}</h2>
          <p className="hero-slide__lead">{slide.text}</p>
          <Link to={slide.cta.href} className="button button--primary">
            {slide.cta.label}
          </Link>
        </div>
        <HeroMedia picture={slide.picture} priority={position === 1} showPictures={showPictures} />
      </div>
    </div>
  );
}

/** Beside the words from 900 px (the media column bleeds to the window's right edge), full width below. */
const heroSizes = "(max-width: 899px) 100vw, 58vw";

type MediaProps = {
  picture: ImageView | null;
  priority: boolean;
  /** False: keep the picture's place (same size, so nothing moves) without loading it yet. */
  showPictures: boolean;
};

function HeroMedia({ picture, priority, showPictures }: MediaProps) {
  if (!picture) {
    return (
      <div className="hero-media hero-media--empty" aria-hidden="true">
        <span>Atelier</span>
      </div>
    );
  }
  return (
    <div className="hero-media">
      {showPictures ? (
        <ProductImage
          image={picture}
          name={picture.alt}
          sizes={heroSizes}
          priority={priority}
          className="hero-media__image"
        />
      ) : (
        <div className="hero-media__pending" />
      )}
    </div>
  );
}
