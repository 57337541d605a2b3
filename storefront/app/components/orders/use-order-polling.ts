// While an order waits for its payment to be confirmed (the payment provider tells the shop by
// webhook, usually within a second or two), the page asks again every couple of seconds — all its
// loaders, so the header's cart badge follows once the paid lines leave the cart — and stops after
// a while rather than polling forever.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export const pollIntervalMs = 2_000;
/** About a minute of checking. */
export const maxPolls = 30;

/** Whether the page gave up checking (the status is still pending after maxPolls tries). */
export function useOrderPolling(pending: boolean): { gaveUp: boolean } {
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const idle = revalidator.state === "idle";
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!pending || !idle || polls >= maxPolls) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidate.current();
    }, pollIntervalMs);
    return () => clearTimeout(timer);
  }, [pending, idle, polls]);

  return { gaveUp: pending && polls >= maxPolls && idle };
}
