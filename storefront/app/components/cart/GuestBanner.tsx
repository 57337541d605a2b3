import { Link } from "react-router";

/** Offered to shoppers who are not signed in: their cart follows them once they are. */
export function GuestBanner() {
  return (
    <p className="cart-guest">
      <span>Have an account?</span>{" "}
      <Link to="/login">Sign in for a faster checkout</Link>
    </p>
  );
}
