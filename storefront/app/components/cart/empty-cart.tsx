import { Link } from "react-router";

/** What an empty cart shows instead of the table. */
export function EmptyCart() {
  return (
    <div className="empty-state">
      <h2 className="empty-state__heading">Your cart is empty</h2>
      <p className="muted">Discover our collections of considered, luxurious skincare.</p>
      <Link to="/shop" className="button button--primary">
        Shop Now
      </Link>
    </div>
  );
}
