// True once the page has loaded and then `delayMs` has passed: for pictures the shopper cannot
// see yet, so they never compete with what is on screen for bandwidth or the first paint.
import { useEffect, useState } from "react";

export function useAfterLoad(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setReady(true), delayMs);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      clearTimeout(timer);
    };
  }, [delayMs]);
  return ready;
}
