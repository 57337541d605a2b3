// Dot navigation and the play/pause toggle shared by the home slider and the classic carousel.
import type { Rotation } from "~/lib/hooks/use-rotation";
import "./rotation.css";

type DotsProps = {
  rotation: Pick<Rotation, "index" | "goTo">;
  count: number;
  /** Accessible name of each dot, e.g. "Show slide 2: Verdant & Co". */
  labelFor: (index: number) => string;
  /** Names the group of dots for screen readers. */
  label: string;
};

export function RotationDots({ rotation, count, labelFor, label }: DotsProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the dots are buttons, not form controls (<fieldset>); the group names them.
    <div className="rotation-dots" role="group" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position; the list never reorders.
          key={i}
          type="button"
          className="rotation-dots__dot"
          aria-label={labelFor(i)}
          aria-current={i === rotation.index ? "true" : undefined}
          onClick={() => rotation.goTo(i)}
        >
          <span aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

type ToggleProps = {
  rotation: Pick<Rotation, "playing" | "togglePlaying">;
  /** What rotates, in the button's name: "Pause slideshow". */
  subject: string;
};

export function PlayPauseToggle({ rotation, subject }: ToggleProps) {
  const label = `${rotation.playing ? "Pause" : "Play"} ${subject}`;
  return (
    <button type="button" className="rotation-button" onClick={rotation.togglePlaying}>
      {rotation.playing ? (
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
          <rect x="2.5" y="1.5" width="3" height="11" />
          <rect x="8.5" y="1.5" width="3" height="11" />
        </svg>
      ) : (
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
          <path d="M3 1.5v11l9-5.5z" />
        </svg>
      )}
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
