// Add to Cart everywhere it appears. It is a real form posting to the cart action, so it works
// before JavaScript loads (the shopper lands on the cart); once hydrated it submits in the
// background and confirms with a toast.
import { type ReactNode, useEffect } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { CartActionResult } from "~/lib/models/cart";

type Props = {
  productId: string;
  productName: string;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
  /** Called after a successful enhanced add (e.g. to close a dialog). */
  onAdded?: () => void;
};

export function AddToCartForm({
  productId,
  productName,
  disabled,
  className = "",
  children,
  onAdded,
}: Props) {
  const fetcher = useFetcher<CartActionResult>();
  const hydrated = useHydrated();
  const { show } = useToast();
  const busy = fetcher.state !== "idle";

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per result (fetcher.data is new per submission), not when the props or toast change.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      show(`${result.productName ?? productName} added to cart`);
      onAdded?.();
    } else {
      show(result.error, "error");
    }
    // Each result is announced once: fetcher.data changes identity per submission.
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form method="post" action="/cart" className={`add-to-cart ${className}`}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {hydrated && <input type="hidden" name="enhanced" value="1" />}
      {/* One unit, unless a quantity control is passed as children. */}
      {children ?? <input type="hidden" name="quantity" value="1" />}
      <button
        type="submit"
        className="button button--primary"
        disabled={disabled || busy}
        aria-label={disabled ? `${productName} is out of stock` : undefined}
      >
        {disabled ? "Out of Stock" : busy ? "Adding…" : "Add to Cart"}
      </button>
    </fetcher.Form>
  );
}
