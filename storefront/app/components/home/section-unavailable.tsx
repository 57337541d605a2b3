import { Link } from "react-router";

/**
 * Stands in for a section whose data the API could not give, so the rest of the page still
 * renders and the shopper has somewhere to go.
 */
export function SectionUnavailable({ subject }: { subject: string }) {
  return (
    <p className="alert section-unavailable">
      {subject} cannot be shown just now. Please try again in a moment, or{" "}
      <Link to="/shop">browse the shop</Link>.
    </p>
  );
}
