import { Link } from "react-router";
import { loginHref } from "~/lib/models/sign-in-return";

/** Told to shoppers who are not signed in: their wishlist lives in this browser until they do. */
export function GuestWishlistNote() {
  return (
    <p className="guest-note">
      <span>Saved in this browser.</span>{" "}
      <Link to={loginHref("/wishlist")}>Sign in to keep your wishlist on every device</Link>
    </p>
  );
}
