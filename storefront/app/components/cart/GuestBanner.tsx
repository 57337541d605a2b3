import { Link } from "react-router";
import { loginHref } from "~/lib/auth";

/** Offered to shoppers who are not signed in: their cart follows them once they are. */
export function GuestBanner() {
  return (
    <p className="cart-guest">
      <span>Have an account?</span>{" "}
      <Link to={loginHref("/cart")}>Sign in for a faster checkout</Link>
    </p>
  );
}
