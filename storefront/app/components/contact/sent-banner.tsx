import { useEffect, useRef, useState } from "react";

/** How long the thank-you banner stays (PRODUCT §2, contact). */
export const sentBannerMs = 5000;

/**
 * The thank-you banner after a message is stored. The live region is always present so the
 * message is announced when it appears; each new success shows it for another five seconds.
 */
export function SentBanner({ successCount }: { successCount: number }) {
  const [hiddenAfter, setHiddenAfter] = useState(0);
  const visible = successCount > hiddenAfter;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (successCount === 0) return;
    // The shopper is at the bottom of the form; the thanks appear above it.
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    ref.current?.scrollIntoView?.({ block: "nearest", behavior: still ? "auto" : "smooth" });
    const timer = setTimeout(() => setHiddenAfter(successCount), sentBannerMs);
    return () => clearTimeout(timer);
  }, [successCount]);

  return (
    <div ref={ref} role="status" aria-live="polite" className="contact-sent">
      {visible && (
        <p className="alert alert--success">Thank you for your message! We&apos;ll get back to you soon.</p>
      )}
    </div>
  );
}
