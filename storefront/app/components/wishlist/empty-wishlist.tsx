import { Link } from "react-router";

/** What an empty wishlist shows instead of the list. */
export function EmptyWishlist() {
  return (
    <div className="empty-state">
      <h2 className="empty-state__heading">Your wishlist is empty</h2>
      <p className="muted">
        Save the pieces you love with the heart on any product page, and find them here whenever you return.
      </p>
      <Link to="/shop" className="button button--primary">
        Explore the Shop
      </Link>
    </div>
  );
}
