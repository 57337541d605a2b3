// The header of the focused checkout: the brand and a way back to the cart, nothing else. No
// navigation, search or footer to lead the shopper away while they pay (root.tsx draws this in place
// of the site's header and footer for routes whose handle asks for the focused layout).
import { Link } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";

/** A route's `handle` that asks root.tsx for the focused layout. */
export const focusedLayout = { layout: "focused" } as const;

export function isFocusedLayout(handle: unknown): boolean {
  return (
    typeof handle === "object" && handle !== null && (handle as { layout?: unknown }).layout === "focused"
  );
}

export function CheckoutHeader() {
  return (
    <header className="checkout-header">
      <div className="checkout-header__bar">
        <Link to="/cart" className="checkout-header__back">
          <LineIcon size={16} box={16} strokeWidth={1.2}>
            <path d="M10 3 5 8l5 5" />
          </LineIcon>
          Back to cart
        </Link>
        <Link to="/" className="brand checkout-header__brand" aria-label="Atelier London, home">
          Atelier <span>London</span>
        </Link>
        <p className="checkout-header__secure">
          <LineIcon size={14} box={16} strokeWidth={1.2}>
            <rect x="3" y="7" width="10" height="8" rx="1" />
            <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
          </LineIcon>
          <span>Secure checkout</span>
        </p>
      </div>
    </header>
  );
}
