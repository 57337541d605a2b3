import { Link } from "react-router";
import { loginHref } from "~/lib/models/sign-in-return";

/**
 * Offered to shoppers who are not signed in: their cart follows them once they are, and they come
 * back to `returnTo` (the cart, or checkout).
 */
export function GuestBanner({ returnTo = "/cart" }: { returnTo?: string }) {
  return (
    <p className="guest-note">
      <span>Have an account?</span> <Link to={loginHref(returnTo)}>Sign in for a faster checkout</Link>
    </p>
  );
}
