// A CSS media query as React state. The server cannot know the answer, so it renders with
// `serverValue` and the browser corrects it right after hydration (useSyncExternalStore keeps the
// first client render identical to the server's).
import { useCallback, useSyncExternalStore } from "react";

export const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function canQuery(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function";
}

export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canQuery()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (canQuery() ? window.matchMedia(query).matches : serverValue),
    () => serverValue,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(reducedMotionQuery);
}
