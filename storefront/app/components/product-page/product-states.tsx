// What the product page shows instead of a product: while the next one loads, when it does not
// exist, and when it could not be fetched.
import { Link } from "react-router";
import { ButtonLinks } from "~/components/ui/button-links";

export function ProductSkeleton() {
  return (
    <div className="product-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div className="product-page__top" aria-hidden="true">
        <div className="skeleton skeleton--image" />
        <div>
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--medium" />
          <div className="skeleton skeleton--button" />
        </div>
      </div>
    </div>
  );
}

export function ProductNotFound() {
  return (
    <section className="page page--narrow message-page">
      <p className="eyebrow">404</p>
      <h1>Product not found.</h1>
      <p>This product may have sold out for good or moved. Our full collection is waiting in the shop.</p>
      <p className="message-page__actions">
        <Link className="button button--primary" to="/shop">
          Return to Shop
        </Link>
      </p>
    </section>
  );
}

export function ProductUnavailable({ retryHref }: { retryHref: string }) {
  return (
    <section className="page page--narrow message-page">
      <h1>We could not load this product</h1>
      <p role="alert">Failed to fetch product. Please try again later.</p>
      <ButtonLinks
        className="message-page__actions"
        primary={{ to: retryHref, label: "Try Again", reloadDocument: true }}
        secondary={{ to: "/shop", label: "Return to Shop" }}
      />
    </section>
  );
}
