// The state behind an auto-advancing slideshow: the current position, play/pause, and a hold
// while the pointer rests on it or keyboard focus is inside it (WAI-ARIA APG carousel). Shoppers
// who prefer reduced motion start paused; they may still press Play themselves.
import { type FocusEvent, useEffect, useState } from "react";
import { usePrefersReducedMotion } from "./use-media-query";

type Options = {
  /** Number of positions to rotate through. */
  count: number;
  intervalMs: number;
};

export type Rotation = {
  index: number;
  /** The shopper's play/pause state (what the toggle shows). */
  playing: boolean;
  /** Whether the timer is actually running (playing and not held). */
  advancing: boolean;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  togglePlaying: () => void;
  /** Spread on the carousel's container. */
  holdHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (e: FocusEvent<HTMLElement>) => void;
  };
};

export function useRotation({ count, intervalMs }: Options): Rotation {
  const reducedMotion = usePrefersReducedMotion();
  const [requested, setRequested] = useState(0);
  const [choice, setChoice] = useState<"playing" | "paused" | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const last = Math.max(0, count - 1);
  // The number of positions can shrink (e.g. a wider screen shows more cards at once).
  const index = Math.min(requested, last);
  const playing = choice ? choice === "playing" : !reducedMotion;
  const advancing = playing && !hovered && !focused && count > 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer after every move, so a slide chosen by hand gets its full time.
  useEffect(() => {
    if (!advancing) return;
    const timer = setTimeout(() => setRequested((i) => (Math.min(i, last) + 1) % (last + 1)), intervalMs);
    return () => clearTimeout(timer);
  }, [advancing, index, last, intervalMs]);

  const goTo = (i: number) => setRequested(((i % (last + 1)) + last + 1) % (last + 1));

  return {
    index,
    playing,
    advancing,
    goTo,
    next: () => goTo(index + 1),
    previous: () => goTo(index - 1),
    togglePlaying: () => {
      setChoice(playing ? "paused" : "playing");
      // Pressing Play means "rotate now", even though the pointer and focus are on the toggle.
      setHovered(false);
      setFocused(false);
    },
    holdHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
