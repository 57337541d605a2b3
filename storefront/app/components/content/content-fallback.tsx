import { Link } from "react-router";

/** Shown in place of a page the shop has not published yet. */
export function ContentFallback({ name }: { name: string }) {
  return (
    <div className="prose content-fallback">
      <p>
        The full text of our {name} is being updated and will be back here shortly. If you have any questions
        in the meantime, please <Link to="/contact">contact us</Link> and our team will be glad to help.
      </p>
    </div>
  );
}
