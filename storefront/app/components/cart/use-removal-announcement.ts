import { type RefObject, useEffect, useRef } from "react";
import { useToast } from "~/components/ui/toast";
import type { CartLineView } from "~/lib/models/cart";

/**
 * When lines leave the cart, says so and, if focus went with the removed row's button, puts it
 * back on the page heading so keyboard and screen-reader users are not dropped at the top of the
 * document.
 */
export function useRemovalAnnouncement(lines: CartLineView[], focusTarget: RefObject<HTMLElement | null>) {
  const { show } = useToast();
  const previous = useRef(lines);

  useEffect(() => {
    const kept = new Set(lines.map((l) => l.product.id));
    const removed = previous.current.filter((l) => !kept.has(l.product.id));
    previous.current = lines;
    const [first] = removed;
    if (!first) return;
    show(
      removed.length === 1
        ? `${first.product.name} removed from your cart`
        : `${removed.length} items removed from your cart`,
    );
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) focusTarget.current?.focus();
  }, [lines, show, focusTarget]);
}
