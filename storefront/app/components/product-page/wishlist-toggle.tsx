// Save a product for later, or take it off the wishlist. A real form posting to the wishlist
// action, so it works before JavaScript loads (the page comes back with the new state); once
// hydrated it submits with a fetcher — no page jump — shows the new state at once, and announces
// the outcome through the shop's polite toasts.
import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { WishlistActionResult } from "~/lib/models/wishlist";

type Props = {
  productId: string;
  productName: string;
  /** Whether the product is in the shopper's wishlist, as the page was loaded. */
  saved: boolean;
};

export function WishlistToggle({ productId, productName, saved }: Props) {
  const fetcher = useFetcher<WishlistActionResult>();
  const hydrated = useHydrated();
  const location = useLocation();
  const { show } = useToast();
  // The state the server last confirmed: the loader's, then each successful toggle's answer (the
  // product is not reloaded after a toggle).
  const [confirmed, setConfirmed] = useState(saved);
  const [loaded, setLoaded] = useState(saved);
  if (saved !== loaded) {
    setLoaded(saved);
    setConfirmed(saved);
  }
  // A toggle's answer is taken in the same render the fetcher goes idle in: set in an effect, the
  // button would show the old state for one frame between the pending and the confirmed one.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data.ok) setConfirmed(fetcher.data.saved);
  }
  // While a toggle is on its way, show what it asks for.
  const pending = fetcher.formData?.get("intent");
  const on = pending === "add" ? true : pending === "remove" ? false : confirmed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per result (fetcher.data is new per submission), not when the name or toast change.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      show(
        result.saved ? `${productName} added to your wishlist` : `${productName} removed from your wishlist`,
      );
    } else {
      show(result.error, "error");
    }
    // Each result is announced once: fetcher.data changes identity per submission.
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form method="post" action="/wishlist" className="wishlist-toggle">
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      {/* Without JavaScript the shopper comes back to this page, showing the new state. */}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="enhanced" value="1" />}
      <button type="submit" className="wishlist-toggle__button" aria-pressed={on}>
        <LineIcon className="wishlist-toggle__icon" size={20} fill={on ? "currentColor" : "none"}>
          <path
            d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1Z"
            strokeLinejoin="round"
          />
        </LineIcon>
        {/* One name whatever the state: aria-pressed says whether it is saved (a name that
            changed with the state would announce it twice, "Remove from wishlist, pressed"). */}
        <span>Wishlist</span>
      </button>
    </fetcher.Form>
  );
}
