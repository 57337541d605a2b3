import { ButtonLinks } from "~/components/ui/button-links";

/** The 404 page, shown for unknown URLs and for routes that find nothing. */
export function NotFound() {
  return (
    <section className="page page--narrow message-page">
      <title>Page not found | Atelier London</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you were looking for has moved or no longer exists.</p>
      <ButtonLinks
        className="message-page__actions"
        primary={{ to: "/shop", label: "Shop All Products" }}
        secondary={{ to: "/", label: "Return Home" }}
      />
    </section>
  );
}
