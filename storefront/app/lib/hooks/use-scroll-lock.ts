// Keeps the page behind an open overlay (the phone menu, a full-screen picture) from scrolling.
// The root element is the one locked, so any overlay restores exactly what it found.
import { useEffect } from "react";

export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, [active]);
}
