import { Link } from "react-router";

/** The 404 page, shown for unknown URLs and for routes that find nothing. */
export function NotFound() {
  return (
    <section className="page page--narrow message-page">
      <title>Page not found | Atelier London</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you were looking for has moved or no longer exists.</p>
      <p className="message-page__actions">
        <Link className="button button--primary" to="/shop">
          Shop All Products
        </Link>
        <Link className="button button--ghost" to="/">
          Return Home
        </Link>
      </p>
    </section>
  );
}
