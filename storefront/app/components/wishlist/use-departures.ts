import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useToast } from "~/components/ui/toast";
import type { ProductSummary } from "~/lib/models/catalog";
import type { WishlistIntent } from "~/lib/models/wishlist";

/**
 * When products leave the wishlist, says what happened to them (moved to the cart, or removed)
 * and, if focus went with the departed item's button, puts it back on the page heading so
 * keyboard and screen-reader users are not dropped at the top of the document. Returns the
 * callback items report their submissions to.
 */
export function useDepartures(products: ProductSummary[], focusTarget: RefObject<HTMLElement | null>) {
  const { show } = useToast();
  const previous = useRef(products);
  const asked = useRef(new Map<string, WishlistIntent>());

  useEffect(() => {
    const kept = new Set(products.map((p) => p.id));
    const gone = previous.current.filter((p) => !kept.has(p.id));
    previous.current = products;
    if (gone.length === 0) return;
    for (const p of gone) {
      show(
        asked.current.get(p.id) === "move"
          ? `${p.name} moved to your cart`
          : `${p.name} removed from your wishlist`,
      );
      asked.current.delete(p.id);
    }
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) focusTarget.current?.focus();
  }, [products, show, focusTarget]);

  return useCallback((productId: string, intent: WishlistIntent) => {
    asked.current.set(productId, intent);
  }, []);
}
