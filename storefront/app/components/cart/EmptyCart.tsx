import { Link } from "react-router";

/** What an empty cart shows instead of the table. */
export function EmptyCart() {
  return (
    <div className="cart-empty">
      <h2 className="cart-empty__heading">Your cart is empty</h2>
      <p className="muted">Discover our collections of considered, luxurious skincare.</p>
      <Link to="/shop" className="button button--primary">
        Shop Now
      </Link>
    </div>
  );
}
